import Foundation
import SleepBoxSystem

/// The wall clock of a box on simulated hardware (`sleepbox run --hardware sim`): this computer's
/// clock plus an offset of the box's own, kept in the state folder (`simulated-clock-offset`) so
/// that a restart keeps it. Setting the box's clock (`sleepbox ctl clock set`, Settings > Clock)
/// moves the offset only: the computer's clock and its RTC are never set. Only `--hardware pi`
/// sets the system clock and the RTC.
public final class SimulatedWallClock: @unchecked Sendable {
    /// The file in the state folder.
    public static let fileName = "simulated-clock-offset"
    /// The largest offset read back from the file: the years the clock can be set to lie well
    /// within it; a larger number is a damaged file and counts as none.
    public static let largestOffsetSeconds = 200 * 366 * 86_400.0

    /// Where the offset is kept.
    public let path: String
    private let lock = NSLock()
    private var seconds: Double
    /// Why the file was not taken (damaged, too large, not a regular file), naming it; nil when
    /// it was read or is not there.
    public let problem: String?

    /// The offset kept in `stateDirectory`, or none (0) when there is no readable one.
    public init(stateDirectory: String) {
        path = stateDirectory + "/" + SimulatedWallClock.fileName
        switch SimulatedWallClock.read(path) {
        case .success(let value):
            seconds = value ?? 0
            problem = nil
        case .failure(let reason):
            seconds = 0
            problem = "\(path): \(reason); the box's clock is this computer's until it is set again"
        }
    }

    /// Seconds the box's wall clock is ahead of this computer's (negative: behind).
    public var offset: Double {
        lock.lock()
        defer { lock.unlock() }
        return seconds
    }

    /// Sets the box's clock to `wall` by keeping its distance from the computer's `systemWall`;
    /// throws when the state folder cannot keep it (the clock is unchanged then).
    public func set(_ wall: Double, systemWall: Double) throws(SystemError) {
        let new = wall - systemWall
        try AtomicFile.write(Array("\(new)\n".utf8), to: path)
        lock.lock()
        seconds = new
        lock.unlock()
    }

    /// The box's clocks over the computer's `system` ones: its wall clock is theirs plus the
    /// offset, it counts as synchronised only while it has no offset of its own, and setting it
    /// sets the offset, never `system`'s clock.
    public func clocks(over system: ClockKeeper.Clocks) -> ClockKeeper.Clocks {
        ClockKeeper.Clocks(
            wall: { system.wall() + self.offset }, sinceBoot: system.sinceBoot,
            synchronised: { self.offset == 0 && system.synchronised() },
            setWall: { (w: Double) throws(SystemError) in try self.set(w, systemWall: system.wall()) },
            offset: { self.offset })
    }

    /// The offset in the file (nil: no file), or why it cannot be taken.
    private static func read(_ path: String) -> Result<Double?, OffsetFileError> {
        let bytes: [UInt8]
        switch AtomicFile.readRegularFile(path, limit: 256) {
        case .missing: return .success(nil)
        case .refused(let reason): return .failure(OffsetFileError(reason))
        case .bytes(let b): bytes = b
        }
        guard let text = String(bytes: bytes, encoding: .utf8),
              let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else {
            return .failure(OffsetFileError("not a number of seconds"))
        }
        guard abs(value) <= largestOffsetSeconds else {
            return .failure(OffsetFileError("\(value) s is beyond the \(Int(largestOffsetSeconds)) s a clock can be set to"))
        }
        return .success(value)
    }
}

/// Why the simulated clock's offset file was not taken.
struct OffsetFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
