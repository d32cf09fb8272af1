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
    /// The owner set the volume directly (control socket), 0...100.
    case volumeSet(percent: Int)
    /// The system clock became trusted (synchronised) or untrusted.
    case clockTrustChanged(Bool)
    /// The sound device went away (false) or came back (true).
    case audioAvailabilityChanged(Bool)
    /// The audio side laid an item's speech out and found its pauses (seconds from the start).
    case speechPausesFound(ItemID, pauses: [ClosedRange<Double>])
    /// The audio side laid an item's speech out: its sentences and when each is spoken (the
    /// now-playing screen shows the current one when captions are on).
    case captionsFound(ItemID, lines: [CaptionLine])

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
        case .volumeSet(let p): return "volume \(p)"
        case .clockTrustChanged(let t): return t ? "clock synchronised" : "clock not synchronised"
        case .audioAvailabilityChanged(let a): return a ? "audio restored" : "audio unavailable"
        case .speechPausesFound(let id, let pauses): return "speechPauses \(id) \(pauses.count)"
        case .captionsFound(let id, let lines): return "captions \(id) \(lines.count)"
        }
    }
}
