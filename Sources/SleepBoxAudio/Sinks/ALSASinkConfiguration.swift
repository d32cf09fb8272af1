import SleepBoxSystem
/// What the ALSA sink asks of a device. The device may give something else: read
/// `ALSASink.parameters` for what it actually gave.
public struct ALSASinkConfiguration: Sendable, Equatable, Hashable {
    /// An ALSA PCM name: "default", "hw:Loopback,0,0", "plughw:0", "hifiberry", a name from asoundrc.
    public var device: String
    /// Audio per period (the device's interrupt); the sink wakes the loop once per period.
    public var period: ALSABufferSize
    /// Audio queued ahead in the device at most: the margin against a late loop.
    /// The sink asks for at least this much when the device allows it.
    public var buffer: ALSABufferSize
    /// The device starts playing once this many periods are queued (start threshold).
    public var startPeriods: Int
    /// Sample formats in order of preference; the first one the device takes is used.
    /// FLOAT_LE is left out by default so that plug devices get integer samples rounded by us.
    public var formats: [ALSASampleFormat]
    /// Retry schedule after the device could not be opened.
    public var backoff: RetryBackoff

    /// The defaults: "default", 10 ms periods, a buffer of at least 100 ms, start at two periods,
    /// S32_LE then S16_LE, retries from 0.5 s doubling to 30 s.
    public init(
        device: String = "default",
        period: ALSABufferSize = .milliseconds(10),
        buffer: ALSABufferSize = .milliseconds(100),
        startPeriods: Int = 2,
        formats: [ALSASampleFormat] = [.s32LE, .s16LE],
        backoff: RetryBackoff = RetryBackoff(initial: 0.5, maximum: 30)
    ) {
        self.device = device
        self.period = period
        self.buffer = buffer
        self.startPeriods = max(1, startPeriods)
        self.formats = formats
        self.backoff = backoff
    }
}
