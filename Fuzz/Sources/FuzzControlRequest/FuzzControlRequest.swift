import CFuzzer
import Foundation
import Logging
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxSimulator
import SleepBoxSystem

/// Items the box may play while fuzzed requests drive it.
private let catalog = Catalog(items: [
    ContentItem(id: "med-body-scan", title: "Body Scan", kind: .meditation, duration: 14 * 60),
    ContentItem(id: "poem-night", title: "Night", kind: .poem, duration: 110),
])

/// One box for the whole run, as the daemon has: requests pile up on it as they would over a
/// night of clients. libFuzzer calls the target from one thread.
nonisolated(unsafe) private let sim: Simulator = {
    let sim = Simulator(config: BoxConfig(alarm: AlarmSettings(hour: 6, minute: 45)), catalog: catalog,
                        startWall: 1_795_383_000, seed: 1, store: nil, trace: nil, frames: nil,
                        logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
    sim.start()
    return sim
}()

/// Control socket lines from any bytes (each input may hold several): each is refused with an
/// error or carried out by the box, and answered with one JSON object; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let control = ControlProtocol(runner: sim.runner)
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
        let answer = control.answer(line: String(decoding: line, as: UTF8.self), at: sim.now).serialized
        precondition(answer.hasPrefix("{\"ok\":"), "an answer that is not an object: \(answer.prefix(80))")
        precondition((try? JSONSerialization.jsonObject(with: Data(answer.utf8))) != nil, "an answer that is not JSON")
        sim.advance(to: sim.time + 0.5)
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzControlRequest_main")
public func fuzzControlRequestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzControlRequest(data, size)
    }
}
