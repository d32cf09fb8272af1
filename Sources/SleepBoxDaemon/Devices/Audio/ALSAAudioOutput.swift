#if canImport(Glibc)
import Glibc
#endif
import Logging
import SleepBoxAudio
import SleepBoxCore

/// The audio engine behind the daemon's `AudioOutput`, playing to an ALSA device (poll-driven:
/// audio is rendered when the device asks for it, the loop never blocks on it) or recording to a
/// file in real time (simulated hardware).
public final class EngineAudioOutput: AudioOutput {
    public enum Device {
        /// A sound card: written when its poll descriptors say it wants data.
        case alsa(ALSASink)
        /// A recording, paced by the monotonic clock.
        case file(AudioSink)
    }

    public let engine: AudioEngine
    let device: Device
    let logger: Logger
    let periodFrames: Int
    private let buffer: UnsafeMutablePointer<Float>
    private var pending: [Event] = []
    /// File recordings: the monotonic time the recording started, and frames written since.
    private var fileStart: Double?
    private var fileFrames: Int64 = 0

    public init(engine: AudioEngine, device: Device, periodSeconds: Double, now: Double, logger: Logger) {
        self.engine = engine
        self.device = device
        self.logger = logger
        periodFrames = max(1, engine.format.frames(periodSeconds))
        buffer = .allocate(capacity: 2 * max(periodFrames, 4096))
        switch device {
        case .alsa(let sink): note(sink.open(now: now))
        case .file: fileStart = now
        }
    }

    deinit { buffer.deallocate() }

    public func perform(_ command: Command, at now: Moment) {
        if case .file = device { catchUp(to: now.uptime) }
        engine.perform(command)
    }

    public var pollDescriptors: [(fd: Int32, events: Int16)] {
        guard case .alsa(let sink) = device else { return [] }
        return sink.pollDescriptors.map { ($0.fd, $0.events) }
    }

    public func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event] {
        switch device {
        case .alsa(let sink):
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
                let n = min(wanted, periodFrames)
                render(n)
                let took = (try? sink.write(buffer, frames: n)) ?? 0
                if took < n { break }
                wanted -= n
            }
        case .file:
            catchUp(to: now.uptime)
        }
        let out = pending + engine.provider.takeEvents()
        pending.removeAll()
        return out
    }

    public var nextWake: Double? {
        switch device {
        case .alsa(let sink): return sink.nextRetry
        case .file:
            // Silence is written when the next thing happens; sound is written a period at a time.
            guard !engine.isSilent, let start = fileStart else { return nil }
            return start + Double(fileFrames + Int64(periodFrames)) / Double(engine.format.sampleRate)
        }
    }

    public func shutDown(fadeSeconds: Double) {
        let fade = engine.format.frames(fadeSeconds)
        for bus in MixerBus.allCases { engine.mixer.stop(bus, overFrames: fade) }
        switch device {
        case .alsa(let sink):
            // Play the fade out, then let the device empty its buffer (bounded waits: the whole
            // exit stays well within systemd's stop timeout).
            var left = fade
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
                let n = min(wanted, periodFrames, left)
                render(n)
                _ = try? sink.write(buffer, frames: n)
                left -= n
            }
            _ = sink.drain(timeout: 1)
            sink.close()
        case .file(let sink):
            // The fade, a period at a time (the buffer holds one period).
            var left = fade
            while left > 0 {
                let n = min(left, periodFrames)
                render(n)
                _ = try? sink.write(buffer, frames: n)
                left -= n
            }
            sink.close()
        }
    }

    public var statusText: String {
        switch device {
        case .alsa(let sink):
            var text = "\(sink.configuration.device): \(sink.state)"
            if let p = sink.parameters { text += ", \(p)" }
            return text + ", xruns \(sink.xrunCount)"
        case .file(let sink):
            return "recording (\(sink.format.sampleRate) Hz), \(fileFrames) frames"
        }
    }

    // MARK: -

    private func render(_ n: Int) {
        for (report, _) in engine.render(into: buffer, frames: n) { pending.append(report.event) }
    }

    /// File recordings: writes everything due up to `uptime`.
    private func catchUp(to uptime: Double) {
        guard case .file(let sink) = device, let start = fileStart else { return }
        let due = Int64(((uptime - start) * Double(engine.format.sampleRate)).rounded(.down))
        while fileFrames < due {
            let n = Int(min(Int64(periodFrames), due - fileFrames))
            render(n)
            _ = try? sink.write(buffer, frames: n)
            fileFrames += Int64(n)
        }
    }

    private func note(_ events: [ALSASinkEvent]) {
        for e in events {
            switch e {
            case .lost(let reason):
                logger.error("audio unavailable: \(reason); retrying")
                pending.append(.audioAvailabilityChanged(false))
            case .restored:
                logger.notice("audio restored")
                pending.append(.audioAvailabilityChanged(true))
            }
        }
    }
}
