/// Renders one stretch of speech to mono samples. May be slow (tens of ms); the content code
/// calls it off the audio path.
public protocol SpeechRenderer: AnyObject, Sendable {
    /// A stable description of the voice (engine, voice, rate, pitch) for cache keys and messages.
    var voiceDescription: String { get }
    /// `text` spoken: mono samples at the engine rate.
    func render(_ text: String) throws -> [Float]
    /// `text` spoken at the voice's own rate (what the voice's cache holds: no resampling before
    /// it plays); by default `render`'s samples at the engine rate.
    func renderAtVoiceRate(_ text: String) throws -> RenderedSpeech
    /// When the clip is cached, its length in seconds without rendering (else nil).
    func cachedDuration(_ text: String) -> Double?
    /// The voice that reads an item instead when this one fails on it (espeak-ng behind the
    /// natural voice); nil when there is none.
    var fallback: (any SpeechRenderer)? { get }
}

/// Mono speech samples and their rate.
public struct RenderedSpeech: Sendable, Equatable {
    /// The samples, nominally within -1...1.
    public var samples: [Float]
    /// Their rate; nil: the engine's.
    public var sampleRate: Int?

    public init(samples: [Float], sampleRate: Int?) {
        self.samples = samples
        self.sampleRate = sampleRate
    }
}

extension SpeechRenderer {
    /// No fallback.
    public var fallback: (any SpeechRenderer)? { nil }

    public func renderAtVoiceRate(_ text: String) throws -> RenderedSpeech {
        RenderedSpeech(samples: try render(text), sampleRate: nil)
    }
}
