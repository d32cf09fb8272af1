import SleepBoxCore

/// The cue sound of one breathing step: a soft `ToneSweep` meant for someone falling asleep. An
/// inhale is a swell that rises in pitch over the whole inhale, an exhale one that falls over the
/// whole exhale: the level grows from nothing to its crest in the middle of the breath and fades
/// back to nothing at its end (no edges, no steady tone), about 18 dB under the voice. A hold and
/// a rest are marked by a fainter, brief touch at their start (at the pitch the breath stopped
/// on), then silence.
public struct BreathCue: Sendable, Equatable, Hashable {
    /// The start and end pitch in Hz.
    public var from: Double, to: Double
    /// Peak level (linear).
    public var level: Float
    /// Fade-in and fade-out seconds (shortened by `ToneSweep` when they do not fit).
    public var attack: Double, release: Double
    /// The cue's length in seconds (the whole step for inhale and exhale, a short mark otherwise).
    public var seconds: Double

    /// Creates a cue.
    public init(from: Double, to: Double, level: Float, attack: Double, release: Double, seconds: Double) {
        self.from = from
        self.to = to
        self.level = level
        self.attack = attack
        self.release = release
        self.seconds = seconds
    }

    /// The low and high pitch of the breath: G3 and D4, a fifth apart.
    public static let lowHz = 196.0, highHz = 293.66
    /// The crest of the inhale and exhale swells (−35 dBFS peak, about −38 dBFS RMS at the crest;
    /// the voice speaks near −20 dBFS).
    public static let sweepLevel: Float = 0.018
    /// The crest of the hold and rest marks (−44 dBFS peak).
    public static let markLevel: Float = 0.006
    /// The length of the hold and rest marks.
    public static let markSeconds = 0.8

    /// The cue for `step`.
    public static func cue(for step: BreathStep) -> BreathCue {
        switch step.kind {
        case .inhale:
            return BreathCue(from: lowHz, to: highHz, level: sweepLevel, attack: step.seconds / 2,
                             release: step.seconds / 2, seconds: step.seconds)
        case .exhale:
            return BreathCue(from: highHz, to: lowHz, level: sweepLevel, attack: step.seconds / 2,
                             release: step.seconds / 2, seconds: step.seconds)
        case .hold:
            return BreathCue(from: highHz, to: highHz, level: markLevel, attack: 0.3, release: 0.5,
                             seconds: min(markSeconds, step.seconds))
        case .rest:
            return BreathCue(from: lowHz, to: lowHz, level: markLevel, attack: 0.3, release: 0.5,
                             seconds: min(markSeconds, step.seconds))
        }
    }

    /// A generator for the cue lasting exactly `frames` frames.
    public func makeGenerator(frames: Int, format: AudioFormat) -> ToneSweep {
        ToneSweep(from: from, to: to, seconds: format.seconds(frames), level: level, attack: attack, release: release,
                  format: format)
    }
}
