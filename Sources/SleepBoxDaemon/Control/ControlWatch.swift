import SleepBoxCore
import SleepBoxRunner
import SleepBoxSystem

/// What the control socket's watchers (`{"cmd":"watch"}`, `sleepbox ctl watch`) are told, one
/// JSON line each: the alarm's moments as they happen (`{"event":"rang","alarm":1,"at":
/// "2026-11-23T06:45:00+01:00"}`, then `snoozed`, `dismissed`, `rangWithoutSound`, `greeting`;
/// `"nap":true` in place of the alarm for the nap's ring),
/// and `{"event":"changed"}` once a wake-up when what a client shows has changed (what plays, the
/// volume, the timer, the alarms, the light, the companion's switch and epoch): the client then asks for the status. Nothing is
/// said while only the position moves on, so a watcher wakes with the box, not with the clock.
public final class ControlWatch: RunnerObserver {
    /// What a client shows, compared from one box event to the next.
    private struct Shown: Equatable {
        var mode: Mode
        var phase: String
        var item: ItemID?
        var volume: Int
        var timer: TimerChoice?
        var alarms: [AlarmSettings?]
        var light: LightPlan
        var language: Language
        var companion: CompanionSwitch

        init(_ box: Box) {
            let s = box.state
            mode = s.mode
            phase = s.phase.name
            item = s.playback?.item
            volume = s.volume
            timer = s.timer?.choice
            alarms = s.alarms
            light = s.light.plan
            language = box.config.language
            companion = s.companion.link
        }
    }

    private var shown: Shown?
    private var lines: [String] = []
    private var changed = false
    /// The timer session before the box's last event: a ring that ends a nap is the nap's.
    private var lastSession: TimerSession.Kind?
    /// The ring being told of is the nap's, not an alarm's.
    private var ringIsNap = false

    public init() {}

    public func boxStarted(_ box: Box, restored: Bool, commands: [Command], at moment: Moment) {
        shown = Shown(box)
        lastSession = box.state.session?.kind
    }

    public func boxHandled(_ event: Event, commands: [Command], box: Box, at moment: Moment) {
        for case .record(.event(let e)) in commands {
            let name: String
            switch e.kind {
            case .alarmRang: name = "rang"
            case .snoozed: name = "snoozed"
            case .dismissed: name = "dismissed"
            case .rangWithoutSound: name = "rangWithoutSound"
            case .greetingSpoken: name = "greeting"
            case .reminderShown: name = "reminder"
            }
            if e.kind == .alarmRang { ringIsNap = lastSession == .nap && box.state.session == nil }
            var fields: [(String, JSONValue)] = [("event", .string(name))]
            if e.kind != .reminderShown {
                fields.append(ringIsNap ? ("nap", .bool(true)) : ("alarm", .number(Double(box.state.ringingAlarm + 1))))
            }
            fields.append(("at", .string(box.clock.isoWithOffset(e.at))))
            lines.append(JSONValue.object(fields).serialized)
        }
        lastSession = box.state.session?.kind
        let now = Shown(box)
        if now != shown {
            shown = now
            changed = true
        }
    }

    /// The lines to send since the last call: the events in order, then one `changed`.
    public func take() -> [String] {
        defer {
            lines.removeAll()
            changed = false
        }
        return lines + (changed ? [#"{"event":"changed"}"#] : [])
    }
}
