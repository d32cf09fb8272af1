/// `[meditation]`: the meditation timer's choices and their factory defaults (a choice made on the
/// box is kept in the state and wins, see `MeditationChoice`).
public struct MeditationSettings: Sendable, Equatable {
    /// The lengths the timer offers, in minutes, shortest first.
    public var lengths: [Double] = [5, 10, 15, 20, 30, 60]
    /// The length chosen until the owner picks another, in minutes (one of `lengths`).
    public var minutes: Double = 10
    /// The ambient beds offered after silence (generator names: "rain", "ocean", ...).
    public var sounds: [String] = ["rain", "ocean", "forest", "pink", "white"]
    /// The bed chosen until the owner picks another; nil for silence.
    public var sound: String?
    /// The bed's level (gain 0...1).
    public var soundLevel: Double = 0.15
    /// The breathing guide's pattern (4-7-8: in 4 s, hold 7 s, out 8 s, a pause of 1 s).
    public var breathing: [BreathStep] = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7),
                                          BreathStep(.exhale, seconds: 8), BreathStep(.rest, seconds: BreathStep.pauseSeconds)]
    /// Whether the guide is on until the owner switches it.
    public var guide = false
    /// Soft tones mark each breath of the guide (as the breathing exercises sound them).
    public var breathingCues = true
    /// A bell every this many minutes between the start and the end bell (0: none) until the
    /// owner picks another.
    public var bellEveryMinutes: Double = 0
    /// The interval bells the box offers (besides none).
    public var bellChoices: [Double] = [5, 10, 15, 20]
    /// How an interval bell sounds: the short chime (about 3 s) or the long bell (7 s). The
    /// start and the closing bell are always the long ones.
    public var intervalBell: Bell = .chime

    /// A bell's sound.
    public enum Bell: String, Sendable, Equatable, CaseIterable, Codable {
        /// The short chime (`Cue.chime`).
        case chime
        /// The long bell (`Cue.meditationBell`).
        case bell
    }

    public init() {}

    /// How often an interval bell may ring, in minutes, wherever the interval comes from (the
    /// configuration, the state file's choice and session): at least once a minute, at most once
    /// an hour; 0 means no interval bell.
    public static let bellMinutesRange: ClosedRange<Double> = 1...60

    /// Whether `minutes` is an interval bell's setting: 0 (none) or within `bellMinutesRange`.
    public static func isBellSetting(minutes: Double) -> Bool {
        minutes == 0 || bellMinutesRange.contains(minutes)
    }

    /// The guide's pattern as its lengths joined by dashes: "4-7-8".
    public var patternName: String { BreathStep.name(breathing) }

    /// The patterns the box offers for the guide besides the configured one: 4-7-8, box
    /// breathing (4-4-4-4), and two slow even breaths (4-6, 5-5).
    public static let offeredPatterns = ["4-7-8", "4-4-4-4", "4-6", "5-5"]

    /// The patterns the Timers list offers, the configured one first.
    public var patternChoices: [String] {
        [patternName] + Self.offeredPatterns.filter { $0 != patternName }
    }

    /// The owner's choice as the factory settings make it.
    public var defaultChoice: MeditationChoice {
        MeditationChoice(minutes: minutes, sound: sound, guide: guide, bellEveryMinutes: bellEveryMinutes)
    }
}
