import SleepBoxCore

/// Sums the fixed buses (`MixerBus`) into the output block, applies the master volume and the
/// soft limiter, and reports which sources ended or finished fading, to the frame.
///
/// Each bus has one optional source, a level (`GainRamp`, the bus's own automation: item
/// fades, the alarm's rise; a new source brings its own) and a duck stage (a second `GainRamp`
/// multiplied on top, so ducking the alarm under the greeting does not disturb its rise). The
/// duck stage belongs to the bus: it survives source changes, crossfades and stops until it is
/// ducked back to 1. The render path touches no dictionary, allocates nothing and calls each
/// live source once per pass.
///
/// Nothing ever steps: replacing or stopping at once a source that is still audible hands it to
/// a hidden de-click slot that fades it out over `declickFrames` (5 ms). A bus whose source has
/// ended, or whose stop fade has finished, stays idle and keeps its source (so a decoder is never
/// deallocated on the render path) until the bus is given a new source or `stop`ped; the
/// de-click slot likewise keeps its source until the next one replaces it. Sources are only
/// ever released by the operations, never by `render`.
///
/// No source can silence the others: a bus whose source renders samples that are not finite or
/// far beyond full scale (`SampleGuard`) is dropped at that block (reported `ended` and
/// `dropped`), and the alarm bus is added last to a sum cleaned of any such sample.
///
/// Pausing is the engine's: ramp the item to 0, `stop` it (silent, so nothing to de-click),
/// keep the source, and later `fadeIn` the same source again.
///
/// Not thread-safe: the engine owns it and calls everything from its audio thread.
public final class Mixer {
    /// The engine format (interleaved stereo at `format.sampleRate`).
    public let format: AudioFormat
    /// The largest block rendered in one pass; longer requests are split.
    public let maxBlockFrames: Int
    /// The length of the de-click fade for sources replaced or stopped at once.
    public let declickFrames: Int
    /// The master volume.
    public private(set) var volume: PerceptualVolume
    /// The clip protection at the end of the chain.
    public var limiter = SoftLimiter()

    private struct Bus {
        var source: (any AudioSource)?
        var level = GainRamp(gain: 1)
        var duck = GainRamp(gain: 1)
        var state: State = .idle

        var isLive: Bool { source != nil && (state == .playing || state == .stopping) }
    }

    private enum State {
        case idle
        case playing
        /// Playing while the level fades to 0; becomes `.stopped` there.
        case stopping
        case ended
        case stopped
    }

    /// The public buses, then the de-click slot.
    private var buses: [Bus]
    private static let declickSlot = MixerBus.allCases.count
    private let scratch: UnsafeMutablePointer<Float>

    /// A mixer for `format` rendering at most `maxBlockFrames` frames per internal pass, with
    /// the master volume at `volumePercent`.
    public init(format: AudioFormat = .engine, maxBlockFrames: Int = 1024, volumePercent: Int = 100) {
        self.format = format
        self.maxBlockFrames = max(16, maxBlockFrames)
        declickFrames = max(1, format.frames(0.005))
        volume = PerceptualVolume(percent: volumePercent, format: format)
        buses = Array(repeating: Bus(), count: MixerBus.allCases.count + 1)
        scratch = .allocate(capacity: 2 * self.maxBlockFrames)
        scratch.initialize(repeating: 0, count: 2 * self.maxBlockFrames)
    }

    deinit {
        scratch.deallocate()
    }

    // MARK: - Operations

    /// Plays `source` on `bus` starting at `gain` (any sound already there is de-clicked out).
    public func setSource(_ source: any AudioSource, on bus: MixerBus, gain: Float = 1) {
        retire(bus.rawValue)
        buses[bus.rawValue].source = source
        buses[bus.rawValue].level = GainRamp(gain: gain)
        buses[bus.rawValue].state = .playing
    }

    /// Plays `source` on `bus` rising from silence to `gain` over `frames` frames.
    public func fadeIn(_ source: any AudioSource, on bus: MixerBus, to gain: Float, overFrames frames: Int,
                       shape: GainShape = .equalPower) {
        setSource(source, on: bus, gain: 0)
        buses[bus.rawValue].level.ramp(to: gain, overFrames: max(frames, declickFrames), shape: shape)
    }

