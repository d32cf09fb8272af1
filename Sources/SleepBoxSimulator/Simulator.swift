import Logging
import SleepBoxCore
import SleepBoxUI
import SleepBoxRunner
import SleepBoxStore
import SleepBoxSystem

/// The whole box on a virtual clock: the daemon's `BoxRunner` with simulated devices — no input
/// lines (presses come as requests), no panel (frames go to observers), a stand-in player or the
/// real audio engine rendering on the virtual clock — and a `VirtualClock`. Time moves only when
/// `advance(to:)` says so, from deadline to deadline, so a night runs in well under a second.
public final class Simulator {
    /// The runner, as on the box.
    public let runner: BoxRunner
    /// The virtual clock it runs on.
    public let clock: VirtualClock
    /// Commands, items and rings so far (for summaries and tests).
    public let log = RunLog()
    /// The real audio engine on the virtual clock; without it, a `SimulatedPlayer` stands in.
    public let audio: SimulatorAudio?
    let trace: TraceRecorder?
    let logger: Logger

    /// A simulator starting at wall time `startWall`, not started yet.
    ///
    /// - Parameters:
    ///   - store: the state file to restore from and save to (nil: none).
    ///   - trace: the trace, as an observer.
    ///   - frames: PNG frames of the display, as an observer; with it the display is followed
    ///     between events.
    ///   - audio: the real engine; nil: a stand-in player reports items' ends after their lengths.
    ///   - history: the history database (the daemon's format, in the state directory).
    ///   - light: the simulated light (`SimulatedLight`, when `[light]` names one), or none.
    ///   - companion: the companion's switch and codes (nil: `SimulatedCompanion` with the seed).
    public init(config: BoxConfig, catalog: Catalog, startWall: Double, seed: UInt64, store: StateStore?,
                trace: TraceRecorder?, frames: FrameRecorder?, audio: SimulatorAudio? = nil, history: HistoryStore? = nil,
                light: LightOutput = NoLight(), companion: CompanionLink? = nil, logger: Logger) {
        let clock = VirtualClock(startWall: startWall)
        let devices = BoxDevices(input: NoInputLines(), display: NoDisplay(),
                                 audio: audio ?? SimulatedAudioOutput(catalog: catalog),
                                 state: store,
                                 pressBounce: .typical, displayWatched: frames != nil,
                                 history: history, light: light, companion: companion ?? SimulatedCompanion(seed: seed))
        self.clock = clock
        self.runner = BoxRunner(config: config, catalog: catalog, seed: seed, clock: clock, devices: devices,
                                screenSleeps: false, debounceSeconds: Debouncer.defaultLockout, logger: logger)
        runner.aboutFacts = AboutFacts(version: BuildVersion.current)
        self.audio = audio
        self.trace = trace
        self.logger = logger
        runner.add(log)
        if let trace { runner.add(trace) }
        if let frames { runner.add(frames) }
    }

    /// The box as it is now.
    public var box: Box { runner.box }
    /// Virtual seconds since the start.
    public var time: Double { clock.time }
    public var now: Moment { clock.now }
    /// The display as last drawn (nil before the start).
    public var framebuffer: Framebuffer? { runner.frame == nil ? nil : runner.framebuffer }
    public var frame: DisplayFrame? { runner.frame }
    /// Redraw the display at its own change times (needed for frames and the terminal).
    public var followsDisplay: Bool {
        get { runner.followsDisplay }
        set { runner.followsDisplay = newValue }
    }

    /// Brings the box up, restoring the state file when there is one.
    public func start() { runner.start() }

    /// Carries out a request now (a press starts now and its edges happen as time advances).
    @discardableResult
    public func perform(_ request: BoxRequest) -> String? { runner.perform(request, at: now) }

    /// Runs everything that happens up to virtual time `target`, in order, and stops there.
    public func advance(to target: Double) {
        var guardCount = 0
        while true {
            let next = min(nextWake() ?? target, target)
            // The sound plays on up to the next wake-up; what the engine reports on the way
            // happens at its own frame.
            if let at = runner.devices.audio.playOn(upTo: next) {
                clock.move(to: at)
                runner.serviceAudio(at: now)
                continue
            }
            if next >= target, (nextWake().map { $0 > target } ?? true) { break }
            clock.move(to: next)
            runner.runDue(at: now)
            runner.redraw(at: now)
            guardCount += 1
            if guardCount > 10_000_000 {
                logger.error("simulation stopped making progress at t=\(time)")
                break
            }
        }
        clock.move(to: target)
    }

    /// The earliest moment anything is due.
    public func nextWake() -> Double? {
        let t = now
        let times = [runner.nextWake(at: t), runner.wallDeadline.map(clock.uptime(atWall:))].compactMap { $0 }
        // Never go back in time: a due time in the past is due now.
        return times.min().map { max($0, t.uptime) }
    }

    /// Runs on until every made-up edge and debounce has happened (a press still down is released).
    public func finishInput() {
        while let settled = runner.inputSettles { advance(to: settled) }
    }

    /// Ends the run: the trace's last record shows the state at the end.
    public func finish() {
        trace?.finish(box, at: now)
    }
}
