import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxUI

/// The whole box on a virtual clock: the core, the input decoder fed with edges as real buttons
/// and a real encoder make them, a simulated player in place of the audio engine, the display
/// renderer, and the state file. Time moves only when `advance(to:)` says so, from deadline to
/// deadline, so a night runs in well under a second.
public final class Simulator {
    public private(set) var box: Box
    public private(set) var decoder = InputDecoder()
    public private(set) var player: SimulatedPlayer
    /// Virtual seconds since the start (the box's uptime).
    public private(set) var time: Double = 0
    /// Wall time minus virtual time; changes when the script sets the clock.
    public private(set) var wallOffset: Double
    /// The display as last rendered.
    public private(set) var framebuffer: Framebuffer?
    public private(set) var frame: DisplayFrame?
    /// Every command issued, in order (for summaries and tests).
    public private(set) var commandCount: [String: Int] = [:]
    /// Items started, in order, with the virtual time they started.
    public private(set) var played: [(item: ItemID, at: Double)] = []
    /// Wall times the alarm started ringing.
    public private(set) var rings: [Double] = []

    var trace: TraceRecorder?
    var frames: FrameRecorder?
    /// The real audio engine on the virtual clock; without it, a `SimulatedPlayer` stands in.
    public let audio: SimulatorAudio?
    let store: StateStore?
    let logger: Logger
    /// Raw edges still to happen, in time order.
    private var pendingEdges: [(line: RawLine, active: Bool, time: Double)] = []
    /// Extra wake-ups asked for from outside (e.g. `--trace-every`).
    private var traceEvery: Double?
    private var nextTraceTick: Double?
    /// Redraw the display at its own change times (needed for frames and the terminal).
    public var followsDisplay: Bool

    public init(config: BoxConfig, catalog: Catalog, startWall: Double, seed: UInt64,
                store: StateStore?, trace: TraceRecorder?, frames: FrameRecorder?, traceEvery: Double?,
                audio: SimulatorAudio? = nil, logger: Logger) {
        self.audio = audio
        self.box = Box(config: config, catalog: catalog, seed: seed)
        self.player = SimulatedPlayer(catalog: box.catalog)
        self.wallOffset = startWall
        self.store = store
        self.trace = trace
        self.frames = frames
        self.traceEvery = traceEvery
        self.nextTraceTick = traceEvery
        self.followsDisplay = frames != nil
        self.logger = logger
    }

    public var now: Moment { Moment(uptime: time, wall: wallOffset + time) }

    /// Brings the box up, restoring the state file when there is one.
    public func start() {
        let snapshot = store?.load(now: now.wall)
        let commands = box.start(at: now, restoring: snapshot)
        carryOut(commands)
        record(event: snapshot == nil ? "start" : "restore", commands: commands, force: true)
        redraw()
    }

    // MARK: Input, as hardware makes it

    /// A short press (about 150 ms, with contact bounce) starting now.
    public func press(_ button: Button) { hold(button, for: 0.15) }

    /// Holds a button down for `seconds`, starting now.
    public func hold(_ button: Button, for seconds: Double) {
        schedule(InputDecoder.edges(forPress: button, at: time, length: seconds, bounce: .typical))
    }

    /// Turns the knob by `detents` (negative: counter-clockwise), one detent every 40 ms.
    public func turn(_ detents: Int) {
        guard detents != 0 else { return }
        var edges: [(RawLine, Bool, Double)] = []
        for i in 0..<Int(detents.magnitude) {
            edges += InputDecoder.edges(forTurn: detents.signum(), startingAt: time + Double(i) * 0.04, stepInterval: 0.005)
        }
        schedule(edges)
    }

    /// Sets the wall clock (a clock jump, as the first network time sync after boot makes one).
    public func setClock(wall: Double) {
        wallOffset = wall - time
        deliver(.clockChanged, at: now, input: "clock")
    }

    private func schedule(_ edges: [(RawLine, Bool, Double)]) {
        pendingEdges += edges.map { (line: $0.0, active: $0.1, time: $0.2) }
        pendingEdges.sort { $0.time < $1.time }
    }

    // MARK: Time

