import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
import SleepBoxSystem

/// `state.json`: saved atomically, restored, and set aside (never lost, never overwritten) when bad.
@Suite struct StateStoreTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-state-\(UUID().uuidString)").path

    func snapshot() -> Snapshot {
        var box = Box(config: BoxConfig(), catalog: BuiltInCatalog.catalog, seed: 1)
        let now = Moment(uptime: 0, wall: 1_795_383_000)
        _ = box.start(at: now, restoring: nil)
        _ = box.handle(.buttonPressed(.leaf), at: now)
        return box.snapshot(at: now.advanced(by: 42))
    }

    func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func aSavedSnapshotComesBackEqual() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = StateStore(directory: dir)
        let s = snapshot()
        try store.save(s)
        #expect(store.load(now: 0) == s)
        #expect(files() == ["state.json"])
    }

    @Test func noFileMeansAFreshStart() {
        #expect(StateStore(directory: dir).load(now: 0) == nil)
    }

    @Test(arguments: [
        ("{ not json", "not valid JSON"),
        ("", "not valid JSON"),
        (#"{"version": 1, "mode": "off"}"#, "is missing"),
        (#"{"version": 99}"#, "version 99"),
    ])
    func aBadFileIsMovedAsideAndTheBoxStartsClean(content: String, reason: String) throws {
        guard case .failure(let problem) = StateStore.decode(Array(content.utf8)) else {
            Issue.record("\(content) decoded")
            return
        }
        #expect(problem.reason.contains(reason))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        try content.write(toFile: dir + "/state.json", atomically: false, encoding: .utf8)
        let store = StateStore(directory: dir)
        #expect(store.load(now: 1_795_383_000) == nil)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
        // The bad bytes are kept for diagnosis, untouched.
        #expect(try String(contentsOfFile: dir + "/state.json.corrupt-2026-11-22T213000Z", encoding: .utf8) == content)
        // The next good save does not touch the set-aside file.
        try store.save(snapshot())
        #expect(files() == ["state.json", "state.json.corrupt-2026-11-22T213000Z"])
    }

    @Test func twoBadFilesAtTheSameSecondAreBothKept() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        let store = StateStore(directory: dir)
        for text in ["bad one", "bad two"] {
            try text.write(toFile: dir + "/state.json", atomically: false, encoding: .utf8)
            #expect(store.load(now: 1_795_383_000) == nil)
        }
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z", "state.json.corrupt-2026-11-22T213000Z-2"])
    }

    @Test func aSaveLeavesNoTemporaryFileBehind() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = StateStore(directory: dir)
        try store.save(snapshot())
        try store.save(snapshot())
        #expect(files() == ["state.json"])
    }

    @Test func aSaveIntoAnUnwritablePlaceThrowsNamingThePath() {
        let store = StateStore(directory: "/proc/sleepbox-cannot-be-here")
        #expect(throws: SystemError.self) { try store.save(snapshot()) }
    }
}
