import SleepBoxAudio

/// A text-to-speech engine: text in, a mono clip at the engine's sample rate out.
///
/// Implementations: `EspeakEngine` (libespeak-ng in process), `PiperEngine` (the `piper` command as a
/// subprocess) and `CachedSpeech` (any engine behind the on-disk render cache). Rendering is
/// synchronous and may take long (Piper on a Raspberry Pi: seconds per sentence); call it off the
/// audio thread.
public protocol SpeechEngine: AnyObject {
    /// The voice this engine speaks with.
    var voice: SpeechVoice { get }
    /// The format of the clips it returns: their sample rate is `format.sampleRate`; clips are mono
    /// whatever `format.channels` says.
    var format: AudioFormat { get }
    /// Speaks `text` into a clip, trimmed to a small fixed margin of silence at both ends so that the
    /// caller decides the pauses. Text with nothing to say gives an empty clip.
    func synthesize(_ text: String) throws(SpeechError) -> SpeechClip
    /// Speaks `text` into a clip at the voice's own sample rate (espeak-ng and joe-medium: 22,050 Hz),
    /// trimmed like `synthesize`: what the render cache stores. By default `synthesize`'s clip.
    func synthesizeNative(_ text: String) throws(SpeechError) -> SpeechClip
    /// The voice's own sample rate when it is known without rendering (to convert cache files of
    /// the earlier format); nil when only a render tells. By default `format.sampleRate`.
    var nativeSampleRate: Int? { get }
}

extension SpeechEngine {
    public func synthesizeNative(_ text: String) throws(SpeechError) -> SpeechClip { try synthesize(text) }
    public var nativeSampleRate: Int? { format.sampleRate }
}
