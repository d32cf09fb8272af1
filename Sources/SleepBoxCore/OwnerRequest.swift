/// What the owner asked of the box from outside its screens (`sleepbox ctl play`, `stop`,
/// `reminder`, `meditation`): each is carried out as the same choice on the screens would be.
public enum OwnerRequest: Sendable, Equatable {
    /// This item plays, as when chosen in the library.
    case play(ItemID)
    /// What plays stops, as when the leaf turns the box off.
    case stop
    /// The bedtime reminder's time, days and switch (kept in the state: it wins over the file).
    case reminder(AlarmSettings)
    /// The meditation timer's length, bed, guide and interval bell (kept in the state).
    case meditation(MeditationChoice)
    /// The meditation timer starts as it is set up, as Timers > Meditation timer > Start does.
    case startMeditation
    /// The ringing alarm snoozes, as a button pressed while it rings does.
    case snooze
    /// The alarm, ringing or snoozed, is dismissed, as a held leaf does.
    case dismiss
    /// The sleep timer set as its choice on the box is (`.minutes`, `.endOfContent`; `.off` cancels it).
    case sleepTimer(TimerChoice)
    /// The home network switched on or off, or the paired devices forgotten (Settings > Connect).
    case companion(CompanionChange)
    /// The companion tries a pairing code (the runner has checked it is six digits).
    case pair(String)

    /// A short name for traces and logs.
    public var name: String {
        switch self {
        case .play(let id): return "play \(id)"
        case .stop: return "stop"
        case .reminder(let r): return "reminder \(r.timeText) \(r.isEnabled ? "on" : "off")"
        case .meditation(let c): return "meditation \(Int(c.minutes)) min"
        case .startMeditation: return "start meditation"
        case .snooze: return "snooze"
        case .dismiss: return "dismiss"
        case .companion(let change): return "companion \(change.rawValue)"
        case .pair: return "pair"
        case .sleepTimer(let c):
            switch c {
            case .off: return "timer off"
            case .endOfContent: return "timer end of content"
            case .minutes(let m): return "timer \(m == m.rounded() ? String(Int(m)) : String(m)) min"
            }
        }
    }

    /// The sleep timer's length a request may set, in minutes (a day at most, as `[timer] choices`).
    public static let sleepTimerMinutes: ClosedRange<Double> = 1...1440

    /// The meditation timer's length a request may set, in minutes (as `[meditation] minutes`).
    public static let meditationMinutes: ClosedRange<Double> = 1...180
}

extension Box {
    /// Carries out `request` at `now` (the runner checked it: the item exists, the values are in range).
    mutating func carryOut(_ request: OwnerRequest, at now: Moment, into out: inout [Command]) {
        switch request {
        case .play(let id):
            guard let item = catalog.item(id) else { return }
            play(chosen: item, at: now, into: &out)
        case .stop:
            turnOff(at: now, into: &out)
        case .reminder(let r):
            // A skip belongs to the reminder it was set for.
            if r.hour != reminderSchedule.hour || r.minute != reminderSchedule.minute { state.reminderLog.skipping = nil }
            state.reminder = r
        case .meditation(let c):
            state.meditationChoice = c
        case .startMeditation:
            startMeditation(at: now, into: &out)
        case .snooze:
            switch state.phase {
            case .ringing, .greeting: snooze(at: now, into: &out)
            default: break
            }
        case .dismiss:
            if state.phase.isAlarmActive { dismissAlarm(at: now, into: &out) }
        case .sleepTimer(let choice):
            commitTimer(choice, at: now, into: &out)
        case .companion(let change):
            changeCompanion(change, at: now)
        case .pair(let code):
            tryPairing(code, at: now, into: &out)
        }
    }
}
