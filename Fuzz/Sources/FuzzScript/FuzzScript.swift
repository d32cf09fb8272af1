import CFuzzer
import SleepBoxContent

/// A spoken script (`<id>.txt`) from any bytes: it parses or it throws, never traps; what parses
/// is also read as a timeline segment's text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    do {
        let script = try ScriptParser.parse(bytes: bytes, path: "fuzz.txt")
        let text = script.parts.compactMap(\.text).joined(separator: " ")
        _ = ScriptParser.parseSpokenText(text, path: "fuzz.timeline.toml", line: 1)
    } catch {
        precondition(!error.issues.isEmpty, "a script was refused without a reason")
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzScript_main")
public func fuzzScriptMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzScript(data, size)
    }
}
