import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxUI

/// The box at work, the same on the bedside and in the simulator: it owns the `Box`, decodes the
/// input lines' edges (and the edges made up for requested presses and turns), keeps every
/// deadline, and carries out the core's commands on the devices (sound, state file, display, LED).
///
/// It does not wait by itself. A driver asks `nextWake(at:)` and `wallDeadline`, waits until
/// then on its clock, and calls `runDue(at:)` and `redraw(at:)`: the daemon waits in poll() on the
/// `RealClock`'s timerfds; the simulator moves its `VirtualClock` from deadline to deadline.
public final class BoxRunner {
    /// The state machine.
    public private(set) var box: Box
    /// The time the box runs on.
    public let clock: RunnerClock
    /// What the box drives.
    public let devices: BoxDevices
    /// The uptime the runner was made at (the status's `t` counts from it).
    public let startUptime: Double
    /// Redraw at the display's own change times (see `BoxDevices.displayWatched`).
    public var followsDisplay: Bool
    /// Whether the panel is lit (it goes dark after the screen timeout).
    public private(set) var displayLit = true
    /// Carries the core's light plans out on `devices.light`.
    public let light: LightDriver
    /// The display's frame as last drawn, and what it shows.
    public private(set) var framebuffer = Framebuffer()
    /// Frames rendered since start: one each time the screen model changed (it holds times in
    /// the display's whole seconds, so a playing minute is at most 60 however often the sound side
    /// wakes the loop). Reported in `ctl status` as `renders`.
    public private(set) var framesRendered = 0
    public private(set) var frame: DisplayFrame?
    /// What the last setting of the wall clock did (nil before the first).
    public internal(set) var lastClockSetting: Result<ClockSetOutcome, ClockSetError>?
    /// What the about screen shows that the core cannot know (set before `start`).
    public var aboutFacts: AboutFacts?
    /// True when the panel goes dark after the box's screen timeout (`Box.screenTimeout`); false
    /// keeps it lit whatever the setting (the simulator, a terminal).
    private let screenSleeps: Bool
    /// The brightness last handed to the display.
    private var shownBrightness: (Int, Bool)?
    /// Whether an `end` request was carried out.
    public internal(set) var hasEnded = false
    /// The sound settings last handed to the sound side (nil before the start).
    public private(set) var soundSettings: SoundSettings?

    private var decoder: InputDecoder
    /// Edges made up for requested presses and turns, still to happen, in time order.
    private var pendingEdges: [(line: RawLine, active: Bool, time: Double)] = []
    private var power: DisplayPower
    private var observers: [RunnerObserver] = []
    let logger: Logger

    /// A runner for a box with `config` and `catalog`, not started yet.
    ///
    /// - Parameters:
    ///   - seed: the seed of every random choice the box makes.
    ///   - screenSleeps: the panel goes dark the box's screen timeout after the last input (false: never).
    ///   - debounceSeconds: the buttons' debounce lock-out.
    public init(config: BoxConfig, catalog: Catalog, seed: UInt64, clock: RunnerClock, devices: BoxDevices,
                screenSleeps: Bool, debounceSeconds: Double, logger: Logger) {
        self.clock = clock
        self.devices = devices
        self.light = LightDriver(output: devices.light)
        self.box = Box(config: config, catalog: catalog, seed: seed)
        self.decoder = BoxRunner.makeDecoder(config: config, debounceSeconds: debounceSeconds)
        self.startUptime = clock.now.uptime
        self.power = DisplayPower(timeout: nil, startUptime: startUptime)
        self.screenSleeps = screenSleeps
        self.followsDisplay = devices.displayWatched
        self.logger = logger
        power.timeout = screenSleeps ? box.screenTimeout : nil
    }

    /// Adds an observer (in the order they are told things).
    public func add(_ observer: RunnerObserver) { observers.append(observer) }

    // MARK: - Configuration

    /// The input decoder for `config`: made here only.
    private static func makeDecoder(config: BoxConfig, debounceSeconds: Double) -> InputDecoder {
        InputDecoder(lockout: debounceSeconds, holdTimings: HoldTimings(config))
    }

    /// Takes a new configuration (SIGHUP); the state and the decoder's debounce state stay.
    public func reconfigure(_ config: BoxConfig) {
        box.reconfigure(config)
        decoder.holdTimings = HoldTimings(config)
        followSettings()
    }

    /// Follows the settings in effect when they changed (a setting made on the box, a reload):
    /// the screen timeout, and for the sound side the voice's rate and language and the breathing
    /// cues. Before the commands that could use them are carried out.
    private func followSettings() {
        power.timeout = screenSleeps ? box.screenTimeout : nil
        let settings = SoundSettings(box.config)
        guard settings != soundSettings else { return }
        soundSettings = settings
        devices.audio.follow(settings)
    }

    // MARK: - Start and stop

    /// Whether the state lives in memory only (the state folder cannot be written); the idle
    /// screen says so.
    public var stateNotSaved: Bool {
        get { box.stateNotSaved }
        set { box.stateNotSaved = newValue }
    }

