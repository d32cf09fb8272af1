import SleepBoxSystem

/// What setting the clock did besides the system clock.
public struct ClockSetOutcome: Sendable, Equatable {
    /// What became of the RTC.
    public var rtc: RTCWrite
    /// Why the hand setting could not be remembered in the state folder (a restart then forgets
    /// it); nil when it was.
    public var remembered: SystemError?

    public init(rtc: RTCWrite, remembered: SystemError?) {
        self.rtc = rtc
        self.remembered = remembered
    }

    public enum RTCWrite: Sendable, Equatable {
        /// The RTC now holds the new time.
        case written(String)
        /// There is no RTC: the time lasts until the next power cut.
        case absent(String)
        /// The RTC could not be written (the system clock is set all the same).
        case failed(SystemError)
        /// Simulated hardware: the box's own clock moved (its offset kept in this file); this
        /// computer's clock and RTC were left alone.
        case simulated(String)
    }

    /// One line for the log and `sleepbox ctl clock set`.
    public var summary: String {
        var text: String
        switch rtc {
        case .written(let path): text = "written to the RTC \(path)"
        case .absent(let path): text = "no RTC (\(path)): the time lasts until the next power cut"
        case .failed(let error): text = "the RTC was not written: \(error)"
        case .simulated(let path):
            text = "simulated hardware: the box's own clock (its offset from this computer's clock is kept in \(path)); this computer's clock and RTC were not touched"
        }
        if let remembered { text += "; not remembered across restarts: \(remembered)" }
        return text
    }
}

/// The system clock could not be set.
public struct ClockSetError: Error, Sendable, Equatable, CustomStringConvertible {
    public var cause: SystemError

    public init(cause: SystemError) { self.cause = cause }

    public var description: String {
        let fix = cause.isPermissionDenied
            ? ": the service needs CAP_SYS_TIME (the packaged unit grants it; see deploy/README.md)" : ""
        return "the clock was not set: \(cause)\(fix)"
    }
}
