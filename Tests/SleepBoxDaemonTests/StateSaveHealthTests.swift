import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxStore
@testable import SleepBoxSystem
@testable import SleepBoxTools

/// A save of the state file that fails (a full or read-only disk) shows in the status and in
/// `sleepbox doctor`, not only in the log, and clears when a save works again.
@Suite struct StateSaveHealthTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-save-\(UUID().uuidString)").path

    private func snapshot() -> Snapshot {
        var box = Box(config: BoxConfig(), catalog: BuiltInCatalog.catalog, seed: 1)
        let now = Moment(uptime: 0, wall: 1_795_383_000)
        _ = box.start(at: now, restoring: nil)
        return box.snapshot(at: now)
    }

    private func fields(_ health: StateSaveHealth) -> String { JSONValue.object(health.statusFields).serialized }

    @Test func aFailedSaveShowsInTheStatusUntilASaveWorks() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // state.json is a folder with something in it: rename(2) cannot put a file there.
        try FileManager.default.createDirectory(atPath: dir + "/state.json/x", withIntermediateDirectories: true)
        let work = try WorkQueue()
        defer { work.stop() }
        let health = StateSaveHealth(logger: Logger(label: "test"))
        let saver = BackgroundStateSaver(store: StateStore(directory: dir), work: work, health: health)
        #expect(fields(health) == #"{"stateSaveError":null,"stateSaveFailures":0}"#)

        saver.persist(snapshot())
        saver.persist(snapshot())
        work.drain()
        work.collect()
        #expect(health.failuresInARow == 2)
        let error = try #require(health.lastError)
        #expect(error.hasPrefix("cannot save the state: "))
        #expect(error.contains(dir + "/state.json"))

        try FileManager.default.removeItem(atPath: dir + "/state.json")
        saver.persist(snapshot())
        work.drain()
        work.collect()
        #expect(fields(health) == #"{"stateSaveError":null,"stateSaveFailures":0}"#)
    }

    @Test func doctorNamesAFailedSave() {
        let failing = #"{"ok":true,"status":{"mode":"off","stateSaveError":"cannot save the state: rename: Is a directory","stateSaveFailures":3}}"#
        #expect(Doctor.stateSaveCheck(status: failing, stateDirectory: "/var/lib/sleepbox") == Doctor.Check(
            name: "state saves", outcome: .failure,
            detail: "3 save(s) in a row failed, the last: cannot save the state: rename: Is a directory",
            fix: "free space or make /var/lib/sleepbox writable (df -h /var/lib/sleepbox); the box saves again on its next change"))
        let fine = #"{"ok":true,"status":{"mode":"off","stateSaveError":null,"stateSaveFailures":0}}"#
        #expect(Doctor.stateSaveCheck(status: fine, stateDirectory: "/var/lib/sleepbox")?.outcome == .ok)
        #expect(Doctor.stateSaveCheck(status: #"{"ok":true,"status":{}}"#, stateDirectory: "/x") == nil)
    }

    /// The doctor reads the running box's whole status answer with the one JSON reader, within
    /// its limits: a failed save in a real status is found, not lost to a cap on keys.
    @Test func doctorReadsAWholeStatusAnswer() {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let answer = ControlProtocol(runner: sim.runner).answer(
            line: #"{"cmd":"status"}"#, at: sim.now,
            extraStatus: [("stateSaveError", .string("cannot save the state: disk full")), ("stateSaveFailures", .number(2))]).serialized
        #expect(Doctor.stateSaveCheck(status: answer, stateDirectory: "/x")?.detail
                == "2 save(s) in a row failed, the last: cannot save the state: disk full")
    }
}
