import SleepBoxCore
import SleepBoxSystem

/// Something asked of the running box from outside its buttons: a line of a simulator script, a
/// request on the control socket, a key in the interactive simulator. `BoxRunner.perform(_:at:)`
/// carries each out the same way wherever it came from.
///
/// Presses, holds and turns become the edges a real button or encoder would make and go through
/// the same input decoder as the hardware's.
public enum BoxRequest: Sendable, Equatable {
    /// The state, for an answer (changes nothing).
    case status
    /// The display's current frame, for an answer (changes nothing).
    case frame
    /// A short press (150 ms): down and up again.
    case press(Button)
    /// Down, held for `seconds`, then up.
    case hold(Button, seconds: Double)
    /// The knob turned by whole detents, negative counter-clockwise, one detent every 40 ms.
    case turn(Int)
    /// The wall clock set to this local time: a clock jump (only a virtual clock can be set).
    case clock(LocalDateTime)
    /// The owner sets the wall clock to this local time (in the box's time zone): the system's
    /// clock and the RTC on the box, the virtual clock in the simulator.
    case setClock(LocalDateTime)
    /// The clock's source and the RTC, for an answer (changes nothing).
    case clockStatus
    /// The minutes heard on each of the last `days` nights up to tonight, for a chart (changes
    /// nothing; `sleepbox ctl nights`).
    case nights(days: Int)
    /// A change to the alarm in a slot (0 is alarm 1, the one a request without a number changes).
    case alarmSlot(Int, AlarmChange)
    /// A setting made as on the box (`OwnerSetting.key`, a value in the configuration's words);
    /// nil goes back to the configuration file's.
    case setting(key: String, value: String?)
    /// The master volume set, in percent.
    case volume(Int)
    /// The light on, off or at a lightness (`sleepbox ctl light`).
    case light(LightRequest)
    /// The item with this id plays, as when chosen in the library (`sleepbox ctl play ID`).
    case play(String)
    /// What plays stops, as when the leaf turns the box off (`sleepbox ctl stop`).
    case stop
    /// A change to the bedtime reminder: a time (and days), or on or off (`sleepbox ctl reminder`).
    case reminder(AlarmChange)
    /// A change to the meditation timer, or its start (`sleepbox ctl meditation`).
    case meditation(MeditationChange)
    /// The ringing alarm snoozes (`sleepbox ctl snooze`); refused when none rings.
    case snooze
    /// The ringing or snoozed alarm is dismissed (`sleepbox ctl dismiss`); refused when none is.
    case dismiss
    /// The sleep timer set to minutes, to the end of the content, or off (`sleepbox ctl timer`).
    case sleepTimer(TimerChoice)
    /// The home network switched on or off, or the paired devices forgotten (`sleepbox ctl companion`).
    case companion(CompanionChange)
    /// The companion tries the pairing code the box shows (six digits).
    case pair(code: String)
    /// The companion says where its page answers ("192.168.1.20:8080"), for the pairing page: the
    /// box itself may see no network (the daemon's unit gives it none).
    case companionAddress(String)
    /// Fault injection (simulator scripts only): the sound device is lost (writes fail) or back.
    case soundDevice(lost: Bool)
    /// The run ends here.
    case end
}

/// The limits of a request, the same on the control socket and in a script.
extension BoxRequest {
    /// The longest hold, in seconds.
    public static let longestHold = 60.0
    /// The largest turn either way, in detents.
    public static let mostDetents = 100
    /// The volume, in percent.
    public static let volumePercent = 0...100
    /// The nights a `nights` request may ask for: up to a year.
    public static let nightsDays = 1...366

    /// What `value` asks of the companion, one grammar for the socket's `set` and scripts'
    /// `companion`: "on", "off" (and "forget" where `forget` is taken).
    public static func companionChange(_ value: JSONValue?, field: String, forget: Bool) -> Result<CompanionChange, RequestError> {
        switch value {
        case .string("on")?: return .success(.on)
        case .string("off")?: return .success(.off)
        case .string("forget")? where forget: return .success(.forget)
        default:
            return .failure(RequestError("\"\(field)\" must be \"on\"" + (forget ? ", \"off\" or \"forget\"" : " or \"off\"")))
        }
    }

    /// An address the companion may give: `host:port` with a numeric IPv4 address or a host name,
    /// or `[IPv6]:port`; at most 80 characters, a port from 1 to 65535.
    public static func isCompanionAddress(_ text: String) -> Bool {
        guard (3...80).contains(text.utf8.count), let colon = text.lastIndex(of: ":"),
              let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else { return false }
        var host = text[..<colon]
        if host.hasPrefix("[") {
            guard host.hasSuffix("]") else { return false }
            host = host.dropFirst().dropLast()
            return !host.isEmpty && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// Why a try of a pairing code is refused, as the control socket answers it; nil when it paired.
    public static func pairingRefusal(_ verdict: PairingVerdict) -> String? {
        switch verdict {
        case .paired: return nil
        case .switchedOff: return "the home network is switched off on the box"
        case .noCode: return "no pairing code is shown on the box"
        case .wrong(0): return "wrong code; that was its last try: show a new one on the box"
        case .wrong(let left): return "wrong code (\(left) more \(left == 1 ? "try" : "tries") for this code)"
        case .lapsed: return "the code has lapsed; show a new one on the box"
        }
    }

    /// The sleep timer `value` sets, one grammar for the socket and scripts: minutes (1 to 1440),
    /// "end" (to the end of the content) or "off".
    public static func sleepTimer(_ value: JSONValue, field: String) -> Result<TimerChoice, RequestError> {
        switch value {
        case .string("off"): return .success(.off)
        case .string("end"): return .success(.endOfContent)
        case .number(let m) where OwnerRequest.sleepTimerMinutes.contains(m): return .success(.minutes(m))
        default:
            let range = OwnerRequest.sleepTimerMinutes
            return .failure(RequestError("\"\(field)\" must be minutes from \(Int(range.lowerBound)) to \(Int(range.upperBound)), "
                                         + "\"end\" (to the end of what plays) or \"off\""))
        }
    }
}

/// What a request does to one alarm.
public enum AlarmChange: Sendable, Equatable {
    /// Set to this time (and these weekdays, 1 = Sunday, when given) and enabled.
    case set(hour: Int, minute: Int, weekdays: Set<Int>?)
    /// Switched on or off.
    case enable(Bool)
    /// Its next ring skipped, or no longer skipped.
    case skipNext(Bool)
    /// Removed.
    case clear
    /// Wakes with this sound (`AlarmSettings.sounds`; nil: the chime).
    case sound(String?)
    /// Its own ramp, snooze and volume; nil: the configuration's `[alarm]` again.
    case rampSeconds(Double?)
    case snoozeMinutes(Double?)
    case volume(Int?)
    /// Its own dawn: minutes of light before it rings (0: none); nil: `[light]`'s again.
    case dawnMinutes(Int?)
}
