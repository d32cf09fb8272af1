import CFuzzer
import Logging
import SleepBoxCore
import SleepBoxRunner
import SleepBoxSimulator
import SleepBoxSystem

/// Items the box may play while a fuzzed script runs.
private let catalog = Catalog(items: [
    ContentItem(id: "med-body-scan", title: "Body Scan", kind: .meditation, duration: 14 * 60),
    ContentItem(id: "breath-478", title: "4-7-8 Breathing", kind: .breathing, duration: 4 * 60),
    ContentItem(id: "poem-night", title: "Night", kind: .poem, duration: 110),
])

/// The longest run simulated per input: longer scripts are only parsed, so that each input stays
/// quick (a virtual night wakes the box every minute for its clock).
private let longestRun = 2.0 * 3600

/// A simulator script (JSON lines) from any bytes: it is refused with its line, or it holds only
/// values in range and, when short, runs on the simulator with a trace; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimulatorScript(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard let text = try? TextFile.text(of: bytes, path: "night.jsonl") else { return 0 }
    let script: SimulatorScript
    do {
        script = try SimulatorScript.parse(text: text, path: "night.jsonl")
    } catch {
        precondition(error.line != nil && !error.message.isEmpty, "a script was refused without its line")
        return 0
    }
    var previous = 0.0
    for step in script.steps {
        precondition(step.at >= previous && step.at <= 744 * 3600, "\"at\" \(step.at) out of order or range")
        previous = step.at
        switch step.action {
        case .hold(_, let seconds): precondition(seconds > 0 && seconds <= 60, "a hold of \(seconds) s was taken")
        case .turn(let n): precondition(n != 0 && n.magnitude <= 100, "a turn of \(n) was taken")
        default: break
        }
    }
    guard previous <= longestRun else { return 0 }
    var lines = 0
    let trace = TraceRecorder { _ in lines += 1 }
    let sim = Simulator(config: BoxConfig(alarm: AlarmSettings(hour: 6, minute: 45)), catalog: catalog,
                        startWall: 1_795_383_000, seed: 1, store: nil, trace: trace, frames: nil,
                        logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
    ScriptRunner(script: script).run(on: sim)
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzSimulatorScript_main")
public func fuzzSimulatorScriptMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzSimulatorScript(data, size)
    }
}
