import Foundation
import Logging
import SleepBoxAudio

/// Any `SpeechEngine` behind a `SpeechCache`: a hit loads the stored clip, a miss renders it with
/// the engine, stores it and returns it. The clips are the same either way (bit for bit).
///
/// As thread-safe as the wrapped engine (the cache and the counters are locked).
public final class CachedSpeech: SpeechEngine, @unchecked Sendable {
    /// The engine that renders misses.
    public let engine: any SpeechEngine
    /// Where clips are kept.
    public let cache: SpeechCache
    /// The integrated loudness, in LUFS, each rendered clip is set to before it is stored (so every
    /// sentence of every voice sounds equally loud); nil keeps the engine's level.
    public let loudness: Double?

    private let lock = NSLock()
    private var hitCount = 0
    private var missCount = 0
    private let logger: Logger

    /// `engine` with `cache` in front of it.
    public init(engine: any SpeechEngine, cache: SpeechCache, loudness: Double? = nil,
                logger: Logger = Logger(label: "sleepbox.speech")) {
        self.engine = engine
        self.cache = cache
        self.loudness = loudness
        self.logger = logger
    }

    /// The engine's voice.
    public var voice: SpeechVoice { engine.voice }
    /// The engine's format.
    public var format: AudioFormat { engine.format }

    /// Renders through this wrapper that came from the cache.
    public var hits: Int {
        lock.withLock { hitCount }
    }

    /// Renders through this wrapper that the engine had to make.
    public var misses: Int {
        lock.withLock { missCount }
    }

    /// The cache key of `text` with this engine's voice and rate.
    public func key(for text: String) -> String {
        SpeechCache.key(voice: voice, text: text, sampleRate: format.sampleRate, loudness: loudness)
    }

    /// The clip of `text` at `format`'s rate: `voiceClip(text)` resampled (libsoxr HQ), for
    /// sounds played as a whole (the greeting). Spoken items take `voiceClip` and are resampled
    /// as they play.
    public func synthesize(_ text: String) throws(SpeechError) -> SpeechClip {
        guard text.contains(where: { !$0.isWhitespace }) else { return try engine.synthesize(text) }
        return try playable(try voiceClip(text), text: text)
    }

    /// The clip of `text` at the voice's own rate, as the cache keeps it: from the cache when
    /// there (read and decoded, nothing resampled), else rendered at the voice's own rate,
    /// levelled, rounded to 16 bits and stored, so a hit and a miss give the same samples. A file
    /// of the cache's earlier format is converted (resampled down to the voice's rate) instead of
    /// rendered. Engine errors pass through unchanged; cache trouble only costs a render.
    public func voiceClip(_ text: String) throws(SpeechError) -> SpeechClip {
        guard text.contains(where: { !$0.isWhitespace }) else { return try engine.synthesizeNative(text) }
        let key = key(for: text)
        if let stored = cache.load(key: key) {
            count(hit: true)
            return stored
        }
        count(hit: false)
        var native: SpeechClip
        if let old = cache.loadLegacy(key: key), let rate = engine.nativeSampleRate,
           let samples = try? SpeechResampler.floats(from: old.samples, inputRate: old.sampleRate, outputRate: rate) {
            // Already levelled when it was stored.
            native = SpeechClip(samples: samples, sampleRate: rate)
        } else {
            native = try engine.synthesizeNative(text)
            if let loudness { native = Self.levelled(native, to: loudness) }
        }
        native = SpeechCache.quantized(native)
        if !cache.store(native, key: key) {
            logger.debug("speech not cached", metadata: ["text": "\(SpeechError.firstWords(of: text))"])
        }
        return native
    }

    /// The clip stored under `key` as `voiceClip` would return it (read and decoded, at the
    /// voice's rate); nil when there is none or it is damaged. For measuring loads.
    public func loadCached(key: String) -> SpeechClip? {
        cache.load(key: key)
    }

    /// `clip` resampled whole to `format`'s rate (libsoxr HQ), as every load of a spoken item's
    /// clip was before programs resampled their clips as they play. For measuring loads.
    public func resampledWhole(_ clip: SpeechClip) -> SpeechClip? {
        try? playable(clip, text: "")
    }

    /// `clip` at `format`'s rate (libsoxr HQ).
    private func playable(_ clip: SpeechClip, text: String) throws(SpeechError) -> SpeechClip {
        do {
            let samples = try SpeechResampler.floats(from: clip.samples, inputRate: clip.sampleRate, outputRate: format.sampleRate)
            return SpeechClip(samples: samples, sampleRate: format.sampleRate)
        } catch {
            throw SpeechError(engine: voice.engine, text: text, reason: error)
        }
    }

    /// `clip` with the integrated loudness (libebur128) it has when played on both channels, as
    /// the box plays speech, at `target` LUFS; its sample peak at most -1.5 dBFS (the true peak of
    /// the whole item is checked when it is measured as a whole).
    public static func levelled(_ clip: SpeechClip, to target: Double) -> SpeechClip {
        let measured = LoudnessMeter.measure(mono: clip.samples, sampleRate: clip.sampleRate, truePeak: false)
        // BS.1770 adds the channels' power: the same signal on two channels measures 3.01 dB
        // louder than on one.
        let gain = measured.gain(target: target - dualMonoGain, ceiling: Loudness.peakCeiling - 0.5)
        guard gain != 1 else { return clip }
        return SpeechClip(samples: clip.samples.map { $0 * gain }, sampleRate: clip.sampleRate)
    }

    /// How much louder a mono clip measures when it plays on both channels: 10 log10(2) dB.
    static let dualMonoGain = 3.0103

    private func count(hit: Bool) {
        lock.withLock { if hit { hitCount += 1 } else { missCount += 1 } }
    }
}
