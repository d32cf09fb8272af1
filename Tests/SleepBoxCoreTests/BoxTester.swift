import Foundation
import SleepBoxCore
import Testing

// Test support for the SleepBoxCore tests: fixtures, times, and `BoxTester`, an exhaustive
// TestStore-like driver for `Box`.

// MARK: - Fixtures

enum Fixture {
    static func berlin() throws -> TimeZone {
        try #require(TimeZone(identifier: "Europe/Berlin"))
    }

    /// Three playable meditations (two kinds of the meditation pool), one coming soon, three
    /// poems, and a story that belongs to no pool.
    static let catalog = Catalog(items: [
        ContentItem(id: "med-body-scan", title: "Body Scan", kind: .meditation, duration: 600),
        ContentItem(id: "med-breath", title: "Slow Breath", kind: .breathing, duration: 900),
        ContentItem(id: "med-nidra", title: "Yoga Nidra", kind: .yogaNidra, duration: 1200),
        ContentItem(id: "med-ocean", title: "Ocean", kind: .meditation, duration: 600, isAvailable: false),
        ContentItem(id: "poem-lake", title: "The Lake Isle", kind: .poem, duration: 60),
        ContentItem(id: "poem-hope", title: "Hope", kind: .poem, duration: 90),
        ContentItem(id: "poem-woods", title: "Stopping by Woods", kind: .poem, duration: 120),
        ContentItem(id: "story-fox", title: "The Fox", kind: .story, duration: 1500),
    ])

    static let meditationIDs: Set<ItemID> = ["med-body-scan", "med-breath", "med-nidra"]
    static let poemIDs: Set<ItemID> = ["poem-lake", "poem-hope", "poem-woods"]

    static func pool(_ mode: Mode) -> Set<ItemID> {
        switch mode {
        case .meditation: return meditationIDs
        case .poetry: return poemIDs
        case .off: return []
        }
    }

    static func duration(_ id: ItemID) -> Double {
        catalog.items.first { $0.id == id }?.duration ?? 0
    }

    static func title(_ id: ItemID) -> String? {
        catalog.items.first { $0.id == id }?.title
    }

    /// The factory settings in Europe/Berlin, with an optional alarm; the idle screen keeps its
    /// clock at night (the tests of the night face, `BoxTestsNightFace`, set it themselves).
    static func config(alarm: AlarmSettings? = nil, continueWithNext: Bool = false,
                       timerChoices: [Double] = [15, 30, 45, 60, 90], nightFace: NightFace = .clock) throws -> BoxConfig {
        var playback = PlaybackSettings()
        playback.continueWithNext = continueWithNext
        var display = DisplaySettings()
        display.nightFace = nightFace
        return BoxConfig(timeZone: try berlin(), timer: TimerSettings(choices: timerChoices), alarm: alarm,
                         playback: playback, display: display)
    }
}

// MARK: - Times

/// Wall seconds of a UTC date and time (independent of the code under test).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) throws -> Double {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
    let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day,
                                                                 hour: hour, minute: minute, second: second)))
    return date.timeIntervalSince1970
}

// MARK: - Shuffle mirror

/// A pick as the box will make it: the item and the generator and bag after it.
struct Pick {
    var mode: Mode
    var item: ItemID
    var bag: ShuffleBag
    var rng: SplitMix64

    /// Writes the generator and the bag the pick leaves behind into an expected state.
    func apply(to state: inout BoxState) {
        state.rng = rng
        state.shuffle[mode] = bag
    }
}

// MARK: - BoxTester

/// Holds a `Box` and the current `Moment`. `send` advances time, derives the expected state by
/// applying `update` to the previous state, hands the event to the box, and expects the whole new
/// state and the whole command list to be equal.
///
/// The tester writes two bookkeeping fields into every expected state (so every step checks them):
/// - `alarmLog.checkedUntil` is the wall time of every event (the alarm rule looks at each one);
/// - `lastPersistUptime` is the event's uptime whenever the expected commands contain `.persist`
///   (and the start's uptime after `start`).
///
/// Random picks: `pick(_:avoiding:)` predicts what the box draws, with a mirror `ShuffleBag` and
/// `SplitMix64` that start from the same seed (or the restored snapshot) and move only when a
/// test predicts a pick; a box drawing anything else is caught by the state comparison.
struct BoxTester {
    private(set) var box: Box
    private(set) var now: Moment
    /// The input decoder between raw edges and the box, with the box's hold timings (see `edge`).
    private(set) var decoder: InputDecoder
    private var mirrorRNG: SplitMix64
    private var mirrorBags: [Mode: ShuffleBag] = [:]
    /// Every history record the box emitted so far, in order. The history is checked by its own
    /// tests (BoxTestsHistory): `check` leaves its state and its `record` commands out.
    private(set) var recorded: [HistoryRecord] = []

