#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Foundation
import Logging
import SleepBoxCore
import SleepBoxUI
import SleepBoxSystem

/// The box as it runs for real: one thread, one poll() loop over every descriptor the box waits
/// on — GPIO line events, a monotonic timerfd for the next deadline, a realtime timerfd that
/// reports clock jumps (and the alarm's wall time), signalfd, the audio device's descriptors, the
/// control socket and its clients, and the completion fd of background work. Each wake-up turns
/// into events for the core; the core's commands go to the devices. Nothing wakes the loop on a
/// fixed tick.
public final class Daemon {
    public struct Options: Sendable {
        public var configPath: String?
        public var stateDirectory: String
        public var socketPath: String
        public var seed: UInt64
        public init(configPath: String?, stateDirectory: String, socketPath: String, seed: UInt64) {
            self.configPath = configPath
            self.stateDirectory = stateDirectory
            self.socketPath = socketPath
            self.seed = seed
        }
    }

    public private(set) var box: Box
    private var decoder: InputDecoder
    private let input: InputLines
    private let display: DisplayOutput
    private let audio: AudioOutput
    private let store: StateStore
    private let control: ControlServer
    private let signals: SignalFD
    private let monotonicTimer: TimerFD
    private let wallTimer: TimerFD
    /// Saves of the state file, in order, off the loop.
    private let work: WorkQueue
    /// Slow work for the devices (the voice rendering ahead), off the loop.
    private let background: WorkQueue
    private let notifier: SystemdNotifier
    private let logger: Logger
    private let options: Options
    private let loadConfig: (String?) throws -> BoxConfig
    private var power: DisplayPower
    private var displayLit = true
    /// The breathing LED as last set.
    public private(set) var ledOn = false
    private var framebuffer = Framebuffer()
    private var frame: DisplayFrame?
    /// Edges made up for presses and turns asked for on the control socket, still to happen.
    private var pendingEdges: [(line: RawLine, active: Bool, time: Double)] = []
    private var nextWatchdog: Double?
    private var stopping = false
    private var clockSynchronised = true
    /// poll() returns so far.
    public private(set) var wakeups = 0
    /// Wake-ups by the box's own timers (not by input, the control socket or the audio device):
    /// with nothing happening, this is how often the box wakes by itself.
    public private(set) var timerWakeups = 0
    /// Uptime of the first frame handed to the display (start-up benchmark).
    public private(set) var firstFrameUptime: Double?
    public let startUptime: Double

    public init(options: Options, config: BoxConfig, catalog: Catalog, input: InputLines, display: DisplayOutput,
                audio: AudioOutput, screenTimeout: Double?, debounceSeconds: Double = 0.005, background: WorkQueue,
                environment: [String: String],
                loadConfig: @escaping (String?) throws -> BoxConfig, logger: Logger) throws {
        self.startUptime = SystemClock.monotonicSeconds()
        self.options = options
        self.box = Box(config: config, catalog: catalog, seed: options.seed)
        self.decoder = InputDecoder(lockout: debounceSeconds)
        self.input = input
        self.display = display
        self.audio = audio
        self.store = StateStore(directory: options.stateDirectory, logger: logger)
        self.control = try ControlServer(path: options.socketPath, logger: logger)
        self.signals = try SignalFD(signals: SignalFD.daemonSignals)
        self.monotonicTimer = try TimerFD(clock: CLOCK_MONOTONIC)
        self.wallTimer = try TimerFD(clock: CLOCK_REALTIME)
        self.work = try WorkQueue()
        self.background = background
        self.notifier = SystemdNotifier(environment: environment)
        self.loadConfig = loadConfig
        self.logger = logger
        self.power = DisplayPower(timeout: screenTimeout, startUptime: startUptime)
    }

    /// The current moment on both clocks.
    private func now() -> Moment { Moment(uptime: SystemClock.monotonicSeconds(), wall: SystemClock.realtimeSeconds()) }

    // MARK: - Run

