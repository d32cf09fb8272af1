import SleepBoxCore
import SleepBoxSystem

/// Writes the simulator's trace: one JSON object per line, per input event and per change of
/// state, and every `every` seconds when asked (see docs/simulator.md for the fields). It watches
/// the runner as a `RunnerObserver`.
public final class TraceRecorder: RunnerObserver {
    private let sink: (String) -> Void
    private var lastKey: String?
    public private(set) var records = 0
    /// Seconds between periodic records, and the uptime of the next one.
    private let every: Double?
    private var nextTick: Double?
    /// The box's clock, for the light's lines.
    private var lastClock: LocalClock?
    /// The uptime the screen next changes on its own (`Box.nextScreenChange`), for a record then.
    private var screenChange: Double?

    /// A recorder handing each finished line (without newline) to `sink`, adding a record every
    /// `every` seconds of uptime when given.
    public init(every: Double? = nil, sink: @escaping (String) -> Void) {
        self.sink = sink
        self.every = every
        self.nextTick = every
    }

    public func boxStarted(_ box: Box, restored: Bool, commands: [Command], at moment: Moment) {
        record(box: box, at: moment, event: restored ? "restore" : "start", commands: commands, force: true)
    }

    /// An event handled: forced for everything that is not time alone (`event` null then).
    public func boxHandled(_ event: Event, commands: [Command], box: Box, at moment: Moment) {
        if case .timePassed = event {
            record(box: box, at: moment, event: nil, commands: commands, force: false)
        } else {
            record(box: box, at: moment, event: event.name, commands: commands, force: true)
        }
    }

    public var nextWake: Double? {
        guard let change = screenChange else { return nextTick }
        return min(change, nextTick ?? change)
    }

    /// A line of its own each time the light shows a new level: the lightness (CIE L*), the colour
    /// temperature, each channel's duty cycle in millionths of the period (nanoseconds at the
    /// default period of 1 ms) and the plan.
    public func lightShown(_ shown: LightDriver.Output, at moment: Moment) {
        let object: [(String, JSONValue)] = [
            ("t", .number(moment.uptime)), ("clock", lastClock.map { .string($0.isoLocal(moment.wall)) } ?? .null),
            ("event", .string("light")),
            ("light", .object([("lstar", .number((shown.level.lightness * 1000).rounded() / 1000)),
                               ("kelvin", .number(shown.level.kelvin.rounded())),
                               ("duty", .array(shown.duties.map { .number(($0 * 1e6).rounded()) })),
                               ("plan", .string(shown.plan))])),
        ]
        sink(JSONValue.object(object).serialized)
        records += 1
    }

    public func wake(_ box: Box, at moment: Moment) {
        guard let tick = nextTick, tick <= moment.uptime, let every else {
            // The screen changed without an event (the breathing guide began): recorded then.
            if let change = screenChange, change <= moment.uptime {
                record(box: box, at: moment, event: nil, commands: [], force: false)
            }
            return
        }
        record(box: box, at: moment, event: nil, commands: [], force: true)
        nextTick = tick + every
    }

    /// The last record: the state when the run ends.
    public func finish(_ box: Box, at moment: Moment) {
        record(box: box, at: moment, event: "end", commands: [], force: true)
    }

    /// Records the box's state at `now` when forced (an input event, a periodic record, the end),
    /// when commands were issued, or when the state visibly changed.
    public func record(box: Box, at now: Moment, event: String?, commands: [Command], force: Bool) {
        lastClock = box.clock
        screenChange = box.nextScreenChange(after: now)
        let fields = TraceRecorder.fields(box: box, at: now)
        let key = TraceRecorder.changeKey(fields)
        guard force || !commands.isEmpty || key != lastKey else { return }
        lastKey = key
        var object: [(String, JSONValue)] = [("t", .number(now.uptime)), ("clock", .string(box.clock.isoLocal(now.wall))),
                                             ("event", event.map(JSONValue.string) ?? .null)]
        object += fields
        object.append(("commands", .array(commands.map { .string($0.name) })))
        object.append(("spoken", TraceRecorder.spoken(commands).map(JSONValue.string) ?? .null))
        sink(JSONValue.object(object).serialized)
        records += 1
    }

