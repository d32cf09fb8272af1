import CGPIOD
import SleepBoxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turning libgpiod's line events into the `(RawLine, active, time)` edges `InputDecoder` takes:
/// pure functions, so they are tested without a GPIO chip.
///
/// The driver requests active-low lines with `GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW`, so the kernel
/// already reports logical levels: for a both-edges request the v1 uAPI reads the line's value
/// when it queues the event and calls it a rising edge when that value is 1 (active). A rising
/// edge is therefore always "pressed / contact closed", whatever the wiring.
public enum GPIOEdge {
    /// libgpiod's `GPIOD_LINE_EVENT_RISING_EDGE`: the line became active.
    public static let risingEdge = Int32(GPIOD_LINE_EVENT_RISING_EDGE)
    /// libgpiod's `GPIOD_LINE_EVENT_FALLING_EDGE`: the line became inactive.
    public static let fallingEdge = Int32(GPIOD_LINE_EVENT_FALLING_EDGE)

    /// How far an event's stamp may lie after the monotonic clock read just after the event was
    /// read, in seconds, before the stamp is taken to come from another clock.
    public static let clockTolerance = 1.0

    /// The edge for one event of `line` (`struct gpiod_line_event`: `event_type`, `ts`): rising
    /// is active, falling inactive, the time the stamp in seconds. Nil for an unknown event type
    /// or a stamp that is not a valid time.
    public static func edge(_ line: RawLine, eventType: Int32, timestamp: timespec) -> (RawLine, Bool, Double)? {
        let active: Bool
        switch eventType {
        case risingEdge: active = true
        case fallingEdge: active = false
        default: return nil
        }
        guard let time = seconds(timestamp) else { return nil }
        return (line, active, time)
    }

    /// A `timespec` in seconds: `tv_sec + tv_nsec / 1e9`; nil when negative or when `tv_nsec`
    /// is outside 0..<1e9.
    ///
    /// A Double holds the nanoseconds exactly up to about 104 days of uptime, and to within a
    /// microsecond for 30 years: far finer than switch bounce.
    public static func seconds(_ timestamp: timespec) -> Double? {
        let nanoseconds = Int64(timestamp.tv_nsec)
        guard timestamp.tv_sec >= 0, (0..<1_000_000_000).contains(nanoseconds) else { return nil }
        return Double(timestamp.tv_sec) + Double(nanoseconds) / 1e9
    }

    /// Whether an event stamp can be on `CLOCK_MONOTONIC`, given the monotonic time read after
    /// the event was read: it may not lie in the future (beyond `clockTolerance`).
    ///
    /// Before Linux 5.7 the v1 uAPI stamped events with `CLOCK_REALTIME` (about 1.7e9 s now),
    /// which lies far ahead of the monotonic clock (the time since boot).
    public static func isMonotonic(eventTime: Double, monotonicNow: Double) -> Bool {
        eventTime <= monotonicNow + clockTolerance
    }

    /// `edges` sorted by time, keeping the given order among equal times (each line's own
    /// events are already in order; this merges the lines).
    public static func timeOrdered(_ edges: [(RawLine, Bool, Double)]) -> [(RawLine, Bool, Double)] {
        edges.enumerated()
            .sorted { ($0.element.2, $0.offset) < ($1.element.2, $1.offset) }
            .map(\.element)
    }
}
