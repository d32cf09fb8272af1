/// Something that happened, as the core is told about it. Every event arrives together with the
/// `Moment` it happened at (see `Box.handle(_:at:)`).
public enum Event: Sendable, Equatable {
    /// A button went down (already debounced).
    case buttonPressed(Button)
    /// A button has been kept down `seconds` since it was pressed: the input decoder reports it at
    /// the button's hold threshold, then at each repeat (see `HoldTimings`), like Rockbox's
    /// `BUTTON_REPEAT`.
    case buttonHeld(Button, seconds: Double)
    /// A button came up (already debounced).
    case buttonReleased(Button)
    /// The knob turned by whole detents: positive clockwise.
    case knobTurned(detents: Int)
    /// Time moved on: a deadline the box asked for has come (or any wake-up with nothing else).
    case timePassed
    /// The wall clock was set or jumped (the box recomputes the alarm from the new time).
    case clockChanged
    /// The audio side played an item to its natural end.
    case itemFinished(ItemID)
    /// The audio side could not play an item (file missing, truncated, corrupt, unsupported).
    case itemFailed(ItemID, reason: String)
    /// The audio side reports where an item is (at a low rate, for persistence).
    case positionReported(ItemID, seconds: Double)
    /// The spoken wake greeting has finished.
    case speechFinished
    /// The owner set, changed or removed the alarm (control socket, menu).
    case alarmEdited(AlarmSettings?)
    /// The owner set, changed or removed the alarm in one slot (0 is the first).
    case alarmSlotEdited(Int, AlarmSettings?)
    /// The owner changed a setting from outside the box's screens (`OwnerSetting.key`, a value in
    /// the configuration's words; nil goes back to the configuration's).
    case settingChanged(String, String?)
    /// Facts for the about screen that only the runner knows.
    case aboutFacts(AboutFacts)
    /// The owner set the volume directly (control socket), 0...100.
    case volumeSet(percent: Int)
    /// The runner found the wall clock's source changed (synchronised, read from the RTC, set
    /// by hand, or untrusted).
    case clockSourceChanged(ClockSource)
    /// The owner asked for the wall clock to be set to `wall` (UTC seconds since 1970), from
    /// outside the screens (`sleepbox ctl clock set`, a simulator script's `setClock`).
    case clockSetRequested(wall: Double)
    /// Setting the wall clock failed (no privilege, no clock device); the source stays as it was.
    case clockSetFailed(reason: String)
    /// The sound device went away (false) or came back (true).
    case audioAvailabilityChanged(Bool)
    /// The audio side laid an item's speech out and found its pauses (seconds from the start).
    case speechPausesFound(ItemID, pauses: [ClosedRange<Double>])
    /// The audio side laid an item out and knows its real length (its speech rendered).
    case lengthMeasured(ItemID, seconds: Double)
    /// The audio side laid an item's speech out: its sentences and when each is spoken (the
    /// now-playing screen shows the current one when captions are on).
    case captionsFound(ItemID, lines: [CaptionLine])
    /// The runner read the history from its store (at start): the nights' screens show it.
    case historyLoaded([HistoryRecord])
    /// The owner asked for the light from outside the box's screens (`sleepbox ctl light`).
    case lightRequested(LightRequest)
    /// The owner asked for something from outside the box's screens (`sleepbox ctl play`, `stop`,
    /// `reminder`, `meditation`).
    case ownerRequested(OwnerRequest)
    /// The runner drew the pairing code asked for (`Command.drawPairingCode`): six digits, and the
    /// address of the companion's page ("192.168.1.20:8080"; nil with no network address).
    case pairingCodeDrawn(code: String, address: String?)

    /// A short name for traces and logs.
    public var name: String {
        switch self {
        case .buttonPressed(let b): return "press \(b.rawValue)"
        case .buttonHeld(let b, let seconds): return "held \(b.rawValue) \((seconds * 1000).rounded() / 1000)"
        case .buttonReleased(let b): return "release \(b.rawValue)"
        case .knobTurned(let d): return "turn \(d)"
        case .timePassed: return "time"
        case .clockChanged: return "clock"
        case .itemFinished(let id): return "itemFinished \(id)"
        case .positionReported(let id, let s): return "position \(id) \(s)"
        case .itemFailed(let id, let reason): return "itemFailed \(id): \(reason)"
        case .speechFinished: return "speechFinished"
        case .alarmEdited(let a): return "alarm " + (a.map { "\($0.timeText) \($0.isEnabled ? "on" : "off")\($0.skipNext ? " skip-next" : "")" } ?? "none")
        case .alarmSlotEdited(let slot, let a):
            return "alarm \(slot + 1) " + (a.map { "\($0.timeText) \($0.isEnabled ? "on" : "off")\($0.skipNext ? " skip-next" : "")" } ?? "none")
        case .settingChanged(let key, let value): return "setting \(key) \(value ?? "default")"
        case .aboutFacts: return "aboutFacts"
        case .volumeSet(let p): return "volume \(p)"
        case .clockSourceChanged(let s): return "clock source \(s.rawValue)"
        case .clockSetRequested(let wall): return "set clock \(wall)"
        case .clockSetFailed(let reason): return "clock not set: \(reason)"
        case .audioAvailabilityChanged(let a): return a ? "audio restored" : "audio unavailable"
        case .speechPausesFound(let id, let pauses): return "speechPauses \(id) \(pauses.count)"
        case .lengthMeasured(let id, let seconds): return "length \(id) \((seconds * 1000).rounded() / 1000)"
        case .captionsFound(let id, let lines): return "captions \(id) \(lines.count)"
        case .historyLoaded(let records): return "history \(records.count)"
        case .ownerRequested(let request): return request.name
        case .lightRequested(let r): return "light \(r.name)"
        case .pairingCodeDrawn: return "pairingCodeDrawn"
        }
    }
}