    /// Brings the box up at the clock's now, from the saved state when there is one, and draws the
    /// first frame. Returns whether the state was restored.
    @discardableResult
    public func start() -> Bool {
        let t = clock.now
        let snapshot = devices.state?.load(now: t.wall)
        let history = devices.history?.loadHistory()
        let commands = box.start(at: t, restoring: snapshot)
        followSettings()
        carryOut(commands, at: t)
        for o in observers { o.boxStarted(box, restored: snapshot != nil, commands: commands, at: t) }
        if let history { deliver(.historyLoaded(history), at: t) }
        for (line, level) in devices.input.initialLevels() { decoder.synchronize(line, active: level) }
        if let aboutFacts { deliver(.aboutFacts(aboutFacts), at: t) }
        checkClockSource(at: t)
        redraw(at: t)
        return snapshot != nil
    }

    /// On exit: saves the state, fades the sound out within `fadeSeconds`, blanks the display and
    /// switches the light off.
    public func shutDown(at t: Moment, fadeSeconds: Double) {
        persist(at: t)
        devices.audio.shutDown(fadeSeconds: fadeSeconds)
        devices.display.blank(at: t.uptime)
        light.shutDown(at: t)
    }

    // MARK: - What happens

    /// Edges read from the input lines (line, logical level, kernel time), handled no later than `latest`.
    public func takeEdges(_ edges: [(RawLine, Bool, Double)], latest: Moment) {
        for (line, level, time) in edges {
            for e in decoder.timedEdge(line, active: level, at: time) { deliverInput(e, latest: latest) }
        }
    }

    /// Everything due at `t`: made-up edges, debounce ends, the sound side's work (with the
    /// descriptors poll() found ready), the core's own deadlines, a display retry, observers.
    public func runDue(at t: Moment, audioReady: [(fd: Int32, revents: Int16)] = []) {
        while let e = pendingEdges.first, e.time <= t.uptime {
            pendingEdges.removeFirst()
            for ev in decoder.timedEdge(e.line, active: e.active, at: e.time) { deliverInput(ev, latest: t) }
        }
        for ev in decoder.timedAdvance(to: t.uptime) { deliverInput(ev, latest: t) }
        // Network time can synchronise the clock without setting it (a small offset is slewed),
        // so no clock change reports it: look at each wake-up (one adjtimex call).
        checkClockSource(at: t)
        serviceAudio(at: t, ready: audioReady)
        let d = box.nextDeadline
        if (d.uptime.map { $0 <= t.uptime } ?? false) || (d.wall.map { $0 <= t.wall } ?? false) {
            deliver(.timePassed, at: t)
        }
        if let r = devices.display.nextRetry, r <= t.uptime { devices.display.retry(at: t.uptime) }
        if light.isPresent, let shown = light.runDue(at: t) { lightShown(shown, at: t) }
        for o in observers where o.nextWake.map({ $0 <= t.uptime }) ?? false { o.wake(box, at: t) }
    }

    /// Lets the sound side do its due work and hands what it reports to the box.
    public func serviceAudio(at t: Moment, ready: [(fd: Int32, revents: Int16)] = []) {
        for ev in devices.audio.service(at: t, revents: ready) { deliver(ev, at: t) }
    }

    /// The wall clock was set: the box checks its alarms against the new time.
    public func clockChanged(at t: Moment) {
        clock.refresh()
        checkClockSource(at: t)
        deliver(.clockChanged, at: t)
    }

    /// An input event at its own (kernel) time; never earlier than what the core has already seen.
    private func deliverInput(_ e: InputDecoder.TimedEvent, latest: Moment) {
        let uptime = min(e.time, latest.uptime)
        let m = Moment(uptime: uptime, wall: latest.wall(atUptime: uptime))
        power.inputHappened(at: m.uptime)
        deliver(e.event, at: m)
    }

    /// Hands one event to the core, carries out what it says, and then what the sound side learnt
    /// while carrying that out (an item's speech pauses).
    func deliver(_ event: Event, at t: Moment) {
        let commands = box.handle(event, at: t)
        followSettings()
        carryOut(commands, at: t)
        for o in observers { o.boxHandled(event, commands: commands, box: box, at: t) }
        for learnt in devices.audio.takeLearnedEvents() { deliver(learnt, at: t) }
    }

    /// Carries out `commands` in order; the history's records go in one batch, written before the
    /// state file's save that follows them.
    private func carryOut(_ commands: [Command], at t: Moment) {
        var records: [HistoryRecord] = []
        devices.audio.prepare(for: commands, at: t)
        for c in commands {
            switch c {
            case .persist:
                writeHistory(&records)
                persist(at: t)
            case .record(let r):
                if case .event(let e) = r, e.kind == .rangWithoutSound {
                    logger.critical("the alarm rang without sound (\(devices.audio.statusText)): the light is at full and the screen blinks; the sound is retried")
                }
                records.append(r)
            case .setClock(let wall):
                writeHistory(&records)
                setClock(wall, at: t)
            case .light(let plan):
                if let shown = light.follow(plan, at: t) { lightShown(shown, at: t) }
            case .companion(let link):
                devices.companion.keep(link)
            case .drawPairingCode:
                let drawn = devices.companion.drawCode()
                deliver(.pairingCodeDrawn(code: drawn.code, address: drawn.address), at: t)
            default: devices.audio.perform(c, at: t)
            }
        }
        writeHistory(&records)
    }

