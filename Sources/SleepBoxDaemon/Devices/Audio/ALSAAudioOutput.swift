#if canImport(Glibc)
import Glibc
#endif
import Logging
import SleepBoxAudio
import SleepBoxCore

/// The audio engine playing to an ALSA device, behind the daemon's `AudioOutput`: poll-driven
/// (audio is rendered when the device asks for it; the loop never blocks on it), a lost device
/// reported to the box and reopened with backoff by the sink.
public final class ALSAAudioOutput: AudioOutput {
    let sink: ALSASink
    private let feed: EngineFeed

    /// Opens `sink` (a device that cannot be opened now is retried; the box hears it as
    /// "audio unavailable").
    public init(engine: AudioEngine, sink: ALSASink, periodSeconds: Double, now: Double, logger: Logger) {
        self.sink = sink
        feed = EngineFeed(engine: engine, periodSeconds: periodSeconds, logger: logger)
        note(sink.open(now: now))
    }

    /// The engine this output drives.
    public var engine: AudioEngine { feed.engine }

    public func perform(_ command: Command, at now: Moment) {
        feed.engine.perform(command)
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
        // Fill what the device wants, a period at a time.
        var wanted = sink.framesWanted
        while wanted > 0 {
            let n = min(wanted, feed.periodFrames)
            feed.render(n)
            guard let took = feed.write(n, to: sink), took == n else { break }
            wanted -= n
        }
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
            let n = min(wanted, feed.periodFrames, left)
            feed.render(n)
            _ = feed.write(n, to: sink)
            left -= n
        }
        _ = sink.drain(timeout: 1)
        sink.close()
    }

    /// `hw:0: running, S16_LE 2 ch 48000 Hz ..., xruns 0`, with the last failed write when there was one.
    public var statusText: String {
        var text = "\(sink.configuration.device): \(sink.state)"
        if let p = sink.parameters { text += ", \(p)" }
        text += ", xruns \(sink.xrunCount)"
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
