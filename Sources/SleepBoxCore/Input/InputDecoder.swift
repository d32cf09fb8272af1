/// Turns raw edges from the box's input lines into the core's events.
///
/// Each button line (leaf, skip, timer, the knob's switch) has its own `Debouncer`; the
/// encoder's A and B lines feed a `QuadratureDecoder` without time-based debouncing. Outputs are
/// `Event.buttonPressed` / `.buttonReleased` (the knob's switch as `.knob`), one
/// `.knobTurned(detents: ±1)` per detent, and `.buttonHeld` while a button stays down (see
/// `HoldTimings`): the first at its threshold after the debounced press, then one at each repeat,
/// all before the release. A held event due at the very time of another event comes first.
///
/// Time arrives as arguments: the kernel's timestamp of each edge, and the time `advance(to:)`
/// moves to, in seconds on one monotonic clock. Feed edges in time order, and feed every queued
/// edge stamped at or before `t` before calling `advance(to: t)`. The `timed` variants also say
/// when each event happened (an edge's time, or a lock-out end), so the caller can stamp the
/// event's `Moment` exactly.
///
/// Each edge changes one encoder contact, so the decoder sees single steps only; an edge that
/// repeats a contact's level (the opposite edge was missed, so the contact went and came back)
/// has no net effect and is ignored.
public struct InputDecoder: Sendable, Equatable {
    /// An event and the time it happened, in seconds.
    public struct TimedEvent: Sendable, Equatable {
        /// The event.
        public var event: Event
        /// When it happened: the edge's time, or the lock-out end for a debounced change
        /// reported late.
        public var time: Double

        /// `event` at `time`.
        public init(_ event: Event, at time: Double) {
            self.event = event
            self.time = time
        }
    }

    /// The encoder's decoder (for its `invalidTransitions` count and levels).
    public private(set) var encoder: QuadratureDecoder
    /// When held buttons make held events. Set it when the configuration is reloaded: a button
    /// down now follows the new timings from its next held event.
    public var holdTimings: HoldTimings
    private var leaf: Debouncer
    private var skip: Debouncer
    private var timer: Debouncer
    private var knobSwitch: Debouncer
    /// The buttons reported down since their press (not those found down by `synchronize`).
    private var holds: [Button: HoldProgress] = [:]

    /// A button down: when its press was reported and how many held events it has made.
    private struct HoldProgress: Sendable, Equatable {
        var since: Double
        var count: Int
    }

    /// A decoder with every button released and the encoder at rest.
    ///
    /// - Parameters:
    ///   - lockout: the buttons' debounce lock-out in seconds (see `Debouncer`).
    ///   - encoderRest: where the encoder's contacts sit in a detent.
    ///   - holdTimings: when held buttons make held events (`HoldTimings(config)` for a
    ///     configuration; the factory settings' by default).
    public init(lockout: Double = Debouncer.defaultLockout,
                encoderRest: QuadratureDecoder.RestState = .bothInactive,
                holdTimings: HoldTimings = .standard) {
        encoder = QuadratureDecoder(rest: encoderRest)
        self.holdTimings = holdTimings
        leaf = Debouncer(lockout: lockout)
        skip = Debouncer(lockout: lockout)
        timer = Debouncer(lockout: lockout)
        knobSwitch = Debouncer(lockout: lockout)
    }

    /// The debouncer of one button.
    public func debouncer(for button: Button) -> Debouncer {
        switch button {
        case .leaf: return leaf
        case .skip: return skip
        case .timer: return timer
        case .knob: return knobSwitch
        }
    }

    /// When `advance(to:)` must next be called, for a pending debounced change or the next held
    /// event of a button down, or nil.
    public var nextDeadline: Double? {
        let changes = Button.allCases.compactMap { debouncer(for: $0).nextDeadline }
        let holds = Button.allCases.compactMap { nextHeld(of: $0)?.time }
        return (changes + holds).min()
    }

    /// Takes one edge: the line, its logical level after the edge, and the edge's time.
    ///
    /// Returns the events it causes, in time order, including changes from lock-outs that ended
    /// before `time`. An edge with a NaN or infinite time is ignored.
    public mutating func edge(_ line: RawLine, active: Bool, at time: Double) -> [Event] {
        timedEdge(line, active: active, at: time).map(\.event)
    }

    /// Moves time on to `time` and returns the debounced changes and held events due by then, in
    /// time order.
    public mutating func advance(to time: Double) -> [Event] {
        timedAdvance(to: time).map(\.event)
    }