    /// Runs until SIGTERM or SIGINT; returns the exit status (0).
    public func run() -> Int32 {
        let start = now()
        let snapshot = store.load(now: start.wall)
        carryOut(box.start(at: start, restoring: snapshot), at: start)
        logger.info("started\(snapshot == nil ? "" : " from the saved state"): mode \(box.state.mode.rawValue), \(box.state.phase.name)")
        for (line, level) in input.initialLevels() { decoder.synchronize(line, active: level) }
        checkClockTrust(at: start)
        redraw(at: start)
        notifier.notify("READY=1\nSTATUS=\(statusLine)")
        if let interval = notifier.watchdogInterval {
            notifier.notify("WATCHDOG=1")
            nextWatchdog = start.uptime + interval / 2
        }
        while !stopping { iterate() }
        shutDown()
        return 0
    }

    private func iterate() {
        armTimers(at: now())
        var fds: [pollfd] = []
        func add(_ fd: Int32, _ events: Int16 = Int16(POLLIN)) { fds.append(pollfd(fd: fd, events: events, revents: 0)) }
        add(signals.fd)
        add(monotonicTimer.fd)
        add(wallTimer.fd)
        add(work.fd)
        add(background.fd)
        for fd in control.pollDescriptors { add(fd) }
        for fd in input.pollDescriptors { add(fd) }
        let audioFDs = audio.pollDescriptors
        for a in audioFDs { add(a.fd, a.events) }
        let n = fds.withUnsafeMutableBufferPointer { buffer in SystemCall.retryingEINTR { poll(buffer.baseAddress, nfds_t(buffer.count), -1) } }
        wakeups += 1
        guard n >= 0 else {
            logger.error("poll failed: \(SystemError("poll"))")
            return
        }
        var t = now()
        var readyInput: [Int32] = []
        var audioReady: [(fd: Int32, revents: Int16)] = []
        let inputSet = Set(input.pollDescriptors)
        let controlSet = Set(control.pollDescriptors)
        let audioSet = Set(audioFDs.map(\.fd))
        for p in fds where p.revents != 0 {
            switch p.fd {
            case signals.fd: handleSignals(at: t)
            case monotonicTimer.fd:
                _ = monotonicTimer.read()
                timerWakeups += 1
            case wallTimer.fd:
                timerWakeups += 1
                if wallTimer.read() == .clockChanged {
                    t = now()
                    logger.info("the wall clock was set: now \(box.clock.isoLocal(t.wall))")
                    checkClockTrust(at: t)
                    deliver(.clockChanged, at: t)
                }
            case work.fd:
                work.collect()
            case background.fd:
                background.collect()
            case let fd where controlSet.contains(fd):
                control.service(fd) { answer($0, at: t) }
            case let fd where inputSet.contains(fd):
                readyInput.append(fd)
            case let fd where audioSet.contains(fd):
                audioReady.append((fd, p.revents))
            default: break
            }
        }
        if !readyInput.isEmpty {
            for (line, level, time) in input.readEdges(ready: readyInput) {
                for e in decoder.timedEdge(line, active: level, at: time) { deliverInput(e, latest: t) }
            }
        }
        runDue(at: t, audioReady: audioReady)
        redraw(at: now())
    }

    /// Everything that is due at `t`: made-up edges, debounce ends, audio work, the core's own
    /// deadlines, the watchdog.
    private func runDue(at t: Moment, audioReady: [(fd: Int32, revents: Int16)]) {
        while let e = pendingEdges.first, e.time <= t.uptime {
            pendingEdges.removeFirst()
            for ev in decoder.timedEdge(e.line, active: e.active, at: e.time) { deliverInput(ev, latest: t) }
        }
        for ev in decoder.timedAdvance(to: t.uptime) { deliverInput(ev, latest: t) }
        for ev in audio.service(at: t, revents: audioReady) { deliver(ev, at: t) }
        let d = box.nextDeadline
        if (d.uptime.map { $0 <= t.uptime } ?? false) || (d.wall.map { $0 <= t.wall } ?? false) {
            deliver(.timePassed, at: t)
        }
        if let r = display.nextRetry, r <= t.uptime { display.retry(at: t.uptime) }
        if let w = nextWatchdog, w <= t.uptime, let interval = notifier.watchdogInterval {
            notifier.notify("WATCHDOG=1")
            nextWatchdog = t.uptime + interval / 2
        }
    }

