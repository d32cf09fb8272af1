import SleepBoxContent
import SleepBoxSpeech

/// The voice as the content library uses it: speech through the render cache, and the exact
/// length of a stretch when it is already cached (for exact script durations).
public final class VoiceRenderer: SpeechRenderer, @unchecked Sendable {
    public let speech: CachedSpeech
    /// The voice that reads an item when this one fails on it.
    public let fallbackRenderer: VoiceRenderer?

    public init(speech: CachedSpeech, fallback: VoiceRenderer? = nil) {
        self.speech = speech
        fallbackRenderer = fallback
    }

    public var fallback: (any SpeechRenderer)? { fallbackRenderer }

    public var voiceDescription: String {
        let v = speech.voice
        return v.engine == PiperEngine.engineName ? "\(v.engine) \(v.name) \(Int(v.rate)) wpm"
            : "\(v.engine) \(v.name) \(Int(v.rate)) wpm pitch \(Int(v.pitch))"
    }

    public func render(_ text: String) throws -> [Float] { try speech.synthesize(text).samples }

    /// The clip as the cache keeps it, at the voice's rate: the program resamples it as it plays.
    public func renderAtVoiceRate(_ text: String) throws -> RenderedSpeech {
        let clip = try speech.voiceClip(text)
        return RenderedSpeech(samples: clip.samples, sampleRate: clip.sampleRate)
    }

    public func cachedDuration(_ text: String) -> Double? {
        speech.cache.duration(key: speech.key(for: text))
    }
}
