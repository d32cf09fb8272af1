#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Foundation
import Logging
import SleepBoxCore
import SleepBoxSystem
import SleepBoxConfig
import SleepBoxRunner
import SleepBoxStore

/// The box as it runs for real: one thread, one poll() loop over every descriptor the box waits
/// on — GPIO line events, the `RealClock`'s timerfds (the next deadline; the alarm's wall time and
/// clock jumps), signalfd, the audio device's descriptors, the control socket and its clients, and
/// the completion fds of background work. Each wake-up goes to the `BoxRunner`, which decides what
/// happens; nothing wakes the loop on a fixed tick. The simulator runs the same runner on a
/// virtual clock.
public final class Daemon {
    public struct Options: Sendable {
        public var configPath: String?
        public var stateDirectory: String
        public var socketPath: String
        public var seed: UInt64
        /// Why the state folder cannot be written, when it cannot: the box runs with its state in
        /// memory (alarms from the configuration, no history), and says so.
        public var stateInMemory: String?
        /// Simulated hardware: the box keeps a wall clock of its own (`SimulatedWallClock`) and
        /// never sets this computer's clock or RTC.
        public var simulatedClock: Bool
        public init(configPath: String?, stateDirectory: String, socketPath: String, seed: UInt64, stateInMemory: String? = nil,
                    simulatedClock: Bool = false) {
            self.configPath = configPath
            self.stateDirectory = stateDirectory
            self.socketPath = socketPath
            self.seed = seed
            self.stateInMemory = stateInMemory
            self.simulatedClock = simulatedClock
        }
    }

    private let runner: BoxRunner
    private let clock: RealClock
    private let input: InputLines
    private let audio: AudioOutput
    private let control: ControlServer
    /// What the control socket's watchers are told (`{"cmd":"watch"}`).
    private let watch = ControlWatch()
    private let controlProtocol: ControlProtocol
    private let signals: SignalFD
    /// Saves of the state file, in order, off the loop.
    private let work: WorkQueue
    /// How those saves are going, for the status.
    private let saveHealth: StateSaveHealth
    /// Slow work for the devices (the voice rendering ahead), off the loop.
    private let background: WorkQueue
    /// Recordings opened and sought, off the loop.
    private let opening: WorkQueue?
    private let notifier: SystemdNotifier
    private let logger: Logger
    private let options: Options
    private let loadConfig: (String?) throws -> BoxConfig
    /// Fields the sound side adds to the status (`speechRender`: rendering the library ahead).
    private let soundStatus: () -> [(String, JSONValue)]
    private var nextWatchdog: Double?
    private var stopping = false
    /// poll() returns so far.
    private var wakeups = 0
    /// Wake-ups by the box's own timers (not by input, the control socket or the audio device):
    /// with nothing happening, this is how often the box wakes by itself.
    private var timerWakeups = 0
    /// How long each wake-up's work took, and what the slowest did (`loop` in the status).
    private var timings = LoopTimings()
    /// How long before a known wall-clock deadline (the alarm's ring) a sound device let go in a
    /// silence is taken again: the ring's first frame never waits for the device.
    static let audioReadyAheadSeconds = 2.0

    public init(options: Options, config: BoxConfig, catalog: Catalog, input: InputLines, display: DisplayOutput,
                audio: AudioOutput, light: LightOutput = NoLight(), screenSleeps: Bool, debounceSeconds: Double = 0.005, background: WorkQueue,
                opening: WorkQueue? = nil,
                environment: [String: String],
                loadConfig: @escaping (String?) throws -> BoxConfig, soundStatus: @escaping () -> [(String, JSONValue)] = { [] },
                logger: Logger) throws {
        self.clock = try RealClock(keeper: Daemon.clockKeeper(options))
        self.work = try WorkQueue()
        let saveHealth = StateSaveHealth(logger: logger)
        self.saveHealth = saveHealth
        let saver: StateSaving? = options.stateInMemory != nil ? nil
            : BackgroundStateSaver(store: StateStore(directory: options.stateDirectory, logger: logger), work: work, health: saveHealth)
        var history: HistoryKeeping? = nil
        if options.stateInMemory == nil {
            do {
                history = BackgroundHistoryWriter(store: try HistoryStore(directory: options.stateDirectory, logger: logger),
                                                  work: work, logger: logger)
            } catch {
                logger.error("the history is not kept this run: \(error)")
            }
        }
        self.runner = BoxRunner(config: config, catalog: catalog, seed: options.seed, clock: clock,
                                devices: BoxDevices(input: input, display: display, audio: audio, state: saver, history: history,
                                                   light: light, companion: CompanionFlag(directory: Daemon.socketDirectory(options.socketPath),
                                                                                          logger: logger)),
                                screenSleeps: screenSleeps, debounceSeconds: debounceSeconds, logger: logger)
        runner.stateNotSaved = options.stateInMemory != nil
        runner.aboutFacts = AboutFacts(version: BuildVersion.current,
                                       freeBytes: try? FileSystemSpace.available(at: options.stateDirectory))
        let keeper = clock.keeper
        self.controlProtocol = ControlProtocol(runner: runner, rtcReading: keeper.simulated == nil ? { keeper.rtcReading } : nil)
        self.options = options
        self.input = input
        self.audio = audio
        self.control = try ControlServer(path: options.socketPath, logger: logger)
        runner.add(watch)
        self.signals = try SignalFD(signals: SignalFD.daemonSignals)
        self.background = background
        self.opening = opening
        self.notifier = SystemdNotifier(environment: environment)
        self.loadConfig = loadConfig
        self.soundStatus = soundStatus
        self.logger = logger
    }

