/// Debounces one button line with a zero-latency lock-out.
///
/// The rule, exactly:
///
/// - When the line is not locked out, an edge that changes the level from the reported level is
///   reported at once, at the edge's time, and starts a lock-out that ends `lockout` seconds later.
/// - During a lock-out, edges only record the raw level. An edge stamped exactly at the lock-out
///   end still counts as inside it (the lock-out is the closed interval `[start, start + lockout]`).
/// - When the lock-out ends (the deadline, see `nextDeadline`), if the raw level differs from the
///   reported level, the raw level is reported at the lock-out end time and a new lock-out starts
///   there. Otherwise the line is simply unlocked.
///
/// Consequences: bounce shorter than `lockout` after an edge is invisible; the reported level
/// always converges to the last raw level; a reported press or release lasts at least `lockout`.
/// A glitch shorter than `lockout` (say, a 1 ms closure) is therefore a real, if short, press:
/// pressed at its first edge, released at the lock-out end. Choose `lockout` longer than the
/// longest bounce of the switch; bounce that outlasts it shows up as extra short presses.
///
/// Time arrives as arguments, in seconds on one monotonic clock. Feed edges in time order, and
/// feed every edge stamped at or before `t` before calling `advance(to: t)`; an edge that arrives
/// late is handled as if it had happened at the latest time already advanced to.
public struct Debouncer: Sendable, Equatable {
    /// A change of the reported (debounced) level.
    public struct Change: Sendable, Equatable {
        /// The new level: true = pressed.
        public var active: Bool
        /// When the change happened, in seconds.
        public var time: Double
    }

    /// The default lock-out: 5 ms.
    public static let defaultLockout = 0.005

    /// The lock-out length in seconds.
    public let lockout: Double
    /// The reported (debounced) level.
    public private(set) var level: Bool
    /// The line's level after the latest edge.
    public private(set) var rawLevel: Bool
    /// When the current lock-out ends, or nil when the line is not locked out.
    public private(set) var lockoutEnd: Double?

    /// A debouncer at rest at `initialLevel`, not locked out.
    ///
    /// A negative `lockout` counts as zero (no debouncing); a NaN or infinite one as
    /// `defaultLockout`.
    public init(lockout: Double = Debouncer.defaultLockout, initialLevel: Bool = false) {
        self.lockout = lockout.isFinite ? max(0, lockout) : Debouncer.defaultLockout
        self.level = initialLevel
        self.rawLevel = initialLevel
        self.lockoutEnd = nil
    }

    /// When `advance(to:)` must next be called: the end of the current lock-out if a change is
    /// pending there (the raw level differs from the reported one), otherwise nil.
    public var nextDeadline: Double? {
        rawLevel != level ? lockoutEnd : nil
    }

    /// Takes one edge: the line's level after it and the time it happened.
    ///
    /// Returns the changes to report, in time order: first any pending change from a lock-out
    /// that ended before `time`, then the edge's own change if it is not locked out. An edge with
    /// a NaN or infinite time is ignored.
    public mutating func edge(active: Bool, at time: Double) -> [Change] {
        guard time.isFinite else { return [] }
        var changes = settle(through: time, inclusive: false)
        rawLevel = active
        if lockoutEnd == nil, rawLevel != level {
            level = rawLevel
            changes.append(Change(active: level, time: time))
            lockoutEnd = time + lockout
        }
        return changes
    }

    /// Moves time on to `time`: ends every lock-out that ends at or before it, and returns the
    /// changes reported at those lock-out ends, in time order.
    public mutating func advance(to time: Double) -> [Change] {
        settle(through: time, inclusive: true)
    }

    /// Sets the line's level without reporting anything, and unlocks it: for the driver's first
    /// reading of the line at start-up.
    public mutating func synchronize(active: Bool) {
        level = active
        rawLevel = active
        lockoutEnd = nil
    }

    /// Ends the lock-outs that end before `time` (or at it, when `inclusive`) and returns the
    /// changes reported at their ends.
    mutating func settle(through time: Double, inclusive: Bool) -> [Change] {
        var changes: [Change] = []
        while let end = lockoutEnd, inclusive ? end <= time : end < time {
            if rawLevel != level {
                level = rawLevel
                changes.append(Change(active: level, time: end))
                lockoutEnd = end + lockout
            } else {
                lockoutEnd = nil
            }
        }
        return changes
    }
}
