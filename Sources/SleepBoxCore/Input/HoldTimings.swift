/// When a button kept down makes "held" events, the way Rockbox's button driver makes
/// `BUTTON_REPEAT`: per button, how long it must stay down before the first, and how often the
/// next ones follow while it stays down.
///
/// The box decides what a held event means (seek, open the menu, dismiss the alarm); these timings
/// only say when the input decoder reports one.
public struct HoldTimings: Sendable, Equatable {
    /// One button's timing.
    public struct Timing: Sendable, Equatable {
        /// Seconds down before the first held event.
        public var threshold: Double
        /// Seconds between held events after the first while the button stays down; nil for one
        /// held event only.
        public var repeatInterval: Double?

        /// A first held event after `threshold` seconds, then one every `repeatInterval` seconds.
        public init(threshold: Double, repeatInterval: Double? = nil) {
            self.threshold = threshold
            self.repeatInterval = repeatInterval
        }

        /// How long the button has been down at its held event number `index` (0 = the first), or
        /// nil when there is no such event. A threshold that is not a positive finite number gives
        /// no held events, such a repeat interval no repeats.
        func seconds(atHeld index: Int) -> Double? {
            guard threshold.isFinite, threshold > 0 else { return nil }
            if index == 0 { return threshold }
            guard let interval = repeatInterval, interval.isFinite, interval > 0 else { return nil }
            return threshold + Double(index) * interval
        }
    }

    public var leaf: Timing?
    public var skip: Timing?
    public var timer: Timing?
    public var knob: Timing?

    /// Timings for each button; nil for a button whose hold means nothing.
    public init(leaf: Timing? = nil, skip: Timing? = nil, timer: Timing? = nil, knob: Timing? = nil) {
        self.leaf = leaf
        self.skip = skip
        self.timer = timer
        self.knob = knob
    }

    /// The timings a configuration asks for: the leaf after `alarmBehaviour.dismissHoldSeconds`
    /// (dismisses the alarm); skip after `playback.holdSeconds`, then every
    /// `playback.seekRepeatSeconds` (seeks forward), the timer the same (seeks back); the knob
    /// after `playback.holdSeconds` (the library menu, a favourite, skip tonight).
    public init(playback: PlaybackSettings, alarmBehaviour: AlarmBehaviour) {
        self.init(leaf: Timing(threshold: alarmBehaviour.dismissHoldSeconds),
                  skip: Timing(threshold: playback.holdSeconds, repeatInterval: playback.seekRepeatSeconds),
                  timer: Timing(threshold: playback.holdSeconds, repeatInterval: playback.seekRepeatSeconds),
                  knob: Timing(threshold: playback.holdSeconds))
    }

    /// The timings `config` asks for (see `init(playback:alarmBehaviour:)`).
    public init(_ config: BoxConfig) {
        self.init(playback: config.playback, alarmBehaviour: config.alarmBehaviour)
    }

    /// The timings of the factory settings.
    public static let standard = HoldTimings(playback: PlaybackSettings(), alarmBehaviour: AlarmBehaviour())

    /// The timing of `button`.
    public subscript(button: Button) -> Timing? {
        switch button {
        case .leaf: return leaf
        case .skip: return skip
        case .timer: return timer
        case .knob: return knob
        }
    }
}