    /// An input event at its own (kernel) time; never earlier than what the core has already seen.
    private func deliverInput(_ e: InputDecoder.TimedEvent, latest: Moment) {
        let uptime = min(e.time, latest.uptime)
        let m = Moment(uptime: uptime, wall: latest.wall(atUptime: uptime))
        power.inputHappened(at: m.uptime)
        deliver(e.event, at: m)
    }

    private func deliver(_ event: Event, at t: Moment) {
        carryOut(box.handle(event, at: t), at: t)
    }

    private func carryOut(_ commands: [Command], at t: Moment) {
        for c in commands {
            if case .persist = c {
                persist(at: t)
            } else {
                audio.perform(c, at: t)
            }
        }
    }

    /// Saves on the worker thread: an fsync on an SD card can take tens of milliseconds, and the
    /// loop must not wait for it.
    private func persist(at t: Moment) {
        let snapshot = box.snapshot(at: t)
        let store = self.store
        let logger = self.logger
        work.submit({
            do {
                try store.save(snapshot)
                return nil
            } catch {
                return "cannot save the state: \(error)"
            }
        }, log: { logger.error("\($0)") })
    }

    // MARK: - Timers

    private func armTimers(at t: Moment) {
        var times: [Double] = []
        let d = box.nextDeadline
        if let u = d.uptime { times.append(u) }
        if let e = pendingEdges.first { times.append(e.time) }
        if let dd = decoder.nextDeadline { times.append(dd) }
        if let a = audio.nextWake { times.append(a) }
        if let r = display.nextRetry { times.append(r) }
        if let w = nextWatchdog { times.append(w) }
        let alarmActive = isAlarmActive
        if let p = power.nextChange(after: t.uptime, alarmActive: alarmActive) { times.append(p) }
        if displayLit { times.append(box.nextDisplayChange(after: t)) }
        if let b = box.nextBreathLightChange(after: t) { times.append(b) }
        do {
            try monotonicTimer.arm(at: times.min())
            // Armed even without an alarm, so that a clock change is still reported.
            try wallTimer.arm(at: d.wall ?? (t.wall + 366 * 86_400))
        } catch {
            logger.error("cannot arm a timer: \(error)")
        }
    }

    private var isAlarmActive: Bool {
        switch box.state.phase {
        case .ringing, .greeting, .snoozed: return true
        default: return false
        }
    }

    // MARK: - Display

    private func redraw(at t: Moment) {
        // The LED follows the breath whether the screen is lit or not.
        let led = box.breathLight(at: t)
        if led != ledOn {
            ledOn = led
            input.setLED(led)
        }
        let lit = power.isOn(at: t.uptime, alarmActive: isAlarmActive)
        if lit != displayLit {
            displayLit = lit
            display.setPower(lit, at: t.uptime)
        }
        guard lit else { return }
        let f = box.display(at: t)
        guard f != frame else { return }
        frame = f
        framebuffer = ScreenRenderer.render(f)
        display.show(framebuffer, dimmed: f.dimmed, at: t.uptime)
        if firstFrameUptime == nil { firstFrameUptime = t.uptime }
    }

    // MARK: - Signals, clock, config

    private func handleSignals(at t: Moment) {
        for s in signals.read() {
            switch s {
            case SIGTERM, SIGINT:
                logger.info("stopping (signal \(s))")
                stopping = true
            case SIGHUP:
                reloadConfig()
            default:
                break
            }
        }
    }

    private func reloadConfig() {
        do {
            let config = try loadConfig(options.configPath)
            box.reconfigure(config)
            logger.info("configuration reloaded from \(options.configPath ?? "the defaults")")
        } catch {
            logger.error("configuration not reloaded, keeping the running one: \(error)")
        }
    }