    /// `edge(_:active:at:)`, with the time of each event.
    public mutating func timedEdge(_ line: RawLine, active: Bool, at time: Double) -> [TimedEvent] {
        guard time.isFinite else { return [] }
        if let button = line.button {
            // One debouncer's edge must not overtake another's change that was due earlier.
            var changes = settle(excluding: button, before: time)
            changes += withDebouncer(button) { $0.edge(active: active, at: time) }.map { (button, $0) }
            return report(changes, through: time)
        }
        var events = report(settle(excluding: nil, before: time), through: time)
        let a = line == .knobA ? active : encoder.a
        let b = line == .knobB ? active : encoder.b
        let detents = encoder.update(a: a, b: b)
        if detents != 0 {
            events.append(TimedEvent(.knobTurned(detents: detents), at: time))
        }
        return events
    }

    /// `advance(to:)`, with the time of each event.
    public mutating func timedAdvance(to time: Double) -> [TimedEvent] {
        guard time.isFinite else { return [] }
        var changes: [(Button, Debouncer.Change)] = []
        for button in Button.allCases {
            changes += withDebouncer(button) { $0.advance(to: time) }.map { (button, $0) }
        }
        return report(changes, through: time)
    }

    /// Feeds a sequence of edges (line, level, time) in order and returns every event they
    /// cause. Lock-outs still running after the last edge are left for `advance(to:)`.
    public mutating func feed(_ edges: [(RawLine, Bool, Double)]) -> [TimedEvent] {
        var events: [TimedEvent] = []
        for (line, active, time) in edges {
            events += timedEdge(line, active: active, at: time)
        }
        return events
    }

    /// Sets a line's level without emitting anything: for the driver's first reading of the
    /// lines at start-up. A button found down makes no held events (the box never saw it pressed).
    public mutating func synchronize(_ line: RawLine, active: Bool) {
        switch line {
        case .knobA: encoder.synchronize(a: active, b: encoder.b)
        case .knobB: encoder.synchronize(a: encoder.a, b: active)
        case .leaf, .skip, .timer, .knobSwitch:
            if let button = line.button {
                withDebouncer(button) { $0.synchronize(active: active) }
                holds[button] = nil
            }
        }
    }

    /// Reports every lock-out that ended strictly before `time`, leaving out `excluded` (whose
    /// own `edge` settles it). A lock-out ending exactly at `time` is left for later; its change
    /// keeps its own time either way.
    private mutating func settle(excluding excluded: Button?, before time: Double) -> [(Button, Debouncer.Change)] {
        var changes: [(Button, Debouncer.Change)] = []
        for button in Button.allCases where button != excluded {
            changes += withDebouncer(button) { $0.settle(through: time, inclusive: false) }.map { (button, $0) }
        }
        return changes
    }

    /// Turns debounced changes into events, in time order, with the held events of the buttons
    /// down among them: each held event due at or before a change comes before it, and those due
    /// at or before `horizon` after the last.
    private mutating func report(_ changes: [(Button, Debouncer.Change)], through horizon: Double) -> [TimedEvent] {
        var events: [TimedEvent] = []
        let ordered = changes.enumerated()
            .sorted { ($0.element.1.time, $0.offset) < ($1.element.1.time, $1.offset) }
            .map(\.element)
        for (button, change) in ordered {
            events += held(through: change.time)
            holds[button] = change.active ? HoldProgress(since: change.time, count: 0) : nil
            events.append(TimedEvent(change.active ? .buttonPressed(button) : .buttonReleased(button), at: change.time))
        }
        return events + held(through: horizon)
    }

    /// The held events due at or before `time`, in time order, counted as made.
    private mutating func held(through time: Double) -> [TimedEvent] {
        var events: [TimedEvent] = []
        // Bounded: each round makes one event and moves that button's next one later.
        for _ in 0..<10_000 {
            var earliest: (button: Button, time: Double, seconds: Double)?
            for button in Button.allCases {
                if let next = nextHeld(of: button), next.time <= time, next.time < (earliest?.time ?? .infinity) {
                    earliest = (button, next.time, next.seconds)
                }
            }
            guard let due = earliest else { break }
            holds[due.button]?.count += 1
            events.append(TimedEvent(.buttonHeld(due.button, seconds: due.seconds), at: due.time))
        }
        return events
    }

    /// When `button`'s next held event is due and how long it will have been down then; nil when
    /// it is up or has no more held events.
    private func nextHeld(of button: Button) -> (time: Double, seconds: Double)? {
        guard let hold = holds[button], let seconds = holdTimings[button]?.seconds(atHeld: hold.count) else { return nil }
        return (hold.since + seconds, seconds)
    }

    private mutating func withDebouncer<R>(_ button: Button, _ body: (inout Debouncer) -> R) -> R {
        switch button {
        case .leaf: return body(&leaf)
        case .skip: return body(&skip)
        case .timer: return body(&timer)
        case .knob: return body(&knobSwitch)
        }
    }
}