    /// Runs everything that happens up to virtual time `target`, in order, and stops there.
    public func advance(to target: Double) {
        var guardCount = 0
        while true {
            let next = min(nextWake() ?? target, target)
            // The sound plays on up to the next wake-up; what the engine reports on the way
            // happens at its own frame.
            if let audio, let (at, reports) = audio.render(upTo: next) {
                time = max(time, at)
                for r in reports { deliver(r.event, at: now, input: r.event.name) }
                continue
            }
            if next >= target, (nextWake().map { $0 > target } ?? true) { break }
            time = max(time, next)
            step()
            guardCount += 1
            if guardCount > 10_000_000 {
                logger.error("simulation stopped making progress at t=\(time)")
                break
            }
        }
        time = max(time, target)
    }

    /// The earliest moment anything is due.
    public func nextWake() -> Double? {
        var times: [Double] = []
        if let e = pendingEdges.first { times.append(e.time) }
        if let d = decoder.nextDeadline { times.append(d) }
        let deadline = box.nextDeadline
        if let u = deadline.uptime { times.append(u) }
        if let w = deadline.wall { times.append(w - wallOffset) }
        if audio == nil, let p = player.nextReport { times.append(p) }
        if followsDisplay { times.append(box.nextDisplayChange(after: now)) }
        if let tick = nextTraceTick { times.append(tick) }
        // Never go back in time: a due time in the past is due now.
        return times.min().map { max($0, time) }
    }

    /// Handles everything due at the current time.
    private func step() {
        while let e = pendingEdges.first, e.time <= time {
            pendingEdges.removeFirst()
            for timed in decoder.timedEdge(e.line, active: e.active, at: e.time) {
                deliver(timed.event, at: moment(at: timed.time), input: timed.event.name)
            }
        }
        for timed in decoder.timedAdvance(to: time) {
            deliver(timed.event, at: moment(at: timed.time), input: timed.event.name)
        }
        if audio == nil {
            for event in player.reports(at: time) { deliver(event, at: now, input: event.name) }
        }
        let deadline = box.nextDeadline
        if (deadline.uptime.map { $0 <= time } ?? false) || (deadline.wall.map { $0 <= now.wall } ?? false) {
            deliver(.timePassed, at: now, input: nil)
        }
        if let tick = nextTraceTick, tick <= time, let every = traceEvery {
            record(event: nil, commands: [], force: true)
            nextTraceTick = tick + every
        }
        redraw()
    }

    private func moment(at t: Double) -> Moment { Moment(uptime: t, wall: wallOffset + t) }

    /// Hands one event to the core and carries out what it says.
    func deliver(_ event: Event, at moment: Moment, input: String?) {
        let commands = box.handle(event, at: moment)
        carryOut(commands)
        record(event: input, commands: commands, force: input != nil)
        // What the sound side learnt while carrying those out (an item's speech pauses).
        for learnt in audio?.engine.provider.takeEvents() ?? [] { deliver(learnt, at: moment, input: learnt.name) }
    }

    private func carryOut(_ commands: [Command]) {
        for c in commands {
            commandCount[c.name, default: 0] += 1
            switch c {
            case .play(let id, _), .crossfade(let id, _, _): played.append((id, time))
            case .startAlarm: rings.append(now.wall)
            default: break
            }
            if let audio { audio.engine.perform(c) } else { player.apply(c, at: time) }
            if case .persist = c, let store {
                do {
                    try store.save(box.snapshot(at: now))
                } catch {
                    logger.error("cannot save the state: \(error)")
                }
            }
        }
    }

    private func record(event: String?, commands: [Command], force: Bool) {
        trace?.record(box: box, at: now, event: event, commands: commands, force: force)
    }

    /// Renders the display and keeps the frame when it changed.
    public func redraw() {
        let f = box.display(at: now)
        guard f != frame || framebuffer == nil else { return }
        let fb = ScreenRenderer.render(f)
        frame = f
        if fb != framebuffer || frames?.lastDimmed != f.dimmed {
            framebuffer = fb
            frames?.record(fb, dimmed: f.dimmed, at: time)
        }
    }

    /// Runs on until every scheduled edge and debounce has happened (a press still down is released).
    public func finishInput() {
        while let last = pendingEdges.last?.time ?? decoder.nextDeadline {
            advance(to: max(last, decoder.nextDeadline ?? last))
            if pendingEdges.isEmpty && decoder.nextDeadline == nil { break }
        }
    }

    /// Ends the run: the trace's last record shows the state at the end.
    public func finish() {
        record(event: "end", commands: [], force: true)
    }
}
