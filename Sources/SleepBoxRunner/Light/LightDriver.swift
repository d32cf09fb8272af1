import SleepBoxCore

/// Carries out the core's light plans on a `LightOutput`: it evaluates the plan at each update
/// (the dawn's level from the wall clock), turns the level into each channel's duty cycle
/// (`LightChannel.duties`: CIE L* to luminance, the colour along the blackbody line) and says
/// when it next needs to update. A moving plan is updated often enough that no step is larger
/// than `stepLightness` L*, at most `fastestUpdate` times a second and at least once every
/// `slowestUpdate` seconds.
public final class LightDriver {
    /// What the light shows now.
    public struct Output: Sendable, Equatable {
        public var level: LightLevel
        public var duties: [Double]
        public var plan: String
    }

    /// The largest step of lightness between updates of a moving plan.
    public static let stepLightness = 0.08
    /// The shortest and longest time between updates of a moving plan, in seconds.
    public static let fastestUpdate = 0.05
    public static let slowestUpdate = 2.0

    public let output: LightOutput
    /// The plan being carried out.
    public private(set) var plan: LightPlan = .off
    /// What was last handed to the light (nil before the first).
    public private(set) var shown: Output?
    private var nextUpdate: Double?

    public init(output: LightOutput) { self.output = output }

    /// Whether there is a light at all.
    public var isPresent: Bool { !output.channels.isEmpty }

    /// Takes a new plan and shows it at once; returns what was shown when it changed.
    @discardableResult
    public func follow(_ plan: LightPlan, at now: Moment) -> Output? {
        self.plan = plan
        return update(at: now)
    }

    /// Shows the plan's level at `now` when it differs from what is shown; returns it then.
    @discardableResult
    public func update(at now: Moment) -> Output? {
        let level = plan.level(at: now)
        let duties = LightChannel.duties(for: level, channels: output.channels)
        if case .ramp(_, _, let start, _) = plan, now.wall < start {
            nextUpdate = now.uptime + (start - now.wall)
        } else if plan.isMoving(at: now) {
            let rate = plan.lightnessRate(at: now)
            let interval = rate > 0 ? Self.stepLightness / rate : Self.slowestUpdate
            nextUpdate = now.uptime + min(Self.slowestUpdate, max(Self.fastestUpdate, interval))
        } else {
            nextUpdate = nil
        }
        let new = Output(level: level, duties: duties, plan: plan.name)
        guard new != shown else { return nil }
        shown = new
        output.set(duties, at: now)
        return new
    }

    /// When the driver needs to update next (monotonic seconds), or the light's retry.
    public var nextWake: Double? {
        switch (nextUpdate, output.nextRetry) {
        case let (u?, r?): return min(u, r)
        case let (u?, nil): return u
        case let (nil, r?): return r
        default: return nil
        }
    }

    /// Does what is due at `now`: a retry of a lost light or a check of a lit one (then the plan is
    /// shown again) and
    /// the next update. Returns what was shown when it changed.
    public func runDue(at now: Moment) -> Output? {
        if let r = output.nextRetry, r <= now.uptime {
            output.retry(at: now)
            shown = nil // shown again (unchanged duties cost the light nothing)
        }
        guard let u = nextUpdate, u <= now.uptime else {
            return shown == nil ? update(at: now) : nil
        }
        return update(at: now)
    }

    /// Dark (on exit).
    public func shutDown(at now: Moment) {
        plan = .off
        nextUpdate = nil
        shown = nil
        output.set(output.channels.map { _ in 0 }, at: now)
    }
}