    /// The state fields of a record, the same for the simulator's trace and the daemon's status.
    public static func fields(box: Box, at now: Moment) -> [(String, JSONValue)] {
        let s = box.state
        var item: JSONValue = .null
        if let (current, position) = box.currentItem(at: now) {
            var fields: [(String, JSONValue)] = [("id", .string(current.id)), ("kind", .string(current.kind.rawValue)),
                                                 ("title", .string(current.title)), ("position", .number(position)),
                                                 ("duration", .number(current.duration))]
            // A guided session's phase (opening, teaching, silence, closing).
            if let phase = GuidedPhase.at(position, in: current.phases) { fields.append(("phase", .string(phase.rawValue))) }
            item = .object(fields)
        }
        var timer: JSONValue = .null
        if let t = s.timer {
            let choice: JSONValue
            switch t.choice {
            case .minutes(let m): choice = .number(m)
            case .endOfContent: choice = .string("end")
            case .off: choice = .string("off")
            }
            timer = .object([("remaining", box.timerRemaining(at: now).map(JSONValue.number) ?? .null), ("choice", choice)])
        }
        func alarmObject(_ a: AlarmSettings) -> JSONValue {
            let next = AlarmSchedule(settings: a, clock: box.clock).nextRing(after: now.wall)
            return .object([("time", .string(a.timeText)), ("enabled", .bool(a.isEnabled)),
                            ("skipNext", .bool(a.skipNext)),
                            ("next", next.map { .string(box.clock.isoLocal($0)) } ?? .null)])
        }
        // Alarm 1 as before; every alarm with its days and sound; the next ring of them all.
        let alarm: JSONValue = s.alarm.map(alarmObject) ?? .null
        let alarms: JSONValue = .array(s.alarms.map { slot in
            guard let a = slot, case .object(var fields) = alarmObject(a) else { return .null }
            fields.insert(("days", .string(AlarmDays.words(for: a.weekdays).joined(separator: ","))), at: 1)
            fields.append(("sound", .string(a.sound ?? "chime")))
            if box.config.light.isPresent {
                fields.append(("dawn", (a.dawn ?? box.config.light.dawn) ? .number(box.dawnSeconds(a) / 60) : .bool(false)))
            }
            return .object(fields)
        })
        var nextRing: JSONValue = .null
        if let (t, slot) = box.nextAlarmSlot(after: now.wall) {
            nextRing = .object([("alarm", .number(Double(slot + 1))), ("at", .string(box.clock.isoLocal(t)))])
        }
        var session: JSONValue = .null
        if let t = s.session {
            var breath: JSONValue = .null
            if let guide = t.guide, let phase = guide.phase(at: t.guidePosition(at: now.uptime)) { breath = .string(phase.step.rawValue) }
            session = .object([("kind", .string(t.kind.rawValue)), ("remaining", .number(t.remaining(at: now.uptime))),
                               ("sound", t.sound.map(JSONValue.string) ?? .null), ("breath", breath)])
        }
        let schedule = box.reminderSchedule
        let reminder: JSONValue = .object([("time", .string(schedule.timeText)), ("enabled", .bool(schedule.isEnabled)),
                                           ("next", box.nextReminder.map { .string(box.clock.isoLocal($0)) } ?? .null)])
        let screen = box.display(at: now).screen
        var caption: JSONValue = .null
        if case .nowPlaying(let playing) = screen, let text = playing.caption { caption = .string(text) }
        // With a menu open: its title and the row the knob points at, as the screen shows them.
        var menu: [(String, JSONValue)] = []
        if case .menu(let m) = screen {
            let row = m.rows.indices.contains(m.selected) ? JSONValue.string(m.rows[m.selected].label) : .null
            menu = [("menu", .object([("title", .string(m.title)), ("row", row)]))]
        } else if case .pairing(let p) = screen {
            // The pairing page is a page too: its title, and the code or what a press does.
            let row = p.code ?? p.lines.last
            menu = [("menu", .object([("title", .string(p.title)), ("row", row.map(JSONValue.string) ?? .null)]))]
        }
        return [("mode", .string(s.mode.rawValue)), ("phase", .string(s.phase.name)), ("item", item), ("timer", timer),
                ("volume", .number(Double(s.volume))), ("alarm", alarm), ("alarms", alarms), ("nextRing", nextRing),
                ("contentCompleted", .bool(s.contentCompleted)),
                ("screen", .string(screen.name)), ("caption", caption), ("session", session), ("reminder", reminder)]
            + menu
            + [("clockSource", .string(s.clockSource.rawValue))]
            + (s.light.plan == .off ? [] : [("light", .string(s.light.plan.name))])
            + (s.light.ringWithoutSound ? [("ringWithoutSound", .bool(true))] : [])
            + (s.ownerMixes.isEmpty ? [] : [("mixes", .array(s.ownerMixes.map { mix in
                .object([("id", .string(mix.id)), ("name", .string(box.mixTitle(mix))),
                         ("layers", .array(mix.layers.map { layer in
                             .object([("sound", .string(layer.sound)), ("levelDB", .number(Double(layer.levelDB)))])
                         }))])
            }))])
    }

    /// The menu words said with `commands` (the last, when several), or nil.
    static func spoken(_ commands: [Command]) -> String? {
        commands.reduce(nil) { said, command in
            if case .speakMenu(let text) = command { return text }
            return said
        }
    }

    /// What counts as a change of state: everything but the moving position and countdown.
    private static func changeKey(_ fields: [(String, JSONValue)]) -> String {
        fields.map { name, value -> String in
            switch (name, value) {
            case ("item", .object(let f)): return JSONValue.object(f.filter { $0.0 != "position" }).serialized
            case ("timer", .object(let f)), ("session", .object(let f)):
                return JSONValue.object(f.filter { $0.0 != "remaining" }).serialized
            default: return value.serialized
            }
        }.joined(separator: "|")
    }
}
