/// Renders one stretch of speech to mono samples at the engine rate. May be slow (tens of ms);
/// the content code calls it off the audio path.
public protocol SpeechRenderer: AnyObject, Sendable {
    /// A stable description of the voice (engine, voice, rate, pitch) for cache keys and messages.
    var voiceDescription: String { get }
    /// `text` spoken: mono samples at the engine rate.
    func render(_ text: String) throws -> [Float]
    /// When the clip is cached, its length in seconds without rendering (else nil).
    func cachedDuration(_ text: String) -> Double?
    /// The voice that reads an item instead when this one fails on it (espeak-ng behind the
    /// natural voice); nil when there is none.
    var fallback: (any SpeechRenderer)? { get }
}

extension SpeechRenderer {
    /// No fallback.
    public var fallback: (any SpeechRenderer)? { nil }
}