    init(config: BoxConfig, catalog: Catalog = Fixture.catalog, seed: UInt64 = 7, at start: Moment) {
        self.box = Box(config: config, catalog: catalog, seed: seed)
        self.now = start
        self.decoder = InputDecoder(holdTimings: HoldTimings(config))
        self.mirrorRNG = SplitMix64(seed: seed)
    }

    var state: BoxState { box.state }
    var config: BoxConfig { box.config }

    /// `start(at:restoring:)` at the current moment.
    mutating func start(restoring snapshot: Snapshot? = nil,
                        update: (inout BoxState) -> Void = { _ in },
                        commands expected: [Command],
                        sourceLocation: SourceLocation = #_sourceLocation) {
        var expectedState = box.state
        update(&expectedState)
        expectedState.alarmLog.checkedUntil = now.wall
        expectedState.reminderLog.checkedUntil = now.wall
        expectedState.lastPersistUptime = now.uptime
        if let snapshot {
            mirrorRNG = snapshot.rng
            mirrorBags = [:]
            for (name, bag) in snapshot.shuffle { if let mode = Mode(rawValue: name) { mirrorBags[mode] = bag } }
        }
        let commands = box.start(at: now, restoring: snapshot)
        check(expectedState, commands, expected, sourceLocation)
    }

    /// Advances both clocks by `seconds` (the wall clock additionally by `wallJump`, a clock jump),
    /// then sends `event`.
    ///
    /// With `acceptingShuffle` the expected state takes the generator and the shuffle bags from the
    /// box (for picks the mirror cannot predict); the mirror then follows the box.
    mutating func send(_ event: Event, after seconds: Double = 0, wallJump: Double = 0,
                       acceptingShuffle: Bool = false,
                       update: (inout BoxState) -> Void = { _ in },
                       commands expected: [Command],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        now = Moment(uptime: now.uptime + seconds, wall: now.wall + seconds + wallJump)
        var expectedState = box.state
        update(&expectedState)
        expectedState.alarmLog.checkedUntil = now.wall
        expectedState.reminderLog.checkedUntil = now.wall
        if expected.contains(.persist) { expectedState.lastPersistUptime = now.uptime }
        let commands = box.handle(event, at: now)
        if acceptingShuffle {
            expectedState.rng = box.state.rng
            expectedState.shuffle = box.state.shuffle
            mirrorRNG = box.state.rng
            mirrorBags = box.state.shuffle
        }
        check(expectedState, commands, expected, sourceLocation)
    }

    /// Sends `event` at an absolute moment (uptime must not go back).
    mutating func send(_ event: Event, at moment: Moment,
                       update: (inout BoxState) -> Void = { _ in },
                       commands expected: [Command],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(moment.uptime >= now.uptime, "uptime went back", sourceLocation: sourceLocation)
        send(event, after: moment.uptime - now.uptime, wallJump: (moment.wall - now.wall) - (moment.uptime - now.uptime),
             update: update, commands: expected, sourceLocation: sourceLocation)
    }

    /// Advances both clocks by `seconds`, sets `button`'s line down (or up) there, and hands the box
    /// every event the input decoder reports by then (held events, the press or release), each at
    /// its own time, as the daemon's loop does. Expects the state after them all and all their
    /// commands; `.persist` moves `lastPersistUptime` to the time of the event that asked for it.
    mutating func edge(_ button: Button, down: Bool, after seconds: Double = 0,
                       update: (inout BoxState) -> Void = { _ in },
                       commands expected: [Command],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        now = now.advanced(by: seconds)
        let events = decoder.timedEdge(RawLine(button), active: down, at: now.uptime)
        deliver(events, update: update, commands: expected, sourceLocation: sourceLocation)
    }

    /// Advances both clocks by `seconds` with no edge, and hands the box what the input decoder
    /// reports by then (a button kept down: its held events), each at its own time; then wakes the
    /// box with `.timePassed` unless the last of them came at that very moment. Expects as `edge`.
    mutating func keepInput(for seconds: Double,
                            update: (inout BoxState) -> Void = { _ in },
                            commands expected: [Command],
                            sourceLocation: SourceLocation = #_sourceLocation) {
        keepInput(until: now.advanced(by: seconds), update: update, commands: expected, sourceLocation: sourceLocation)
    }

