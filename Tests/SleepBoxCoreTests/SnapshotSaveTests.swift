import Foundation
import SleepBoxCore
import Testing

/// What forces a save at once (`Snapshot.settled`): a change of any persisted field, found by
/// changing each value of a full state file one at a time; never what moves by itself.
@Suite struct SnapshotSaveTests {
    /// The paths whose change is time going by: the save's time, the playing item's position
    /// (and how far it was heard, and its progress entry), the time heard of the open session,
    /// and the times the alarms and the reminder were looked at.
    static let continuous: Set<String> = [
        "savedAt", "item.position", "item.heard", "progress.breath-box.position", "progress.breath-box.duration",
        "progress.breath-box.updated", "alarmLog.checkedUntil", "reminderLog.checkedUntil", "openSession.heard",
    ]

    @Test func everyPersistedFieldChangedAloneForcesASaveAndAMovingPositionDoesNot() throws {
        let root = try JSONSerialization.jsonObject(with: Data(OwnerSettingsTests.savedFile.utf8))
        let original = try Self.snapshot(root)
        // The fixture sets every field, so none escapes (snoozedUntil excludes ringingSince: below).
        let written = Set(try #require(root as? [String: Any]).keys).union(["snoozedUntil"])
        let fields = Set(Mirror(reflecting: original).children.compactMap(\.label))
        #expect(fields == written, "OwnerSettingsTests.savedFile must set every field of Snapshot")

        var checked = 0
        for path in Self.paths(root, []) {
            let name = path.joined(separator: ".")
            guard let changed = Self.change(root, at: path, from: original) else {
                Issue.record("no valid change found for \(name)")
                continue
            }
            checked += 1
            if Self.continuous.contains(name) {
                #expect(changed.settled == original.settled, "\(name) moves by itself: no save")
            } else {
                #expect(changed.settled != original.settled, "\(name) changed: a save at once")
            }
        }
        #expect(checked > 100)

        var snoozed = try #require(root as? [String: Any])
        snoozed["ringingSince"] = nil
        let ringing = try Self.snapshot(snoozed)
        snoozed["snoozedUntil"] = 1_795_612_500
        #expect(try Self.snapshot(snoozed).settled != ringing.settled)
    }

    /// A playing box saves a measured length at once; its position moving is saved only by the
    /// periodic save.
    @Test func aMeasuredLengthIsSavedAtOnceAPositionOnlyPeriodically() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        t.send(.timePassed, after: 5, commands: [])
        t.send(.lengthMeasured(item, seconds: 500), after: 1, update: {
            $0.measuredLengths = [item: 500]
        }, commands: [.persist])
        t.send(.timePassed, after: 5, commands: [])
    }

    /// The snapshot holds only what the state file keeps: the bedtime reminder's "later", which
    /// a restart drops, is no change worth a save.
    @Test func aSnapshotHoldsOnlyWhatTheStateFileKeeps() throws {
        let t = try BoxTimersTests.reminderBox()
        let due = t.atWall(try utc(2026, 11, 23, 21, 45))
        var box = t.box
        _ = box.handle(.timePassed, at: due)
        _ = box.handle(.buttonPressed(.knob), at: due.advanced(by: 1))
        let later = box.handle(.buttonReleased(.knob), at: due.advanced(by: 1.1))
        #expect(box.state.reminderLog.againAt != nil)
        #expect(later.isEmpty)
        let saved = box.snapshot(at: due.advanced(by: 1.1))
        #expect(try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(saved)) == saved)
    }

    /// A sleep timer's deadline is saved as a wall time worked out from the moment of the save:
    /// events at odd moments in between are no change (nor is a wall clock slewed between them).
    @Test func aRunningTimerIsNoChangeFromEventToEvent() throws {
        var t = try SnapshotTests.evening().t
        #expect(t.state.timer?.deadline != nil)
        for step in 1...200 {
            t.send(.timePassed, after: 0.0123 + Double(step % 7) * 0.0031, wallJump: step % 5 == 0 ? 0.003 : 0, commands: [])
        }
    }

