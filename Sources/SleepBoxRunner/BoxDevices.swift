import SleepBoxCore

/// What a `BoxRunner` drives: the input lines, the display, the sound and where the state is
/// kept, with what the runner must know about them. The box on the bedside and the simulator
/// differ here (and in the clock), nowhere else.
public struct BoxDevices {
    /// Where button and knob edges come from.
    public var input: InputLines
    /// The panel, or what stands in for it.
    public var display: DisplayOutput
    /// The sound side.
    public var audio: AudioOutput
    /// Where snapshots are loaded from at start and saved to on `persist`; nil keeps nothing.
    public var state: StateSaving?
    /// Where the history is kept; nil keeps none.
    public var history: HistoryKeeping?
    /// How made-up presses bounce (script and interactive presses bounce like real contacts; the
    /// control socket's are clean); nil: no bounce.
    public var pressBounce: InputDecoder.Bounce?
    /// Whether somebody watches the display between events (a panel, a terminal, PNG frames): the
    /// runner then redraws at the display's own change times (a countdown, an animation).
    public var displayWatched: Bool
    /// The light (a PWM light, the breathing LED as a one-channel light, or none).
    public var light: LightOutput
    /// The companion's switch and pairing codes (a file beside the control socket, the
    /// simulator's own, or none).
    public var companion: CompanionLink

    /// Devices as the daemon has them: a watched display, clean made-up presses.
    public init(input: InputLines, display: DisplayOutput, audio: AudioOutput, state: StateSaving?,
                pressBounce: InputDecoder.Bounce? = nil, displayWatched: Bool = true,
                history: HistoryKeeping? = nil, light: LightOutput = NoLight(), companion: CompanionLink = NoCompanion()) {
        self.history = history
        self.companion = companion
        self.light = light
        self.input = input
        self.display = display
        self.audio = audio
        self.state = state
        self.pressBounce = pressBounce
        self.displayWatched = displayWatched
    }
}
