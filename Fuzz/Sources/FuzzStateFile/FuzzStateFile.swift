import CFuzzer
import Foundation
import SleepBoxCore
import SleepBoxRunner
import SleepBoxStore
import SleepBoxSystem

/// The items a fuzzed state file may name (the seeds use these ids).
private let catalog = Catalog(items: [
    ContentItem(id: "med-body-scan", title: "Body Scan", kind: .meditation, duration: 14 * 60),
    ContentItem(id: "breath-478", title: "4-7-8 Breathing", kind: .breathing, duration: 4 * 60),
    ContentItem(id: "poem-night", title: "Night", kind: .poem, duration: 110),
])

/// A state file (`state.json`) from any bytes: it is refused with a reason, or a box restores
/// from it, runs for a while, answers `ctl status` and saves again, without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard case .success(let decoded) = StateStore.decode(bytes) else { return 0 }
    let config = BoxConfig(alarm: AlarmSettings(hour: 6, minute: 45))
    var box = Box(config: config, catalog: catalog, seed: 1)
    var now = Moment(uptime: 100, wall: 1_795_383_000)
    _ = box.start(at: now, restoring: decoded.snapshot)
    for step in [1.0, 60, 3_600, 86_400] {
        now = now.advanced(by: step)
        _ = box.handle(.timePassed, at: now)
        _ = JSONValue.object(TraceRecorder.fields(box: box, at: now)).serialized
    }
    _ = box.handle(.buttonPressed(.leaf), at: now)
    _ = box.handle(.knobTurned(detents: 3), at: now)
    let saved = box.snapshot(at: now)
    precondition((try? JSONEncoder().encode(saved)) != nil, "a restored box could not be saved")
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzStateFile_main")
public func fuzzStateFileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzStateFile(data, size)
    }
}
