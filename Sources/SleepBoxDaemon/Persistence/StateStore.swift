import Foundation
import Logging
import SleepBoxCore
import SleepBoxSystem

/// `state.json` in the state directory: the snapshot the box comes back from after a crash.
///
/// A file that cannot be read or has another version is moved aside as
/// `state.json.corrupt-TIMESTAMP` (never deleted, never overwritten), and the box starts clean.
public struct StateStore: Sendable {
    public let directory: String
    public var path: String { directory + "/state.json" }
    let logger: Logger

    public init(directory: String, logger: Logger = Logger(label: "sleepbox.state")) {
        self.directory = directory
        self.logger = logger
    }

    /// The saved snapshot, or nil when there is none or it was unusable (then moved aside).
    /// `now` names the moved-aside file.
    public func load(now wall: Double) -> Snapshot? {
        let bytes: [UInt8]
        do {
            guard let b = try AtomicFile.read(path) else { return nil }
            bytes = b
        } catch {
            logger.error("cannot read the saved state: \(error); starting clean")
            return nil
        }
        switch StateStore.decode(bytes) {
        case .success(let snapshot):
            return snapshot
        case .failure(let problem):
            moveAside(reason: problem.reason, wall: wall)
            return nil
        }
    }

    /// Why a state file cannot be used.
    public struct Problem: Error, Equatable {
        public var reason: String
    }

    /// Reads a state file's bytes: the snapshot, or why it is unusable (not JSON, a missing or
    /// mistyped key, another version).
    public static func decode(_ bytes: [UInt8]) -> Result<Snapshot, Problem> {
        struct Versioned: Decodable { var version: Int }
        let data = Data(bytes)
        do {
            let v = try JSONDecoder().decode(Versioned.self, from: data)
            guard v.version == Snapshot.currentVersion else {
                return .failure(Problem(reason: "it has version \(v.version), this box reads version \(Snapshot.currentVersion)"))
            }
            return .success(try JSONDecoder().decode(Snapshot.self, from: data))
        } catch {
            return .failure(Problem(reason: describe(error)))
        }
    }

    /// Saves a snapshot atomically and durably.
    public func save(_ snapshot: Snapshot) throws {
        try AtomicFile.makeDirectory(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(snapshot)
        try AtomicFile.write([UInt8](data), to: path)
    }

    private func moveAside(reason: String, wall: Double) {
        let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: wall))
            .replacingOccurrences(of: ":", with: "")
        var target = path + ".corrupt-" + stamp
        var n = 1
        while FileManager.default.fileExists(atPath: target) {
            n += 1
            target = path + ".corrupt-" + stamp + "-\(n)"
        }
        if rename(path, target) == 0 {
            logger.error("\(path) is unusable (\(reason)); moved aside to \(target), starting clean")
        } else {
            logger.error("\(path) is unusable (\(reason)) and could not be moved aside: \(SystemError.reason(errno: errno)); starting clean")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return "not valid JSON: \(c.debugDescription)"
        case DecodingError.keyNotFound(let key, let c): return "key \"\(dotted(c.codingPath + [key]))\" is missing"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "key \"\(dotted(c.codingPath))\": \(c.debugDescription)"
        default: return "\(error)"
        }
    }

    private static func dotted(_ keys: [CodingKey]) -> String { keys.map(\.stringValue).joined(separator: ".") }
}
