/// The ranges of an alarm's own ramp, snooze and volume: the same in the configuration
/// (`[alarm]`, `[[alarms]]`), on the control socket and in a simulator script.
extension AlarmSettings {
    /// Seconds the wake sound ramps up over: a second to half an hour.
    public static let rampSecondsRange: ClosedRange<Double> = 1...1800
    /// Minutes a snooze lasts: one to an hour.
    public static let snoozeMinutesRange: ClosedRange<Double> = 1...60
    /// The level the wake sound ramps to, in percent.
    public static let volumePercent = 0...100
}