    /// `keepInput(for:)` up to an absolute moment (uptime must not go back).
    mutating func keepInput(until moment: Moment,
                            update: (inout BoxState) -> Void = { _ in },
                            commands expected: [Command],
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(moment.uptime >= now.uptime, "uptime went back", sourceLocation: sourceLocation)
        now = moment
        var events = decoder.timedAdvance(to: now.uptime)
        if events.last?.time != now.uptime { events.append(InputDecoder.TimedEvent(.timePassed, at: now.uptime)) }
        deliver(events, update: update, commands: expected, sourceLocation: sourceLocation)
    }

    private mutating func deliver(_ events: [InputDecoder.TimedEvent], update: (inout BoxState) -> Void,
                                  commands expected: [Command], sourceLocation: SourceLocation) {
        var expectedState = box.state
        update(&expectedState)
        expectedState.alarmLog.checkedUntil = now.wall
        expectedState.reminderLog.checkedUntil = now.wall
        var commands: [Command] = []
        for e in events {
            let issued = box.handle(e.event, at: Moment(uptime: e.time, wall: now.wall(atUptime: e.time)))
            if issued.contains(.persist) { expectedState.lastPersistUptime = e.time }
            commands += issued
        }
        check(expectedState, commands, expected, sourceLocation)
    }

    /// The moment `seconds` from now (no clock jump).
    func at(_ seconds: Double) -> Moment { now.advanced(by: seconds) }

    /// The moment the wall clock reads `wall` (no clock jump).
    func atWall(_ wall: Double) -> Moment { Moment(uptime: now.uptime(atWall: wall), wall: wall) }

    /// Predicts the box's next pick from `mode`'s pool, and checks it is a playable item of that
    /// pool other than the one to avoid (and other than the one handed out last).
    mutating func pick(_ mode: Mode, avoiding current: ItemID? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Pick {
        var bag = mirrorBags[mode] ?? ShuffleBag()
        let lastBefore = bag.last
        let item = try #require(bag.next(from: box.catalog.playableIDs(mode), avoiding: current, using: &mirrorRNG),
                                sourceLocation: sourceLocation)
        let kinds: [ContentKind] = mode == .meditation ? [.meditation, .yogaNidra, .breathing] : mode == .poetry ? [.poem] : []
        let pool = box.catalog.items.filter { kinds.contains($0.kind) && $0.isAvailable }.map(\.id)
        #expect(pool.contains(item), "\(item) is not a playable item of the \(mode) pool", sourceLocation: sourceLocation)
        #expect(item != (current ?? lastBefore), "\(item) twice in a row", sourceLocation: sourceLocation)
        mirrorBags[mode] = bag
        return Pick(mode: mode, item: item, bag: bag, rng: mirrorRNG)
    }

    /// Where the spec says an item starts: its saved position when between 0 and 95 %, else 0.
    func expectedStart(_ id: ItemID) -> Double {
        guard let e = box.state.progress[id], e.duration > 0, e.position > 0, e.position / e.duration < 0.95 else { return 0 }
        return e.position
    }

    /// Presses and releases a button `holding` seconds later. For the leaf the press acts
    /// (`update`, `commands`) and the release only forgets the press; skip acts on release, and so
    /// do the knob and the timer unless the press is taken at once (the timer choice, the alarm,
    /// the sleep-timer fade; the timer while a meditation timer or nap runs).
    mutating func tap(_ button: Button, after seconds: Double = 0, holding: Double = 0.25,
                      update: (inout BoxState) -> Void = { _ in },
                      commands expected: [Command], releaseCommands: [Command] = [],
                      sourceLocation: SourceLocation = #_sourceLocation) {
        var actsOnRelease = button == .skip
        if button == .knob || button == .timer {
            actsOnRelease = true
            if case .timerChoice? = box.state.overlay { actsOnRelease = false }
            switch box.state.phase {
            case .ringing, .greeting, .snoozed, .fadingOut(_, _, _, .sleepTimer): actsOnRelease = false
            default: break
            }
            if button == .timer, box.state.session != nil { actsOnRelease = false }
        }
        // On the completion screen every button acts at once: it puts the screen away.
        if case .completion? = box.state.overlay { actsOnRelease = false }
        // The timer in the sleep-timer fade acts at once and may still seek back when held.
        var atOnce = PressUse.used
        if button == .timer, case .fadingOut(_, _, _, .sleepTimer) = box.state.phase { atOnce = .armed }
        if actsOnRelease {
            send(.buttonPressed(button), after: seconds, update: { $0.pressed[button] = .pending },
                 commands: [], sourceLocation: sourceLocation)
            send(.buttonReleased(button), after: holding, update: {
                $0.pressed[button] = nil
                update(&$0)
            }, commands: expected, sourceLocation: sourceLocation)
        } else {
            send(.buttonPressed(button), after: seconds, update: {
                update(&$0)
                $0.pressed[button] = atOnce
            }, commands: expected, sourceLocation: sourceLocation)
            send(.buttonReleased(button), after: holding, update: { $0.pressed[button] = nil },
                 commands: releaseCommands, sourceLocation: sourceLocation)
        }
    }