    /// The folder of the control socket at `path` (the companion's switch is kept there too).
    static func socketDirectory(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The keeper of the box's wall clock: the system clock and the RTC on the box, a clock of
    /// the box's own on simulated hardware (`system` is the computer's clocks; tests pass theirs).
    public static func clockKeeper(_ options: Options, system: ClockKeeper.Clocks = .system) -> ClockKeeper {
        options.simulatedClock ? .forSimulatedHardware(stateDirectory: options.stateDirectory, system: system)
            : ClockKeeper(stateDirectory: options.stateDirectory, clocks: system)
    }

    // MARK: - Run

    /// Runs until SIGTERM or SIGINT; returns the exit status (0).
    public func run() -> Int32 {
        let restored = runner.start()
        let box = runner.box
        logger.info("started\(restored ? " from the saved state" : ""): mode \(box.state.mode.rawValue), \(box.state.phase.name)")
        if let own = clock.keeper.simulated {
            if let problem = own.problem { logger.warning("clock: \(problem)") }
            logger.info("the clock's source: \(box.state.clockSource.rawValue); simulated hardware: the box's own clock, \(Int(own.offset.rounded())) s from this computer's (\(own.path)); this computer's clock and RTC are never set")
        } else {
            logger.info("the clock's source: \(box.state.clockSource.rawValue); RTC \(clock.keeper.rtcReading.summary)")
        }
        notifier.notify("READY=1\nSTATUS=\(statusLine)")
        if let interval = notifier.watchdogInterval {
            notifier.notify("WATCHDOG=1")
            nextWatchdog = clock.now.uptime + interval / 2
        }
        while !stopping && !runner.hasEnded { iterate() }
        shutDown()
        return 0
    }

    private func iterate() {
        control.closeIdleClients(at: clock.now.uptime)
        armTimers(at: clock.now)
        var fds: [pollfd] = []
        func add(_ fd: Int32, _ events: Int16 = Int16(POLLIN)) { fds.append(pollfd(fd: fd, events: events, revents: 0)) }
        add(signals.fd)
        for fd in clock.pollDescriptors { add(fd) }
        add(work.fd)
        add(background.fd)
        if let opening { add(opening.fd) }
        for c in control.pollDescriptors { add(c.fd, c.events) }
        for fd in input.pollDescriptors { add(fd) }
        let audioFDs = audio.pollDescriptors
        for a in audioFDs { add(a.fd, a.events) }
        // No timeout: every deadline is a timerfd (`armTimers`); requests already read and waiting
        // for their turn are served at once.
        let timeout: Int32 = control.hasWaitingRequests ? 0 : -1
        let n = fds.withUnsafeMutableBufferPointer { buffer in SystemCall.retryingEINTR { poll(buffer.baseAddress, nfds_t(buffer.count), timeout) } }
        wakeups += 1
        let woke = SystemClock.monotonicSeconds(), wokeCPU = SystemClock.threadCPUSeconds()
        let framesBefore = runner.framesRendered
        var did: [String] = []
        /// Wall time at the end of each step: the wake-ups' own work, the box and the sound, the display, the control socket.
        var marks: [Double] = []
        defer {
            let end = SystemClock.monotonicSeconds()
            let took = end - woke, cpu = SystemClock.threadCPUSeconds() - wokeCPU
            if runner.framesRendered != framesBefore { did.append("drew a frame") }
            func ms(_ s: Double) -> String { Quoting.number((s * 10_000).rounded() / 10) }
            func summary() -> String {
                var steps: [String] = []
                var last = woke
                for (name, t) in zip(["wake-ups", "box and sound", "display", "control"], marks + [end]) {
                    steps.append("\(name) \(ms(t - last))")
                    last = t
                }
                return did.joined(separator: ", ") + "; ms: " + steps.joined(separator: ", ") + "; CPU \(ms(cpu))"
            }
            timings.record(took, cpuSeconds: cpu, did: summary())
            if took > LoopTimings.slowSeconds {
                logger.debug("slow loop iteration: \(ms(took)) ms (\(summary()))")
            }
        }
        guard n >= 0 else {
            logger.error("poll failed: \(SystemError("poll"))")
            return
        }
        var t = clock.now
        var readyInput: [Int32] = []
        var audioReady: [(fd: Int32, revents: Int16)] = []
        let inputSet = Set(input.pollDescriptors)
        let controlSet = Set(control.pollDescriptors.map(\.fd))
        var controlReady: [Int32: Int16] = [:]
        let audioSet = Set(audioFDs.map(\.fd))
        for p in fds where p.revents != 0 {
            if let wake = clock.read(p.fd) {
                timerWakeups += 1
                did.append("timer")
                if wake == .clockChanged {
                    t = clock.now
                    logger.info("the wall clock was set: now \(runner.box.clock.isoLocal(t.wall))")
                    runner.clockChanged(at: t)
                }
                continue
            }
            switch p.fd {
            case signals.fd: did.append("signal"); handleSignals()
            case work.fd: did.append("saved state"); work.collect()
            case background.fd: did.append("background work done"); background.collect()
            case let fd where fd == opening?.fd: did.append("recording opened"); opening?.collect()
            case let fd where controlSet.contains(fd): controlReady[fd] = p.revents
            case let fd where inputSet.contains(fd): readyInput.append(fd)
            case let fd where audioSet.contains(fd): audioReady.append((fd, p.revents))
            default: break
            }
        }
        if !audioReady.isEmpty { did.append("audio") }
        if !readyInput.isEmpty { did.append("input") }
        if !readyInput.isEmpty { runner.takeEdges(input.readEdges(ready: readyInput), latest: t) }
        marks.append(SystemClock.monotonicSeconds())
        runner.runDue(at: t, audioReady: audioReady)
        if let w = nextWatchdog, w <= t.uptime, let interval = notifier.watchdogInterval {
            notifier.notify("WATCHDOG=1")
            nextWatchdog = t.uptime + interval / 2
        }
        if let ready = audioReadyUptime(at: t), ready <= t.uptime { audio.getReady(at: t) }
        marks.append(SystemClock.monotonicSeconds())
        runner.redraw(at: clock.now)
        marks.append(SystemClock.monotonicSeconds())
        // The control socket after the sound and the display, within its budget of requests;
        // what the requests changed is drawn at once.
        if !controlReady.isEmpty || control.hasWaitingRequests {
            did.append("control")
            control.serve(ready: controlReady, at: t.uptime) { controlProtocol.answer(line: $0, at: t, extraStatus: loopStatus) }
            runner.redraw(at: clock.now)
        }
        control.publish(watch.take())
    }

    /// When to take a sound device let go in a silence again: `audioReadyAheadSeconds` before the
    /// box's next wall-clock deadline (the alarm); nil while the device is held or nothing is due.
    private func audioReadyUptime(at t: Moment) -> Double? {
        Daemon.audioReadyUptime(released: audio.isReleased, wallDeadline: runner.wallDeadline, at: t)
    }

    /// The uptime `audioReadyAheadSeconds` before `wallDeadline` (at once when that is sooner),
    /// for a device that was let go; nil while it is held or no deadline is known.
    static func audioReadyUptime(released: Bool, wallDeadline: Double?, at t: Moment) -> Double? {
        guard released, let wall = wallDeadline else { return nil }
        return t.uptime + max(0, wall - t.wall - audioReadyAheadSeconds)
    }

    private func armTimers(at t: Moment, afterClockChange: Bool = false) {
        let next = [runner.nextWake(at: t), nextWatchdog, control.nextIdleDeadline, audioReadyUptime(at: t)].compactMap { $0 }.min()
        do {
            try clock.arm(uptime: next, wall: runner.wallDeadline, now: t)
        } catch where error.errno == ECANCELED && !afterClockChange {
            // The wall clock was set since the realtime timer was last read (by the box itself,
            // carrying out setClock, or by something else a moment ago): take the change, then arm
            // again.
            clock.takeClockChange()
            let now = clock.now
            runner.clockChanged(at: now)
            armTimers(at: now, afterClockChange: true)
        } catch {
            logger.error("cannot arm a timer: \(error)")
        }
    }

    // MARK: - Signals, config, stop

    private func handleSignals() {
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
            runner.reconfigure(try loadConfig(options.configPath))
            logger.info("configuration reloaded from \(options.configPath ?? "the defaults")")
        } catch {
            logger.error("configuration not reloaded, keeping the running one: \(error)")
        }
    }

    /// SIGTERM: the sound fades within a second, the state is saved, the display blanks; done
    /// well within systemd's 3 s.
    private func shutDown() {
        notifier.notify("STOPPING=1")
        background.cancelPending()
        runner.shutDown(at: clock.now, fadeSeconds: 1)
        control.shutDown()
        work.drain()
        work.stop()
        logger.info("stopped")
    }

    /// The loop's own fields of a status.
    private var loopStatus: [(String, JSONValue)] {
        [("wakeups", .number(Double(wakeups))), ("timerWakeups", .number(Double(timerWakeups))),
         ("renders", .number(Double(runner.framesRendered))), ("loop", timings.statusValue)] + saveHealth.statusFields
            + [("stateInMemory", options.stateInMemory.map(JSONValue.string) ?? .null),
               ("hardware", .string(options.simulatedClock ? "sim" : "pi"))] + soundStatus()
    }

    private var statusLine: String {
        let s = runner.box.state
        return "mode \(s.mode.rawValue), \(s.phase.name), volume \(s.volume)%"
    }
}
