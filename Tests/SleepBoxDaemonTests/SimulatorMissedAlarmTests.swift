import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxSimulator
@testable import SleepBoxStore

/// `sleepbox simulate`'s summary reports a missed alarm once: in the run that noticed it, not
/// in every later run with the same state folder.
@Suite struct SimulatorMissedAlarmTests {
    @Test func aMissedAlarmIsReportedByTheRunThatNoticedItOnly() throws {
        let clock = LocalClock(timeZone: SimulatorTests.berlin)
        let missed = SimulatorTests.evening + 8 * 3600
        #expect(SimulateSetup.missedLine(missed, before: nil, clock: clock) == "  missed:  alarm of 2026-11-23T06:30:00")
        #expect(SimulateSetup.missedLine(missed, before: missed - 86_400, clock: clock) != nil)
        #expect(SimulateSetup.missedLine(missed, before: missed, clock: clock) == nil)
        #expect(SimulateSetup.missedLine(nil, before: nil, clock: clock) == nil)
    }

    @Test func theStateFolderIsReadWithoutTouchingIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("peek-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = StateStore(directory: dir)
        #expect(store.peek() == nil)
        var box = Box(config: BoxConfig(timeZone: SimulatorTests.berlin, alarm: AlarmSettings(hour: 6, minute: 30)),
                      catalog: BuiltInCatalog.catalog, seed: 1)
        _ = box.start(at: Moment(uptime: 1, wall: SimulatorTests.evening), restoring: nil)
        // Off from 22:30 to 08:00: the 06:30 alarm is missed.
        _ = box.handle(.timePassed, at: Moment(uptime: 2, wall: SimulatorTests.evening + 9.5 * 3600))
        try store.save(box.snapshot(at: Moment(uptime: 2, wall: SimulatorTests.evening + 9.5 * 3600)))
        #expect(store.peek()?.alarmLog.lastMissed == SimulatorTests.evening + 8 * 3600)
        // A damaged file is not moved aside by a look.
        try Data("{".utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(store.peek() == nil)
        #expect(FileManager.default.fileExists(atPath: store.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["state.json"])
    }
}
