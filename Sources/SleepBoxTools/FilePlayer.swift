#if canImport(Glibc)
import Glibc
#endif
import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxSound
import SleepBoxSystem

/// `sleepbox play FILE`: one file through the engine, to a sound card, a WAV file or nowhere
/// (null): how an owner tests their speaker, and what the benchmarks run.
public final class FilePlayer {
    public enum Output {
        case alsa(ALSASink)
        case sink(AudioSink)
    }

    /// The engine's view of the single file: item "file".
    final class Provider: SoundProvider {
        let path: String
        let format: AudioFormat
        init(path: String, format: AudioFormat) {
            self.path = path
            self.format = format
        }
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            let source = try FileSource(path: path, format: format)
            if position > 0 { try source.seek(toFrame: format.frames(position)) }
            return source
        }
        func wakeSound() -> any AudioSource { SilenceSource(frames: 0) }
        func speech(_ text: String) -> (any AudioSource)? { nil }
    }

    /// How long a sound card that cannot be opened (or is lost mid-file) is retried before the
    /// command gives up: a one-shot command must end; the daemon retries for as long as it runs.
    public static let deviceWaitSeconds = 5.0

    let feed: EngineFeed
    let path: String
    let output: Output
    let fadeAfter: Double?
    let fadeSeconds: Double
    /// The engine playing the file.
    public var engine: AudioEngine { feed.engine }
    /// Frames played so far.
    public var framesPlayed: Int64 { feed.framesPlayed }
    /// Why the file could not be played, if it could not.
    public private(set) var failure: String?
    /// The exit status that says why: 66 for a file that cannot be read or written, 69 for a sound
    /// card that stayed unavailable.
    public private(set) var failureStatus: ExitStatus = .noInput

    /// Opens `path` at `volume` percent of the perceptual curve (100 = unity gain).
    public init(path: String, format: AudioFormat, volume: Int, output: Output, fadeAfter: Double?, fadeSeconds: Double) {
        let engine = AudioEngine(format: format, provider: Provider(path: path, format: format), volumePercent: volume)
        feed = EngineFeed(engine: engine, periodSeconds: 0.01, logger: Logger(label: "sleepbox.play"))
        self.path = path
        self.output = output
        self.fadeAfter = fadeAfter
        self.fadeSeconds = fadeSeconds
    }

    /// Plays to the end (or to the end of the fade) through the outputs' one loop (`EngineFeed`),
    /// paced by the sound card (or as fast as the file or nowhere take it); returns false when
    /// the file could not be played or its sound could not be written (`failure` says why).
    @discardableResult
    public func run() -> Bool {
        let format = engine.format
        engine.perform(.play("file", from: 0))
        let fadeStart = fadeAfter.map { Int64(format.frames($0)) }
        let fadeEnd = fadeStart.map { $0 + Int64(format.frames(fadeSeconds)) }
        var fading = false
        let sink: AudioSink
        switch output {
        case .alsa(let alsa):
            _ = alsa.open(now: SystemClock.monotonicSeconds())
            sink = alsa
        case .sink(let other):
            sink = other
        }
        var done = false
        while !done {
            if let s = fadeStart, !fading, framesPlayed >= s {
                engine.perform(.rampGain(to: 0, over: fadeSeconds, curve: .decibelLinear))
                fading = true
            }
            if let e = fadeEnd, framesPlayed >= e { break }
            var n = feed.periodFrames
            if let s = fadeStart, !fading { n = Int(min(Int64(n), max(1, s - framesPlayed))) }
            if case .alsa(let alsa) = output {
                guard let room = waitForRoom(alsa) else {
                    var reason = "unavailable"
                    if case .unavailable(let why) = alsa.state { reason = why }
                    failure = "\(path): the sound device \(alsa.configuration.device) is unavailable (\(reason)); gave up after "
                        + "\(Quoting.number(Self.deviceWaitSeconds)) s of retrying (sleepbox doctor checks the sound device)"
                    failureStatus = .unavailable
                    alsa.close()
                    return false
                }
                n = min(n, room)
            }
            feed.play(n, to: sink, untilReport: true)
            if let error = feed.lastWriteFailure {
                // A WAV that cannot be written (a full disk) is a failure, not a silent success.
                failure = "\(path): \(error)"
                return false
            }
            for event in feed.takeReports() {
                switch event {
                case .itemFailed(_, let reason): failure = reason
                case .itemFinished: done = true
                default: break
                }
            }
            if failure != nil { return false }
        }
        if case .alsa(let alsa) = output { _ = alsa.drain(timeout: 2) }
        sink.close()
        return true
    }

    /// Waits (poll) until the card wants audio; nil when it has been unavailable for
    /// `deviceWaitSeconds` in a row.
    private func waitForRoom(_ sink: ALSASink) -> Int? {
        var unavailableSince: Double?
        while true {
            let wanted = sink.framesWanted
            if wanted > 0 { return wanted }
            var fds = sink.pollDescriptors
            if fds.isEmpty {
                // Unavailable: wait for the next retry, then try again, for a while.
                let now = SystemClock.monotonicSeconds()
                let since = unavailableSince ?? now
                unavailableSince = since
                if now - since >= Self.deviceWaitSeconds { return nil }
                let wait = max(0.01, (sink.nextRetry ?? now) - now)
                var none = pollfd()
                _ = poll(&none, 0, Int32(min(1000, wait * 1000)))
                _ = sink.retry(now: SystemClock.monotonicSeconds())
                continue
            }
            _ = poll(&fds, nfds_t(fds.count), 100)
            _ = sink.handlePoll(revents: fds)
        }
    }
}
