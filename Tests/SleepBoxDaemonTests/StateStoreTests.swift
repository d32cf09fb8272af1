import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
import SleepBoxSystem
@testable import SleepBoxStore

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

/// Hostile state files: every number range-checked field by field, only a regular file read,
/// anything unacceptable set aside with its reason, never lost.
@Suite struct StateStoreHostileTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-state-\(UUID().uuidString)").path
    static let night = 1_795_383_000.0

    func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    /// A saved snapshot as JSON text, with `edit` applied to its object.
    func savedJSON(_ edit: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var box = Box(config: BoxConfig(alarm: AlarmSettings(hour: 6, minute: 45)), catalog: BuiltInCatalog.catalog, seed: 1)
        let now = Moment(uptime: 0, wall: Self.night)
        _ = box.start(at: now, restoring: nil)
        _ = box.handle(.buttonPressed(.leaf), at: now)
        let data = try JSONEncoder().encode(box.snapshot(at: now.advanced(by: 42)))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        return [UInt8](try JSONSerialization.data(withJSONObject: object))
    }

    @Test(arguments: [
        ("timer", #"{"choice":30,"deadline":1e20,"length":1800}"#, "timer: deadline"),
        ("timer", #"{"choice":30,"deadline":30000000000,"length":1800}"#, "timer: deadline 30000000000.0 is more than two days after the save"),
        ("timer", #"{"choice":1e300,"deadline":1795384800,"length":1800}"#, "timer: 1e+300 minutes"),
        ("timer", #"{"choice":-30,"deadline":1795384800,"length":1800}"#, "timer: -30.0 minutes"),
        ("timerPreference", "-30", "timerPreference: -30.0 minutes"),
        ("volume", "1000", "volume: 1000 is not 0...100"),
        ("volume", "-50", "volume: -50 is not 0...100"),
        ("alarm", #"{"hour":25,"minute":61,"weekdays":[2],"isEnabled":true,"skipNext":false}"#, "alarm: 25:61 is not a time of day"),
        ("alarm", #"{"hour":6,"minute":45,"weekdays":[0,9],"isEnabled":true,"skipNext":false}"#, "alarm: weekdays [0, 9]"),
        ("savedAt", "1e308", "savedAt: 1e+308 is not a wall time"),
        ("ringingSince", "-1e19", "ringingSince: -1e+19 is not a wall time"),
        ("item", #"{"id":"x","position":1e300,"playing":true}"#, "item.position: 1e+300"),
    ])
    func aFieldNoBoxCouldWriteIsRejectedWithItsReason(key: String, json: String, reason: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let bytes = try savedJSON { $0[key] = value }
        guard case .success(let decoded) = StateStore.decode(bytes) else {
            Issue.record("\(key) = \(json) did not decode")
            return
        }
        #expect(decoded.rejected.count == 1)
        #expect(decoded.rejected.first?.hasPrefix(reason) == true, "\(decoded.rejected)")
        // What remains restores without trapping and shows a status that serializes.
        var box = Box(config: BoxConfig(), catalog: BuiltInCatalog.catalog, seed: 1)
        _ = box.start(at: Moment(uptime: 0, wall: Self.night + 60), restoring: decoded.snapshot)
        #expect((0...100).contains(box.state.volume))
    }

    @Test func aSnoozeWithoutAnAlarmIsRejected() throws {
        let bytes = try savedJSON {
            $0["alarm"] = nil
            $0["alarms"] = nil
            $0["snoozedUntil"] = Self.night + 300
        }
        guard case .success(let decoded) = StateStore.decode(bytes) else {
            Issue.record("did not decode")
            return
        }
        #expect(decoded.rejected == ["snoozedUntil: a snooze without an alarm"])
        #expect(decoded.snapshot.snoozedUntil == nil)
    }

    @Test func aFileWithRejectedFieldsIsSetAsideAndTheRestIsKept() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        let bytes = try savedJSON { $0["volume"] = 1000 }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/state.json"))
        let loaded = try #require(StateStore(directory: dir).load(now: Self.night))
        #expect(loaded.item != nil)
        #expect(loaded.volume == -1)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/state.json.corrupt-2026-11-22T213000Z"))) == bytes)
    }

    @Test func aFIFOIsSetAsideWithoutBlocking() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        #expect(mkfifo(dir + "/state.json", 0o644) == 0)
        #expect(StateStore(directory: dir).load(now: Self.night) == nil)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
        #expect(AtomicFile.readRegularFile(dir + "/state.json.corrupt-2026-11-22T213000Z", limit: 100)
            == .refused("it is a FIFO, not a regular file"))
    }

    @Test func aSymbolicLinkIsSetAsideUnread() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        #expect(symlink("/dev/zero", dir + "/state.json") == 0)
        #expect(StateStore(directory: dir).load(now: Self.night) == nil)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/state.json.corrupt-2026-11-22T213000Z") == "/dev/zero")
    }

    @Test func aFolderIsSetAsideSoSavesWork() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir + "/state.json")
        let store = StateStore(directory: dir)
        #expect(store.load(now: Self.night) == nil)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
        try store.save(StateStore.decode(try savedJSON { _ in }).get().snapshot)
        #expect(files() == ["state.json", "state.json.corrupt-2026-11-22T213000Z"])
    }

    @Test func anUnreadableFileIsSetAsideNotOverwritten() throws {
        guard getuid() != 0 else { return }  // root reads a mode-000 file
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        let bytes = try savedJSON { _ in }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/state.json"))
        #expect(chmod(dir + "/state.json", 0) == 0)
        let store = StateStore(directory: dir)
        #expect(store.load(now: Self.night) == nil)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
        try store.save(try StateStore.decode(bytes).get().snapshot)
        #expect(files() == ["state.json", "state.json.corrupt-2026-11-22T213000Z"])
    }

    @Test func aFileLargerThanTheLimitIsSetAsideUnread() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        #expect(FileManager.default.createFile(atPath: dir + "/state.json", contents: nil))
        #expect(truncate(dir + "/state.json", off_t(StateStore.sizeLimit + 1)) == 0)
        #expect(AtomicFile.readRegularFile(dir + "/state.json", limit: StateStore.sizeLimit)
            == .refused("it is \(StateStore.sizeLimit + 1) bytes, more than the \(StateStore.sizeLimit) a state file may have"))
        #expect(StateStore(directory: dir).load(now: Self.night) == nil)
        #expect(files() == ["state.json.corrupt-2026-11-22T213000Z"])
    }

    @Test func temporaryFilesLeftByAnInterruptedSaveAreRemovedAtStart() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        for name in ["state.json.tmp-123-1", "state.json.tmp-99-7", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8)))
        }
        #expect(StateStore(directory: dir).load(now: Self.night) == nil)
        #expect(files() == ["notes.txt"])
    }

    @Test func aSecondLockOnTheStateFolderIsRefusedNamingTheHolder() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.makeDirectory(dir)
        let first = try StateDirectoryLock(directory: dir)
        #expect(throws: StateDirectoryLock.Failure(path: dir + "/lock", holder: getpid())) {
            _ = try StateDirectoryLock(directory: dir)
        }
        withExtendedLifetime(first) {}
    }
}
