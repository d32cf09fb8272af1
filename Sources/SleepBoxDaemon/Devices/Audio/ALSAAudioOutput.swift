#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxSystem
import SleepBoxRunner
import SleepBoxSound

/// The audio engine playing to an ALSA device, behind the daemon's `AudioOutput`: the outputs'
/// one loop (`EngineFeed`) paced by the device (audio is rendered when the device asks for it;
/// the loop never blocks on it), a lost device
/// reported to the box and reopened with backoff by the sink.
///
/// The device runs at the engine's rate (`[audio] sample_rate`) and follows what is played
/// (`OutputRate.next`): an item that starts while nothing sounds and is a recording whose rate
/// the device takes exactly is played at that rate, so nothing is resampled; anything else that
/// starts from silence brings the device back to the engine's first rate. The device is only
/// closed and opened again at a new rate when everything queued in it is silence (at least a
/// whole buffer of silence written since the last sound), so the last sound before the change
/// is the end of a fade and the first after it starts from silence: no click. An item started
/// while something sounds, or sooner after a sound, plays at the rate already running.
public final class ALSAAudioOutput: AudioOutput {
    let sink: ALSASink
    private let feed: EngineFeed
    /// The rates the device takes exactly, asked before it was opened (`ALSADeviceInfo.acceptsRate`).
    let acceptedRates: Set<Int>
    /// Seconds of nothing sounding after which the device is closed until the next sound.
    let releaseAfterSilenceSeconds: Double
    /// The device was closed after a silence (`releaseAfterSilenceSeconds`), not lost: the next
    /// sound opens it.
    private(set) var released = false
    /// Times the device was closed after a silence, and opened again for a sound.
    private(set) var releaseCount = 0, resumeCount = 0

    /// The default of `releaseAfterSilenceSeconds`: a pause between two presses keeps the device,
    /// a box left alone lets it go.
    public static let defaultReleaseAfterSilenceSeconds = 15.0

    /// Opens `sink` (a device that cannot be opened now is retried; the box hears it as
    /// "audio unavailable"). A recording at one of `acceptedRates` plays at its own rate.
    public init(engine: AudioEngine, sink: ALSASink, periodSeconds: Double, now: Double, acceptedRates: Set<Int> = [],
                releaseAfterSilenceSeconds: Double = ALSAAudioOutput.defaultReleaseAfterSilenceSeconds, logger: Logger) {
        self.sink = sink
        self.acceptedRates = acceptedRates
        self.releaseAfterSilenceSeconds = max(0, releaseAfterSilenceSeconds)
        feed = EngineFeed(engine: engine, periodSeconds: periodSeconds, logger: logger)
        note(sink.open(now: now))
    }

    /// The rates worth asking a device about: those recordings come at.
    public static let candidateRates = [22_050, 24_000, 32_000, 44_100, 48_000, 88_200, 96_000]

    /// The rates of `candidateRates` that `device` takes exactly; empty when it cannot be opened.
    public static func acceptedRates(device: String) -> Set<Int> {
        Set(candidateRates.filter { ALSADeviceInfo.acceptsRate($0, device: device) })
    }

    /// Frames of silence written since the last sound (`EngineFeed.quietFrames`).
    var quietFrames: Int { feed.quietFrames }

    /// The engine this output drives.
    public var engine: AudioEngine { feed.engine }

    /// The rate for the batch's item, if it starts one, before anything in the batch sounds (the
    /// core starts an item's ambient bed just before the item).
    public func prepare(for commands: [Command], at now: Moment) {
        for command in commands {
            switch command {
            case .play(let id, _, _), .crossfade(let id, _, _, _):
                followRate(for: id, now: now.uptime)
                return
            default: continue
            }
        }
    }

    public func perform(_ command: Command, at now: Moment) {
        feed.engine.perform(command)
        if released && !feed.engine.isSilent { resume(now: now.uptime, for: "a sound") }
    }

    /// Opens the device closed after a silence (nothing sounds yet: it plays silence until
    /// something does, and is closed again after `releaseAfterSilenceSeconds` if nothing does).
    /// The daemon calls it a moment before a known ring.
    public func getReady(at now: Moment) {
        if released { resume(now: now.uptime, for: "what is due") }
    }

    /// Whether the device is closed after a silence and the next sound opens it.
    public var isReleased: Bool { released }

    /// Opens the device again at the engine's rate; a device that cannot be opened now is
    /// reported lost and retried.
    private func resume(now: Double, for reason: String) {
        released = false
        resumeCount += 1
        feed.restartQuietCount()
        let started = SystemClock.monotonicSeconds()
        note(sink.open(now: now))
        if sink.parameters != nil {
            let ms = (SystemClock.monotonicSeconds() - started) * 1000
            feed.logger.info("audio: \(sink.configuration.device) opened for \(reason) in \(String(format: "%.1f", ms)) ms")
        }
    }

