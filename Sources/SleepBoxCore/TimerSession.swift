/// A meditation timer or a nap running (at most one at a time; the box is otherwise idle).
public struct TimerSession: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The meditation timer: bells, an optional bed and breathing guide, then the closing bell.
        case meditation
        /// The nap: quiet, then the gentle alarm.
        case nap
    }

    public var kind: Kind
    /// Uptime it started.
    public var started: Double
    /// Its length in seconds.
    public var length: Double
    /// The ambient bed playing under it (a generator's name), or nil for silence.
    public var sound: String?
    /// The breathing guide, its `startsAt` in seconds from the start; nil when off.
    public var guide: BreathingGuide?
    /// The guide's steps are marked by soft tones.
    public var breathingCues: Bool
    /// Seconds between interval bells; nil for none.
    public var bellEvery: Double?
    /// Interval bells rung so far.
    public var bellsRung = 0
    /// Breath steps whose tone has played so far.
    public var stepsCued = 0

    public init(kind: Kind, started: Double, length: Double, sound: String? = nil, guide: BreathingGuide? = nil,
                breathingCues: Bool = false, bellEvery: Double? = nil) {
        self.kind = kind
        self.started = started
        self.length = length
        self.sound = sound
        self.guide = guide
        self.breathingCues = breathingCues
        self.bellEvery = bellEvery
    }

    /// Uptime it ends.
    public var ends: Double { started + length }

    /// Where the guide is at `uptime`, in seconds from the start. A microsecond later than the
    /// plain difference, so the step a tone marks shows at that very moment whatever the rounding
    /// of the deadline's uptime.
    public func guidePosition(at uptime: Double) -> Double { uptime - started + 1e-6 }

    /// Seconds left at `uptime`.
    public func remaining(at uptime: Double) -> Double { max(0, ends - uptime) }

    /// The uptime of the next interval bell, if one is due before the end (none in the last
    /// 30 s, where the closing bell would cover it).
    public var nextBell: Double? {
        guard let every = bellEvery, every > 0 else { return nil }
        let at = started + Double(bellsRung + 1) * every
        return at < ends - TimerSession.bellQuietSeconds ? at : nil
    }

    /// No interval bell this close to the end.
    public static let bellQuietSeconds = 30.0

    /// The uptime and step of the guide's next step, if any is left before the end: its tone
    /// plays then when `breathingCues` is on. The steps are counted either way, so switching
    /// the tones on in the middle starts them at the next step, with no burst of missed ones.
    public var nextBreathCue: (at: Double, step: BreathStep)? {
        guard let guide, !guide.pattern.isEmpty, stepsCued < guide.cycles * guide.pattern.count else {
            return nil
        }
        let cycle = stepsCued / guide.pattern.count, index = stepsCued % guide.pattern.count
        let offset = guide.pattern[..<index].reduce(0) { $0 + $1.seconds }
        let at = started + guide.startsAt + Double(cycle) * guide.cycleSeconds + offset
        return at < ends ? (at, guide.pattern[index]) : nil
    }

    /// How many interval bells and breath tones lie before `uptime` (to resume without a burst).
    public mutating func skipCues(before uptime: Double) {
        while let bell = nextBell, bell < uptime { bellsRung += 1 }
        while let cue = nextBreathCue, cue.at < uptime { stepsCued += 1 }
    }
}
