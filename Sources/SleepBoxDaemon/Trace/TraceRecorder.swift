import SleepBoxCore

/// Writes the simulator's trace: one JSON object per line, per input event and per change of
/// state (see docs/simulator.md for the fields).
public final class TraceRecorder {
    private let sink: (String) -> Void
    private var lastKey: String?
    public private(set) var records = 0

    /// A recorder handing each finished line (without newline) to `sink`.
    public init(sink: @escaping (String) -> Void) { self.sink = sink }

    /// Records the box's state at `now` when forced (an input event, a periodic record, the end),
    /// when commands were issued, or when the state visibly changed.
    public func record(box: Box, at now: Moment, event: String?, commands: [Command], force: Bool) {
        let fields = TraceRecorder.fields(box: box, at: now)
        let key = TraceRecorder.changeKey(fields)
        guard force || !commands.isEmpty || key != lastKey else { return }
        lastKey = key
        var object: [(String, JSONValue)] = [("t", .number(now.uptime)), ("clock", .string(box.clock.isoLocal(now.wall))),
                                             ("event", event.map(JSONValue.string) ?? .null)]
        object += fields
        object.append(("commands", .array(commands.map { .string($0.name) })))
        sink(JSONValue.object(object).serialized)
        records += 1
    }

    /// The state fields of a record, the same for the simulator's trace and the daemon's status.
    public static func fields(box: Box, at now: Moment) -> [(String, JSONValue)] {
        let s = box.state
        var item: JSONValue = .null
        if let (current, position) = box.currentItem(at: now) {
            item = .object([("id", .string(current.id)), ("kind", .string(current.kind.rawValue)),
                            ("title", .string(current.title)), ("position", .number(position)),
                            ("duration", .number(current.duration))])
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
        var alarm: JSONValue = .null
        if let a = s.alarm {
            alarm = .object([("time", .string(a.timeText)), ("enabled", .bool(a.isEnabled)),
                             ("skipNext", .bool(a.skipNext)),
                             ("next", box.nextAlarm(after: now.wall).map { .string(box.clock.isoLocal($0)) } ?? .null)])
        }
        return [("mode", .string(s.mode.rawValue)), ("phase", .string(s.phase.name)), ("item", item), ("timer", timer),
                ("volume", .number(Double(s.volume))), ("alarm", alarm), ("contentCompleted", .bool(s.contentCompleted)),
                ("screen", .string(box.display(at: now).screen.name))]
    }

    /// What counts as a change of state: everything but the moving position and countdown.
    private static func changeKey(_ fields: [(String, JSONValue)]) -> String {
        fields.map { name, value -> String in
            switch (name, value) {
            case ("item", .object(let f)): return JSONValue.object(f.filter { $0.0 != "position" }).serialized
            case ("timer", .object(let f)): return JSONValue.object(f.filter { $0.0 != "remaining" }).serialized
            default: return value.serialized
            }
        }.joined(separator: "|")
    }
}
