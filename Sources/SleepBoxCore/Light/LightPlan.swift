/// What the light does from the moment the core commands it until it commands something else:
/// the value of `Command.light`. The driver evaluates it at each of its updates, so a dawn is one
/// command and the level at any moment follows from the wall clock (after a power cut the same
/// plan gives the level the clock says).
public enum LightPlan: Sendable, Equatable {
    /// Dark.
    case off
    /// One level, held.
    case steady(LightLevel)
    /// `from` until the wall time `start`, then straight in L* and in kelvin to `to` at the wall
    /// time `end`, held there (the dawn; the hold and fade after the alarm; a sunset).
    case ramp(from: LightLevel, to: LightLevel, start: Double, end: Double)
    /// Follows a breathing guide: `low` at empty lungs, `high` at full, ramped smoothly through
    /// each breath in and out. The guide's position 0 is at uptime `origin`; outside the guide,
    /// dark.
    case breathing(BreathingGuide, origin: Double, low: LightLevel, high: LightLevel)

    /// A short name for traces.
    public var name: String {
        switch self {
        case .off: return "off"
        case .steady: return "steady"
        case .ramp: return "ramp"
        case .breathing: return "breathing"
        }
    }

    /// The level at `now`.
    public func level(at now: Moment) -> LightLevel {
        switch self {
        case .off:
            return .off
        case .steady(let level):
            return level
        case .ramp(let from, let to, let start, let end):
            guard end > start else { return now.wall >= end ? to : from }
            return from.interpolated(to: to, (now.wall - start) / (end - start))
        case .breathing(let guide, let origin, let low, let high):
            guard let phase = guide.phase(at: now.uptime - origin) else { return .off }
            return low.interpolated(to: high, guide.fullness(phase))
        }
    }

    /// Whether the level moves on by itself after `now` (the driver then keeps updating).
    public func isMoving(at now: Moment) -> Bool {
        switch self {
        case .off, .steady: return false
        case .ramp(let from, let to, _, let end): return from != to && now.wall < end
        case .breathing(let guide, let origin, _, _): return now.uptime - origin < guide.endsAt
        }
    }

    /// The fastest the lightness changes from `now` on, in L* per second (for the driver's
    /// update rate).
    public func lightnessRate(at now: Moment) -> Double {
        switch self {
        case .off, .steady: return 0
        case .ramp(let from, let to, _, let end):
            guard now.wall < end else { return 0 }
            if case .ramp(_, _, let start, _) = self, end > start {
                return abs(to.lightness - from.lightness) / (end - start)
            }
            return 0
        case .breathing(let guide, _, let low, let high):
            let shortest = guide.pattern.filter { $0.kind == .inhale || $0.kind == .exhale }.map(\.seconds).min() ?? 1
            return abs(high.lightness - low.lightness) / max(0.1, shortest)
        }
    }
}