    private func lightShown(_ shown: LightDriver.Output, at t: Moment) {
        for o in observers { o.lightShown(shown, at: t) }
    }

    private func writeHistory(_ records: inout [HistoryRecord]) {
        guard !records.isEmpty else { return }
        devices.history?.write(batch: records)
        records.removeAll()
    }

    /// Sets the wall clock (and the RTC) as the core asked, and tells it how that went: the new
    /// source and the clock change, or the failure (the source stays as it was).
    private func setClock(_ wall: Double, at t: Moment) {
        do {
            let outcome = try clock.setWall(wall)
            lastClockSetting = .success(outcome)
            let now = clock.now
            logger.notice("the clock was set by hand to \(box.clock.isoLocal(now.wall)): \(outcome.summary)")
            deliver(.clockSourceChanged(.setByHand), at: now)
            deliver(.clockChanged, at: now)
        } catch {
            lastClockSetting = .failure(error)
            logger.error("\(error)")
            deliver(.clockSetFailed(reason: error.description), at: t)
        }
    }

    private func persist(at t: Moment) {
        // What the history could not take before (the database locked a while) goes first.
        devices.history?.retryPending()
        devices.state?.persist(box.snapshot(at: t))
    }

    private func checkClockSource(at t: Moment) {
        guard let source = clock.source, source != box.state.clockSource else { return }
        if source.isTrusted {
            logger.info("the clock's source: \(source.rawValue)")
        } else {
            logger.warning("the system clock is not synchronised and was not read from an RTC or set by hand: alarms use the time as it is (set it: sleepbox ctl clock set \"YYYY-MM-DD HH:MM\")")
        }
        deliver(.clockSourceChanged(source), at: t)
    }

    /// The time of the last made-up knob edge still to happen (nil: none pending).
    var lastPendingKnobEdge: Double? {
        pendingEdges.last { $0.line == .knobA || $0.line == .knobB }?.time
    }

    /// Queues made-up edges (line, level, time) to happen at their times.
    func schedule(_ edges: [(RawLine, Bool, Double)]) {
        pendingEdges += edges.map { (line: $0.0, active: $0.1, time: $0.2) }
        pendingEdges.sort { $0.time < $1.time }
    }

    // MARK: - Deadlines

    /// The earliest uptime anything is due: the core's monotonic deadline, made-up edges, a
    /// debounce end, the sound side, a display retry, the screen timeout, the display's and the
    /// light's own changes, observers. The core's wall-clock deadline is `wallDeadline`.
    public func nextWake(at t: Moment) -> Double? {
        var times: [Double] = []
        if let u = box.nextDeadline.uptime { times.append(u) }
        if let e = pendingEdges.first { times.append(e.time) }
        if let d = decoder.nextDeadline { times.append(d) }
        if let a = devices.audio.nextWake { times.append(a) }
        if let r = devices.display.nextRetry { times.append(r) }
        if let p = power.nextChange(after: t.uptime, alarmActive: box.keepsPanelLit) { times.append(p) }
        if displayLit && followsDisplay { times.append(box.nextDisplayChange(after: t)) }
        if light.isPresent, let l = light.nextWake { times.append(l) }
        times += observers.compactMap(\.nextWake)
        return times.min()
    }

    /// The core's next deadline in wall time (the alarm), if it has one.
    public var wallDeadline: Double? { box.nextDeadline.wall }

    /// When the made-up input still to come has all happened and settled (the last edge, the last
    /// debounce end); nil when nothing is pending.
    public var inputSettles: Double? {
        guard let last = pendingEdges.last?.time ?? decoder.nextDeadline else { return nil }
        return max(last, decoder.nextDeadline ?? last)
    }

    // MARK: - Display

    /// Brings the panel's power and the display up to date at `t`.
    public func redraw(at t: Moment) {
        let lit = power.isOn(at: t.uptime, alarmActive: box.keepsPanelLit)
        if lit != displayLit {
            displayLit = lit
            devices.display.setPower(lit, at: t.uptime)
        }
        guard lit else { return }
        let f = box.display(at: t)
        guard f != frame else { return }
        frame = f
        if shownBrightness.map({ $0 != (f.brightness, f.dimmed) }) ?? true {
            shownBrightness = (f.brightness, f.dimmed)
            devices.display.setBrightness(f.brightness, dimmed: f.dimmed, at: t.uptime)
        }
        framesRendered += 1
        framebuffer = ScreenRenderer.render(f)
        devices.display.show(framebuffer, dimmed: f.dimmed, at: t.uptime)
        for o in observers { o.frameShown(framebuffer, dimmed: f.dimmed, brightness: f.brightness, at: t) }
    }
}