    /// Closes the device once nothing has sounded for `releaseAfterSilenceSeconds` and all it
    /// holds is silence.
    private func releaseIfQuiet() {
        guard !released, case .running = sink.state, let parameters = sink.parameters, feed.engine.isSilent else { return }
        let frames = Int(releaseAfterSilenceSeconds * Double(parameters.sampleRate)) + parameters.bufferFrames
        guard feed.quietFrames >= frames else { return }
        sink.close()
        released = true
        releaseCount += 1
        feed.logger.info("audio: nothing sounded for \(Quoting.number(releaseAfterSilenceSeconds)) s; \(sink.configuration.device) is closed until the next sound")
    }

    /// Brings the device to the rate `id` should play at (`OutputRate.next`), when that differs
    /// and the device holds nothing but silence.
    private func followRate(for id: ItemID, now: Double) {
        let engine = feed.engine
        let current = engine.format.sampleRate
        let queued = sink.parameters?.bufferFrames ?? 0
        let quiet = released || (engine.isSilent && feed.quietFrames >= queued)
        let wanted = OutputRate.next(current: current, sounding: !quiet, sourceRate: engine.provider.recordingRate(of: id),
                                     fallback: engine.providerFormat.sampleRate, accepts: acceptedRates.contains)
        guard wanted != current else { return }
        let started = SystemClock.monotonicSeconds()
        let channels = engine.format.channels
        // A device closed after a silence is not lost: opening it is no return to report.
        let wasOpen = sink.parameters != nil || released
        if released {
            released = false
            resumeCount += 1
            feed.restartQuietCount()
        }
        _ = sink.reopen(format: AudioFormat(sampleRate: wanted, channels: channels), now: now)
        if sink.parameters == nil {
            // Not at the new rate: back at the one that worked (a device that is gone is retried at it).
            feed.logger.warning("audio: \(sink.configuration.device) did not open at \(wanted) Hz; staying at \(current) Hz")
            _ = sink.reopen(format: AudioFormat(sampleRate: current, channels: channels), now: now)
        }
        // The box hears only a change of whether there is sound at all.
        switch (wasOpen, sink.state) {
        case (true, .unavailable(let reason)): note([.lost(reason)])
        case (false, .running): note([.restored])
        default: break
        }
        // The device may have answered with another rate: the engine renders what it takes.
        engine.changeRate(to: sink.format.sampleRate)
        feed.rateChanged()
        let ms = (SystemClock.monotonicSeconds() - started) * 1000
        feed.logger.info("audio: \(sink.format.sampleRate) Hz for \(id) (was \(current) Hz; the device reopened in \(String(format: "%.1f", ms)) ms)")
    }

    public func follow(_ settings: SoundSettings) { feed.engine.follow(settings) }

    public var isSounding: Bool { !feed.engine.isSilent }

    public var pollDescriptors: [(fd: Int32, events: Int16)] {
        sink.pollDescriptors.map { ($0.fd, $0.events) }
    }

    public func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event] {
        let fds = sink.pollDescriptors.map { p -> pollfd in
            var q = p
            q.revents = revents.first { $0.fd == p.fd }?.revents ?? 0
            return q
        }
        note(sink.handlePoll(revents: fds))
        if let r = sink.nextRetry, r <= now.uptime { note(sink.retry(now: now.uptime)) }
        // Fill what the device wants.
        feed.play(sink.framesWanted, to: sink)
        // Whatever made the engine sound without a command (a recording opened off the loop) opens
        // the device too.
        if released && !feed.engine.isSilent { resume(now: now.uptime, for: "a sound") }
        releaseIfQuiet()
        return feed.takeEvents()
    }

    public var nextWake: Double? { sink.nextRetry }

    public func shutDown(fadeSeconds: Double) {
        // Play the fade out, then let the device empty its buffer (bounded waits: the whole exit
        // stays well within systemd's stop timeout).
        var left = feed.startFadeOut(seconds: fadeSeconds)
        var waits = 0
        while left > 0, waits < 200 {
            let wanted = sink.framesWanted
            if wanted == 0 {
                var fds = sink.pollDescriptors
                if fds.isEmpty { break }
                _ = poll(&fds, nfds_t(fds.count), 20)
                waits += 1
                continue
            }
            left -= max(1, feed.play(min(wanted, left), to: sink).played)
        }
        _ = sink.drain(timeout: 1)
        sink.close()
    }

    /// `hw:0: running, S16_LE 2 ch 48000 Hz ..., xruns 0`, with the last failed write when there was one.
    public var statusText: String {
        var text = "\(sink.configuration.device): " + (released ? "closed after \(Quoting.number(releaseAfterSilenceSeconds)) s of silence" : "\(sink.state)")
        if let p = sink.parameters { text += ", \(p)" }
        text += ", xruns \(sink.xrunCount)"
        if releaseCount > 0 { text += ", closed in a silence: \(releaseCount)" }
        if let failure = feed.lastWriteFailure { text += ", \(feed.writeFailureCount) failed writes (last: \(failure))" }
        return text
    }

    private func note(_ events: [ALSASinkEvent]) {
        for e in events {
            switch e {
            case .lost(let reason):
                feed.logger.error("audio unavailable: \(reason); retrying")
                feed.report(.audioAvailabilityChanged(false))
            case .restored:
                feed.logger.notice("audio restored")
                feed.report(.audioAvailabilityChanged(true))
            }
        }
    }
}