    /// Equal-power crossfade: the item moves to the partner bus and fades out from its current
    /// gain while `source` fades in on the item bus to `gain` (by default the level the item was
    /// heading for, or 1), both over `frames` frames (at least `declickFrames`). The partner is
    /// reported `stopped` when its fade ends. A partner still sounding from an earlier
    /// crossfade is de-clicked out.
    public func crossfade(to source: any AudioSource, overFrames frames: Int, gain: Float? = nil) {
        let n = max(frames, declickFrames)
        retire(MixerBus.partner.rawValue)
        var old = buses[MixerBus.item.rawValue]
        let goal = gain ?? (old.isLive && old.state == .playing ? old.level.target : 1)
        if old.isLive {
            old.level.ramp(to: 0, overFrames: n, shape: .equalPower)
            old.state = .stopping
            buses[MixerBus.partner.rawValue] = old
        }
        var fresh = Bus(source: source, level: GainRamp(gain: 0), duck: old.duck, state: .playing)
        fresh.level.ramp(to: goal, overFrames: n, shape: .equalPower)
        buses[MixerBus.item.rawValue] = fresh
    }

    /// Moves `bus`'s level from where it is to `gain` over `frames` frames along a core curve.
    public func ramp(_ bus: MixerBus, to gain: Float, overFrames frames: Int, curve: GainCurve) {
        ramp(bus, to: gain, overFrames: frames, shape: GainShape(curve))
    }

    /// Moves `bus`'s level from where it is to `gain` over `frames` frames along `shape`.
    public func ramp(_ bus: MixerBus, to gain: Float, overFrames frames: Int, shape: GainShape) {
        buses[bus.rawValue].level.ramp(to: gain, overFrames: frames, shape: shape)
        if buses[bus.rawValue].state == .stopping { buses[bus.rawValue].state = .playing }
    }

    /// Stops `bus`: with `frames` > 0 its level fades to silence along `shape` and the bus is
    /// reported `stopped` at the frame the fade ends; with 0 it is de-clicked out over 5 ms at
    /// once. Either way the bus is free for a new source.
    public func stop(_ bus: MixerBus, overFrames frames: Int = 0, shape: GainShape = .decibelLinear) {
        let i = bus.rawValue
        if frames > 0, buses[i].isLive {
            buses[i].level.ramp(to: 0, overFrames: frames, shape: shape)
            buses[i].state = .stopping
        } else {
            retire(i)
        }
    }

    /// Moves `bus`'s duck stage (a multiplier on top of its level; 1 = not ducked) to `gain`
    /// over `frames` frames: lower the alarm under the greeting, then restore with 1.
    public func duck(_ bus: MixerBus, to gain: Float, overFrames frames: Int, shape: GainShape = .decibelLinear) {
        buses[bus.rawValue].duck.ramp(to: gain, overFrames: frames, shape: shape)
    }

    /// Sets the master volume (0…100 %); the gain follows over 50 ms.
    public func setVolume(percent: Int) {
        volume.set(percent: percent)
    }

    // MARK: - State

    /// The source on `bus` (also after it ended or stopped, until replaced or stopped at once).
    public func source(on bus: MixerBus) -> (any AudioSource)? { buses[bus.rawValue].source }

    /// Whether `bus` is being rendered (playing or fading out).
    public func isActive(_ bus: MixerBus) -> Bool { buses[bus.rawValue].isLive }

    /// The buses being rendered.
    public var activeBuses: MixerBusSet {
        var set: MixerBusSet = []
        for bus in MixerBus.allCases where buses[bus.rawValue].isLive { set.insert(MixerBusSet(bus)) }
        return set
    }

    /// Whether anything is rendered: a live bus, or the short de-click fade of a sound stopped
    /// at once.
    public var isRendering: Bool { !activeBuses.isEmpty || buses[Self.declickSlot].isLive }

    /// `bus`'s level automation (its `current` is the gain of the last frame rendered).
    public func level(of bus: MixerBus) -> GainRamp { buses[bus.rawValue].level }

