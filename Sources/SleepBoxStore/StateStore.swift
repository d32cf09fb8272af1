import Foundation
import Logging
import SleepBoxCore
import SleepBoxSystem

/// `state.json` in the state directory: the snapshot the box comes back from after a crash.
///
/// Only a regular file of at most `sizeLimit` bytes is read (never a FIFO, a device, a link or a
/// folder). A file that cannot be used (not readable, not JSON, another version) is moved aside
/// as `state.json.corrupt-TIMESTAMP` (never deleted, never overwritten), and the box starts
/// clean. A file with fields no box could have written (a volume of 1000, an alarm at 25:61) is
/// moved aside the same way and loaded without those fields; each one is logged with its reason.
public struct StateStore: Sendable {
    /// The largest state file read: a box with thousands of items writes a few hundred kilobytes.
    public static let sizeLimit = 4 << 20

    public let directory: String
    public var path: String { directory + "/state.json" }
    let logger: Logger

    public init(directory: String, logger: Logger = Logger(label: "sleepbox.state")) {
        self.directory = directory
        self.logger = logger
    }

    /// The saved snapshot, or nil when there is none or it was unusable (then moved aside).
    /// `now` names the moved-aside file. Temporary files left by a save that a crash interrupted
    /// are removed first.
    public func load(now wall: Double) -> Snapshot? {
        removeLeftoverTemporaryFiles()
        let bytes: [UInt8]
        switch AtomicFile.readRegularFile(path, limit: Self.sizeLimit) {
        case .missing:
            return nil
        case .refused(let reason):
            moveAside(reason: reason, wall: wall)
            return nil
        case .bytes(let b):
            bytes = b
        }
        switch StateStore.decode(bytes) {
        case .success(let decoded):
            if !decoded.rejected.isEmpty {
                for reason in decoded.rejected { logger.error("\(path): field rejected: \(reason)") }
                moveAside(reason: "\(decoded.rejected.count) field(s) rejected", wall: wall, startingClean: false)
            }
            return decoded.snapshot
        case .failure(let problem):
            moveAside(reason: problem.reason, wall: wall)
            return nil
        }
    }

    /// The saved snapshot as it is, without touching anything (nothing moved aside, no temporary
    /// file removed); nil when there is none or it cannot be read. For reports that compare a
    /// run's end with its start (`sleepbox simulate`'s summary).
    public func peek() -> Snapshot? {
        guard case .bytes(let bytes) = AtomicFile.readRegularFile(path, limit: Self.sizeLimit),
              case .success(let decoded) = StateStore.decode(bytes) else { return nil }
        return decoded.snapshot
    }

    /// Why a state file cannot be used.
    public struct Problem: Error, Equatable {
        public var reason: String
    }

    /// A state file's snapshot with every unacceptable field taken out, and the reasons.
    public struct Decoded: Equatable {
        public var snapshot: Snapshot
        /// One line per field taken out: `volume: 1000 is not 0...100`.
        public var rejected: [String]
    }

    /// Reads a state file's bytes: the snapshot (validated field by field), or why it is unusable
    /// (too large, not JSON, a missing or mistyped key, another version).
    public static func decode(_ bytes: [UInt8]) -> Result<Decoded, Problem> {
        guard bytes.count <= sizeLimit else {
            return .failure(Problem(reason: "it is \(bytes.count) bytes, more than the \(sizeLimit) a state file may have"))
        }
        struct Versioned: Decodable { var version: Int }
        let data = Data(bytes)
        do {
            let v = try JSONDecoder().decode(Versioned.self, from: data)
            guard v.version == Snapshot.currentVersion else {
                return .failure(Problem(reason: "it has version \(v.version), this box reads version \(Snapshot.currentVersion)"))
            }
            let (snapshot, rejected) = try JSONDecoder().decode(Snapshot.self, from: data).validated()
            return .success(Decoded(snapshot: snapshot, rejected: rejected))
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

    /// Removes `state.json.tmp-*`: saves a crash or a power cut interrupted before their rename.
    private func removeLeftoverTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("state.json.tmp-") {
            if unlink(directory + "/" + name) == 0 {
                logger.info("removed \(name), left by a save that was interrupted")
            }
        }
    }

    private func moveAside(reason: String, wall: Double, startingClean: Bool = true) {
        let then = startingClean ? "starting clean" : "starting with the other fields"
        let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: wall))
            .replacingOccurrences(of: ":", with: "")
        var target = path + ".corrupt-" + stamp
        var n = 1
        var info = stat()
        while lstat(target, &info) == 0 {
            n += 1
            target = path + ".corrupt-" + stamp + "-\(n)"
        }
        if rename(path, target) == 0 {
            logger.error("\(path) is unusable (\(reason)); moved aside to \(target), \(then)")
        } else {
            logger.error("\(path) is unusable (\(reason)) and could not be moved aside: \(SystemError.reason(errno: errno)); \(then)")
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
