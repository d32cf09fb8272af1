/// Where the system's wall clock got its time from, as the runner works it out at start and
/// whenever the clock changes. The alarm trusts every source but `untrusted`.
public enum ClockSource: String, Sendable, Codable {
    /// Network time synchronised it (the kernel's STA_UNSYNC is clear).
    case ntp
    /// Read at boot from a battery-backed real-time clock that holds a plausible time and agrees
    /// with the system clock.
    case rtc
    /// The owner set it on the box (or with `sleepbox ctl clock set`) since this boot.
    case setByHand
    /// None of the above: after a power cut with no network and no RTC the time can be anything.
    case untrusted

    /// Whether alarms can count on the clock (the idle screen marks it otherwise).
    public var isTrusted: Bool { self != .untrusted }
}