    /// The completion screen of `id` played to its end at `end` (not said: spoken menus are off).
    static func completion(of id: ItemID, at end: Moment) -> Overlay {
        .completion(Completion(subject: Fixture.title(id) ?? id, seconds: Fixture.duration(id)), until: end.uptime + 60)
    }

    /// A press of skip on the completion screen: it goes, nothing else happens.
    mutating func dismissCompletion(after seconds: Double = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        tap(.skip, after: seconds, update: { $0.overlay = nil }, commands: [], sourceLocation: sourceLocation)
    }

    /// From Off (or an idle mode), the leaf starts a meditation: checked exhaustively.
    @discardableResult
    mutating func leafToMeditation(after seconds: Double = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> ItemID {
        let pick = try pick(.meditation, sourceLocation: sourceLocation)
        let start = expectedStart(pick.item)
        let title = box.catalog.item(pick.item)?.title
        let at = now.uptime + seconds
        tap(.leaf, after: seconds, update: {
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: pick.item, position: start, anchor: at))
            $0.lastTitle = title
            $0.contentCompleted = false
            pick.apply(to: &$0)
        }, commands: [.play(pick.item, from: start), .persist], sourceLocation: sourceLocation)
        return pick.item
    }

    /// A box started on Monday 2026-11-23 at 22:30 in Berlin (21:30 UTC), uptime 100.
    static func started(alarm: AlarmSettings? = nil, continueWithNext: Bool = false,
                        timerChoices: [Double] = [15, 30, 45, 60, 90], catalog: Catalog = Fixture.catalog,
                        wall: Double? = nil, seed: UInt64 = 7,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> BoxTester {
        let config = try Fixture.config(alarm: alarm, continueWithNext: continueWithNext, timerChoices: timerChoices)
        let startWall = try wall ?? utc(2026, 11, 23, 21, 30)
        var t = BoxTester(config: config, catalog: catalog, seed: seed, at: Moment(uptime: 100, wall: startWall))
        t.start(commands: [.setVolume(percent: 50)], sourceLocation: sourceLocation)
        return t
    }

    /// The screen at the current moment (or `seconds` later, without an event).
    func screen(after seconds: Double = 0) -> Screen { box.display(at: now.advanced(by: seconds)).screen }

    private mutating func check(_ expectedState: BoxState, _ allCommands: [Command], _ expected: [Command],
                                _ sourceLocation: SourceLocation) {
        var expectedState = expectedState
        expectedState.openSession = box.state.openSession
        expectedState.history = box.state.history
        var commands: [Command] = []
        for c in allCommands {
            if case .record(let r) = c { recorded.append(r) } else { commands.append(c) }
        }
        if box.state != expectedState {
            Issue.record(Comment(rawValue: "State differs (- expected, + actual):\n" + stateDiff(expectedState, box.state)),
                         sourceLocation: sourceLocation)
        }
        #expect(commands == expected, sourceLocation: sourceLocation)
    }
}

/// The fields (top level, then one level down) whose values differ, as "- expected" and
/// "+ actual" lines. Dictionaries are described with sorted keys so equal ones read the same.
func stateDiff<T>(_ expected: T, _ actual: T) -> String {
    var out: [String] = []
    let e = Mirror(reflecting: expected).children.map { ($0.label ?? "?", $0.value) }
    let a = Mirror(reflecting: actual).children.map { ($0.label ?? "?", $0.value) }
    for ((label, x), (_, y)) in zip(e, a) {
        let dx = stableDescription(x), dy = stableDescription(y)
        if dx != dy {
            out.append("- \(label): \(dx)")
            out.append("+ \(label): \(dy)")
        }
    }
    return out.isEmpty ? "(no field differs by description)" : out.joined(separator: "\n")
}

