import CFuzzer
import SleepBoxContent
import SleepBoxSystem

/// A sound item's file from any bytes, read as an ambient generator (`ambient/<id>.toml`,
/// `tones/<id>.toml`) and as a mix (`mixes/<id>.toml`): each parses or throws with at least one
/// reason, never traps; what parses holds only values in range (a level, at most six layers, a
/// length of at most a day).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentItem(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard let text = try? ContentText.decode(bytes, path: "fuzz.toml") else { return 0 }
    do {
        let item = try AmbientParser.parse(text: text, path: "ambient/fuzz.toml")
        precondition(GeneratorItem.levelRange.contains(item.levelDB), "a level out of range was taken")
        precondition(item.length > 0 && item.length <= DurationText.maximumSeconds, "a length out of range was taken")
    } catch {
        precondition(!error.issues.isEmpty, "an ambient item was refused without a reason")
    }
    do {
        let mix = try MixParser.parse(text: text, path: "mixes/fuzz.toml")
        precondition(mix.layers.count <= MixItem.maximumLayers, "more than \(MixItem.maximumLayers) layers were taken")
        precondition(mix.layers.allSatisfy { MixItem.levelRange.contains($0.levelDB) }, "a layer's level out of range was taken")
        precondition(mix.length > 0 && mix.length <= DurationText.maximumSeconds, "a length out of range was taken")
    } catch {
        precondition(!error.issues.isEmpty, "a mix was refused without a reason")
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzContentItem_main")
public func fuzzContentItemMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzContentItem(data, size)
    }
}