    /// A meditation timer's start is saved as a wall time worked out from the moment of the
    /// save: its bells and breaths at odd moments are no change (9.15 s seen from 33.15 s is
    /// 9.149999999999999 when worked out through the moment of each event).
    @Test func aRunningMeditationIsNoChangeFromEventToEvent() throws {
        var object = try #require(JSONSerialization.jsonObject(with: Data(OwnerSettingsTests.savedFile.utf8)) as? [String: Any])
        for key in ["item", "timer", "ringingSince", "openSession", "settings"] { object[key] = nil }
        let saved = try Self.snapshot(object)
        let startedAt = try #require(saved.session?.startedAt)
        var box = Box(config: BoxConfig(), catalog: Fixture.catalog, seed: 1)
        var now = Moment(uptime: 33.15, wall: startedAt + 24)
        _ = box.start(at: now, restoring: saved)
        #expect(box.state.session != nil)
        // Saved only at the playing interval, for the session's time heard.
        var lastSave = now.uptime
        var saves = 0
        for step in 1...300 {
            now = now.advanced(by: 0.37 + Double(step % 11) * 0.013)
            let commands = box.handle(.timePassed, at: now)
            guard commands.contains(.persist) else { continue }
            #expect(now.uptime - lastSave >= box.config.playback.persistIntervalSeconds, "at \(now.uptime)")
            lastSave = now.uptime
            saves += 1
        }
        #expect(saves >= 5 && saves <= 9, "\(saves) saves in about 130 s")
    }

    static func snapshot(_ object: Any) throws -> Snapshot {
        try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// Every leaf of a JSON value (dictionary keys and array indices), and every key of a
    /// dictionary whose keys are data (`{key}`).
    static func paths(_ value: Any, _ prefix: [String]) -> [[String]] {
        if let object = value as? [String: Any] {
            let keyed = ["progress", "shuffle", "measuredLengths"].contains(prefix.last ?? "")
            return object.keys.sorted().flatMap { key in
                (keyed ? [prefix + ["{\(key)}"]] : []) + paths(object[key] ?? NSNull(), prefix + [key])
            }
        }
        if let array = value as? [Any] {
            return array.indices.flatMap { paths(array[$0], prefix + ["\($0)"]) }
        }
        return [prefix]
    }

    /// `root` with the value (or key) at `path` changed so that it still reads as a snapshot a
    /// box could have written, and differs from `original`; nil when no candidate does.
    static func change(_ root: Any, at path: [String], from original: Snapshot) -> Snapshot? {
        let leaf = value(root, at: path)
        for candidate in candidates(for: leaf ?? path.last ?? "") {
            guard let object = try? JSONSerialization.data(withJSONObject: replacing(root, at: path, with: candidate)),
                  let s = try? JSONDecoder().decode(Snapshot.self, from: object),
                  s != original, s.validated().rejected.isEmpty else { continue }
            return s
        }
        return nil
    }

    static func candidates(for leaf: Any) -> [Any] {
        if leaf is NSNull {
            return [["hour": 5, "minute": 10, "weekdays": [1], "isEnabled": true, "skipNext": false] as [String: Any]]
        }
        if let text = leaf as? String {
            let key = text.hasPrefix("{") ? String(text.dropFirst().dropLast()) : text
            var out: [Any] = Int(key).map { n in [n + 10, n - 10, n + 1, n - 1, n / 2, 0].map(String.init) } ?? []
            out += ["on", "off", "en", "last", "poetry", "nap", "end", "Europe/London", "ocean", "deep", key + "x"]
            return out
        }
        if let number = leaf as? NSNumber {
            let d = number.doubleValue
            if d == d.rounded(), abs(d) < 1e15 {
                let n = number.int64Value
                return [true, false, n + 1, n - 1, n + 10, n - 10, n + 60, d + 0.5]
            }
            if abs(d) >= 1e15 { return [NSNumber(value: number.uint64Value &+ 1)] }
            return [true, false, d + 1, d - 1, d + 0.5]
        }
        return []
    }

    static func value(_ root: Any, at path: [String]) -> Any? {
        guard let first = path.first else { return root }
        if first.hasPrefix("{") { return nil }
        if let object = root as? [String: Any], let next = object[first] { return value(next, at: Array(path.dropFirst())) }
        if let array = root as? [Any], let i = Int(first), array.indices.contains(i) { return value(array[i], at: Array(path.dropFirst())) }
        return nil
    }

    static func replacing(_ root: Any, at path: [String], with new: Any) -> Any {
        guard let first = path.first else { return new }
        if var object = root as? [String: Any] {
            if first.hasPrefix("{"), path.count == 1 {
                let key = String(first.dropFirst().dropLast())
                guard let moved = object.removeValue(forKey: key), let renamed = new as? String else { return object }
                object[renamed] = moved
                return object
            }
            object[first] = replacing(object[first] ?? NSNull(), at: Array(path.dropFirst()), with: new)
            return object
        }
        if var array = root as? [Any], let i = Int(first), array.indices.contains(i) {
            array[i] = replacing(array[i], at: Array(path.dropFirst()), with: new)
            return array
        }
        return root
    }
}