/// A description that does not depend on dictionary or set order.
func stableDescription(_ value: Any) -> String {
    let m = Mirror(reflecting: value)
    switch m.displayStyle {
    case .dictionary:
        let entries = m.children.map { child -> String in
            let pair = Mirror(reflecting: child.value).children.map(\.value)
            return pair.count == 2 ? "\(stableDescription(pair[0])): \(stableDescription(pair[1]))" : stableDescription(child.value)
        }
        return "[" + entries.sorted().joined(separator: ", ") + "]"
    case .set:
        return "{" + m.children.map { stableDescription($0.value) }.sorted().joined(separator: ", ") + "}"
    case .optional:
        if let first = m.children.first { return stableDescription(first.value) }
        return "nil"
    case .struct, .class, .tuple:
        if m.children.isEmpty { return String(describing: value) }
        let fields = m.children.map { "\($0.label ?? "_"): \(stableDescription($0.value))" }
        return "\(type(of: value))(" + fields.joined(separator: ", ") + ")"
    case .enum:
        if let payload = m.children.first {
            return "\(String(describing: value).split(separator: "(").first ?? "")(" + stableDescription(payload.value) + ")"
        }
        return String(describing: value)
    default:
        return String(describing: value)
    }
}

// MARK: - Night driver

/// Drives a box like the daemon does: wakes it at each `nextDeadline` with `.timePassed`, tells it
/// when an item has played to its end and when speech has finished, and records everything.
struct NightDriver {
    var box: Box
    var now: Moment
    /// Seconds the audio side takes to speak the greeting.
    var speechSeconds: Double = 8
    private var speechEndsAt: Double?
    private(set) var log: [(at: Moment, event: Event, commands: [Command])] = []

    init(box: Box, now: Moment) {
        self.box = box
        self.now = now
    }

    mutating func send(_ event: Event, at moment: Moment) {
        now = moment
        let commands = box.handle(event, at: moment)
        log.append((moment, event, commands))
        for c in commands {
            if case .speak = c { speechEndsAt = moment.uptime + speechSeconds }
            if c == .stopAlarm { speechEndsAt = nil }
        }
    }

    /// Uptime at which the item playing now reaches its end, if it is running.
    var itemEnd: (ItemID, Double)? {
        switch box.state.phase {
        case .playing(let p), .crossfading(_, let p, _, _, _):
            guard let item = box.catalog.item(p.item) else { return nil }
            return (p.item, p.anchor + (item.duration - p.position))
        default:
            return nil
        }
    }

    /// Runs until the wall clock reaches `wall` (no clock jumps).
    mutating func run(untilWall wall: Double) {
        for _ in 0..<100_000 {
            let limit = now.uptime(atWall: wall)
            var next: (Double, Event) = (limit, .timePassed)
            let d = box.nextDeadline
            if let u = d.uptime, u < next.0 { next = (u, .timePassed) }
            if let w = d.wall, now.uptime(atWall: w) < next.0 { next = (now.uptime(atWall: w), .timePassed) }
            if let (id, end) = itemEnd, end < next.0 { next = (end, .itemFinished(id)) }
            if let s = speechEndsAt, s < next.0 { next = (s, .speechFinished) }
            if next.0 >= limit && next.1 == .timePassed {
                now = Moment(uptime: limit, wall: wall)
                return
            }
            if case .speechFinished = next.1 { speechEndsAt = nil }
            send(next.1, at: Moment(uptime: max(next.0, now.uptime), wall: now.wall(atUptime: max(next.0, now.uptime))))
        }
        Issue.record("the night never reached its end")
    }

    /// Every (moment, command) in order.
    var commands: [(at: Moment, command: Command)] {
        log.flatMap { entry in entry.commands.map { (entry.at, $0) } }
    }
}

// MARK: - Deadlines

/// `Box.Deadline` as a value tests can write (its memberwise initializer is not public).
struct Due: Equatable {
    var uptime: Double?
    var wall: Double?
}

extension Box.Deadline {
    var due: Due { Due(uptime: uptime, wall: wall) }
}

extension Array where Element == Command {
    /// The commands without the history's records (checked by BoxTestsHistory).
    var withoutRecords: [Command] {
        filter { if case .record = $0 { return false } else { return true } }
    }
}