    /// `bus`'s duck stage.
    public func duckStage(of bus: MixerBus) -> GainRamp { buses[bus.rawValue].duck }

    // MARK: - Render

    /// Renders `frames` interleaved stereo frames into `output` (room for `2 × frames` floats):
    /// the sum of the live buses, times the master volume, through the soft limiter.
    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) -> MixReport {
        var report = MixReport()
        var done = 0
        while done < frames {
            let n = min(maxBlockFrames, frames - done)
            let part = renderChunk(output + 2 * done, frames: n)
            if done == 0 { report = part } else { report.merge(part, shiftedBy: done) }
            done += n
        }
        return report
    }

    /// Buses the master volume does not scale: the alarm and the greeting have their own level
    /// (`alarm_volume`), so a volume turned down at bedtime never makes the alarm too quiet to wake.
    public static let fixedLevelBuses: MixerBusSet = [.alarm, .speech]

    private func renderChunk(_ out: UnsafeMutablePointer<Float>, frames n: Int) -> MixReport {
        var report = MixReport()
        out.update(repeating: 0, count: 2 * n)
        for i in buses.indices where !isFixedLevel(i) { renderBus(i, into: out, frames: n, report: &report) }
        volume.apply(to: out, frames: n)
        renderBus(MixerBus.speech.rawValue, into: out, frames: n, report: &report)
        // The alarm is added last to a sum made sound: whatever the other buses did, it is heard.
        SampleGuard.clean(out, count: 2 * n)
        renderBus(MixerBus.alarm.rawValue, into: out, frames: n, report: &report)
        limiter.process(out, count: 2 * n)
        return report
    }

    private func isFixedLevel(_ index: Int) -> Bool {
        MixerBus(rawValue: index).map { Self.fixedLevelBuses.contains($0) } ?? false
    }

    /// Adds bus `i`'s block, at its level and duck stage, into `out`.
    private func renderBus(_ i: Int, into out: UnsafeMutablePointer<Float>, frames n: Int, report: inout MixReport) {
        guard buses[i].state == .playing || buses[i].state == .stopping, let source = buses[i].source else { return }
        let rendered = min(max(source.render(into: scratch, frames: n), 0), n)
        let bus = MixerBus(rawValue: i)
        // The last guard: a source whose samples break the rule is dropped before it is summed.
        guard SampleGuard.isSound(scratch, count: 2 * rendered) else {
            buses[i].state = .ended
            if let bus { report.markDropped(bus, at: 0) }
            return
        }
        if rendered < n {
            (scratch + 2 * rendered).update(repeating: 0, count: 2 * (n - rendered))
        }
        let rampLeft = buses[i].level.remainingFrames
        if buses[i].duck.isRamping || buses[i].duck.current != 1 {
            buses[i].level.apply(to: scratch, frames: n)
            buses[i].duck.mix(from: scratch, into: out, frames: n)
        } else {
            buses[i].level.mix(from: scratch, into: out, frames: n)
        }
        if rendered < n {
            buses[i].state = .ended
            if let bus { report.markEnded(bus, at: rendered) }
        } else if buses[i].state == .stopping, !buses[i].level.isRamping, buses[i].level.current == 0 {
            buses[i].state = .stopped
            // The ramp's last frame carries exact 0: that frame is the first without sound.
            if let bus { report.markStopped(bus, at: max(0, rampLeft - 1)) }
        }
    }

    /// Takes a sounding source off bus `index` into the de-click slot, which fades it out
    /// linearly over `declickFrames`; the bus is left idle.
    private func retire(_ index: Int) {
        let old = buses[index]
        buses[index] = Bus(duck: old.duck)
        guard index != Self.declickSlot, old.isLive else { return }
        let gain = old.level.current * old.duck.current
        guard gain > 0 else { return }
        var fading = old
        // One stage carries the product, so a single linear ramp takes it to silence.
        fading.level.set(gain)
        fading.duck.set(1)
        fading.level.ramp(to: 0, overFrames: declickFrames, shape: .linear)
        fading.state = .stopping
        buses[Self.declickSlot] = fading
    }
}
