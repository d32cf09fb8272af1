import CFuzzer
import SleepBoxContent

/// A guided timeline (`<id>.timeline.toml`) from any bytes: it parses or it throws, never traps;
/// what parses is laid out (speech lengths estimated) as `content check` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimeline(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    do {
        let text = try ContentText.decode(bytes, path: "fuzz.timeline.toml")
        let timeline = try TimelineParser.parse(text: text, path: "fuzz.timeline.toml")
        _ = ContentLibrary.layoutIssues(of: timeline)
    } catch {
        precondition(!error.issues.isEmpty, "a timeline was refused without a reason")
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzTimeline_main")
public func fuzzTimelineMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzTimeline(data, size)
    }
}
