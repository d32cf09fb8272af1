import SleepBoxContent
import SleepBoxHardware

/// The configuration of the box's devices and folders (the parts of the file the state machine
/// does not see): board profile and pin overrides, the display, the sound device, the voice, paths.
public struct DeviceSettings: Sendable, Equatable {
    /// `[board] profile`: "auto" (detect the Pi model), a profile name ("pi-4"), or a file path.
    public var boardProfile: String = "auto"
    /// `[board] debounce_ms`: the buttons' debounce lock-out (the first edge counts at once; edges
    /// within this time after it are bounce).
    public var debounceMilliseconds: Double = 5
    /// `[pins]`: lines moved away from the profile's.
    public var pinOverrides: [BoardPinOverride] = []
    /// `[display] screen_timeout_seconds`: the panel goes dark this long after the last input;
    /// 0 keeps it on.
    public var screenTimeoutSeconds: Double = 60
    /// `[display] controller`: overrides the profile's ("ssd1306" or "sh1106").
    public var displayController: OLEDController?
    /// `[display] address`: overrides the profile's (0x3c or 0x3d).
    public var displayAddress: Int?
    /// `[display] rotate`: the panel is mounted upside down.
    public var displayRotated = false
    /// `[audio] device`: the ALSA device ("default", "hw:0", "plughw:1,0", ...).
    public var audioDevice: String = "default"
    /// `[audio] loudness_lufs`: the integrated loudness (EBU R128) every item plays at
    /// (`ItemLoudness.defaultTarget`, -26 LUFS).
    public var loudness: Double = ItemLoudness.defaultTarget
    /// `[audio] ambient_level_db`: where continuous sound (ambient generators, tones, mixes)
    /// plays relative to `loudness`, 0 or less (`ItemLoudness.defaultContinuousOffset`, -6 dB).
    public var ambientLevel: Double = ItemLoudness.defaultContinuousOffset
    /// `[audio] sample_rate`: the engine's rate.
    public var sampleRate: Int = 48_000
    /// `[audio] period_ms` and `buffer_ms`: the device's period and buffer.
    public var periodMilliseconds: Double = 10
    public var bufferMilliseconds: Double = 100
    /// `[paths] content`: the bundled library (nil: found next to the program or in
    /// /usr/local/share/sleepbox/content).
    public var contentDirectory: String?
    /// `[paths] user_content`: the owner's own items (nil: `user-content` in the state directory).
    public var userContentDirectory: String?
    /// `[voice]`: the text-to-speech engine, its voice, rate and pitch.
    public var voice = VoiceSettings()
    /// `[light]`: the PWM chip and channels of the wake light, and its LEDs.
    public var light = PWMLightSettings()

    public init() {}
}
