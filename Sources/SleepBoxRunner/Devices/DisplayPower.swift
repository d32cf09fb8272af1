/// When the panel is lit: for `timeout` seconds after any input, always while the alarm rings or
/// is snoozed. A bedside screen that stays lit all night keeps people awake; a screen that wakes
/// with any touch is still there when wanted. The input that wakes the screen also acts.
public struct DisplayPower: Sendable, Equatable {
    /// Seconds after the last input before the panel goes dark; nil or 0: always on.
    public var timeout: Double?
    public private(set) var lastInput: Double

    public init(timeout: Double?, startUptime: Double) {
        self.timeout = timeout
        self.lastInput = startUptime
    }

    public mutating func inputHappened(at uptime: Double) { lastInput = max(lastInput, uptime) }

    /// Whether the panel should be on at `uptime`.
    public func isOn(at uptime: Double, alarmActive: Bool) -> Bool {
        guard let timeout, timeout > 0, !alarmActive else { return true }
        return uptime < lastInput + timeout
    }

    /// When the panel goes dark next if nothing happens (nil when it stays on).
    public func nextChange(after uptime: Double, alarmActive: Bool) -> Double? {
        guard let timeout, timeout > 0, !alarmActive else { return nil }
        let off = lastInput + timeout
        return off > uptime ? off : nil
    }
}
