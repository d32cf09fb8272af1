import CFuzzer
import Foundation
import SleepBoxAudio
import SleepBoxContent
import SleepBoxSystem

/// The bundled library (`Fuzz/run.sh` runs in `Fuzz/`), whose ambient items a fuzzed mix layers.
private let library = ContentLibrary.load(bundled: "../content")

/// A mix (`mixes/<id>.toml`) from any bytes: parsed, its layers found in the bundled library as
/// the library finds them, then a tenth of a second of it rendered as the engine plays it, on the
/// item bus with the alarm ringing. It parses with at most six layers, no sound twice and every
/// level in range, or is refused with at least one issue; what plays is finite and within full
/// scale, and the alarm is heard through it; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMix(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard let text = try? ContentText.decode(bytes, path: "mixes/mix-fuzz.toml") else { return 0 }
    var mix: MixItem
    do {
        mix = try MixParser.parse(text: text, path: "mixes/mix-fuzz.toml")
    } catch {
        precondition(!error.issues.isEmpty, "a mix was refused without a reason")
        return 0
    }
    precondition(mix.layers.count <= MixItem.maximumLayers, "more than \(MixItem.maximumLayers) layers were taken")
    precondition(Set(mix.layers.map(\.sound)).count == mix.layers.count, "a sound was taken twice")
    precondition(mix.layers.allSatisfy { MixItem.levelRange.contains($0.levelDB) }, "a layer's level out of range was taken")
    precondition(mix.length > 0 && mix.length <= DurationText.maximumSeconds, "a length out of range was taken")
    for index in mix.layers.indices {
        guard let entry = library.entry(mix.layers[index].sound) else { continue }
        switch entry.body {
        case .generator(let generator): mix.layers[index].resolved = .generator(generator)
        case .audio(let item, let isPresent) where isPresent: mix.layers[index].resolved = .recording(path: item.audioPath)
        default: continue
        }
    }
    let frames = 4_800
    let mixer = Mixer(format: .engine, maxBlockFrames: 1_024, volumePercent: 100)
    mixer.setSource(MixSource(item: mix, seed: 1), on: .item, gain: 1)
    mixer.setSource(ClipSource(samples: (0..<frames).map { Float(0.3 * sin(Double($0) * 0.115)) }, sampleRate: 48_000),
                    on: .alarm, gain: 1)
    let out = UnsafeMutablePointer<Float>.allocate(capacity: 2 * frames)
    defer { out.deallocate() }
    _ = mixer.render(into: out, frames: frames)
    var energy = 0.0
    for i in 0..<(2 * frames) {
        precondition(out[i].isFinite && abs(out[i]) <= 1, "the mix rendered \(out[i])")
        energy += Double(out[i]) * Double(out[i])
    }
    precondition(energy > 0, "the alarm was silenced")
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzMix_main")
public func fuzzMixMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzMix(data, size)
    }
}