    private func checkClockTrust(at t: Moment) {
        let synced = ClockStatus.isSynchronised()
        if synced != clockSynchronised || box.state.clockTrusted != synced {
            clockSynchronised = synced
            if !synced { logger.warning("the system clock is not synchronised: alarms use the time as it is") }
            deliver(.clockTrustChanged(synced), at: t)
        }
    }

    /// SIGTERM: the sound fades within a second, the state is saved, the display blanks; done
    /// well within systemd's 3 s.
    private func shutDown() {
        notifier.notify("STOPPING=1")
        background.cancelPending()
        let t = now()
        persist(at: t)
        audio.shutDown(fadeSeconds: 1)
        display.blank(at: t.uptime)
        input.setLED(false)
        control.shutDown()
        work.drain()
        work.stop()
        logger.info("stopped")
    }

    // MARK: - Control

    private func answer(_ request: ControlRequest, at t: Moment) -> JSONValue {
        let ok: [(String, JSONValue)] = [("ok", .bool(true))]
        switch request {
        case .status:
            return .object(ok + [("status", status(at: t))])
        case .frame:
            let hex = framebuffer.bytes.map { b -> String in
                let s = String(b, radix: 16)
                return s.count == 1 ? "0" + s : s
            }.joined()
            return .object(ok + [("frame", .string(hex)), ("lit", .bool(displayLit)), ("dimmed", .bool(frame?.dimmed ?? false))])
        case .press(let b):
            schedule(InputDecoder.edges(forPress: b, at: t.uptime, length: 0.15))
        case .hold(let b, let seconds):
            schedule(InputDecoder.edges(forPress: b, at: t.uptime, length: seconds))
        case .turn(let n):
            var edges: [(RawLine, Bool, Double)] = []
            for i in 0..<Int(n.magnitude) {
                edges += InputDecoder.edges(forTurn: n.signum(), startingAt: t.uptime + Double(i) * 0.04, stepInterval: 0.005)
            }
            schedule(edges)
        case .setAlarm(let h, let m, let days):
            var a = box.state.alarm ?? AlarmSettings(hour: h, minute: m)
            a.hour = h
            a.minute = m
            a.isEnabled = true
            if let days { a.weekdays = days }
            deliver(.alarmEdited(a), at: t)
        case .enableAlarm(let on):
            guard var a = box.state.alarm else { return failure("no alarm is set; set one with a time first") }
            a.isEnabled = on
            deliver(.alarmEdited(a), at: t)
        case .skipNextAlarm(let skip):
            guard var a = box.state.alarm else { return failure("no alarm is set") }
            a.skipNext = skip
            deliver(.alarmEdited(a), at: t)
        case .clearAlarm:
            deliver(.alarmEdited(nil), at: t)
        case .volume(let p):
            deliver(.volumeSet(percent: p), at: t)
        }
        return .object(ok)
    }

    private func failure(_ message: String) -> JSONValue {
        .object([("ok", .bool(false)), ("error", .string(message))])
    }

    private func schedule(_ edges: [(RawLine, Bool, Double)]) {
        pendingEdges += edges.map { (line: $0.0, active: $0.1, time: $0.2) }
        pendingEdges.sort { $0.time < $1.time }
    }

    /// The status: the simulator trace's fields plus the devices'.
    private func status(at t: Moment) -> JSONValue {
        var fields: [(String, JSONValue)] = [("t", .number(t.uptime - startUptime)), ("clock", .string(box.clock.isoLocal(t.wall)))]
        fields += TraceRecorder.fields(box: box, at: t)
        fields += [("display", .string(display.statusText)), ("displayLit", .bool(displayLit)),
                   ("audio", .string(audio.statusText)), ("led", .bool(ledOn)), ("clockSynchronised", .bool(clockSynchronised)),
                   ("wakeups", .number(Double(wakeups))), ("timerWakeups", .number(Double(timerWakeups)))]
        return .object(fields)
    }

    private var statusLine: String {
        "mode \(box.state.mode.rawValue), \(box.state.phase.name), volume \(box.state.volume)%"
    }
}
