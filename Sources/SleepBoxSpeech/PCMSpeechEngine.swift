/// An engine that speaks 16-bit mono PCM at its voice's own rate (espeak-ng, Piper, the natural
/// voice's server): its clips are that sound in float, resampled to the engine rate
/// (`synthesize`) or kept at its own (`synthesizeNative`), and trimmed by `trimmer`.
public protocol PCMSpeechEngine: SpeechEngine {
    /// The engine's name in errors and in a voice's `engine`.
    static var engineName: String { get }
    /// Cuts the engine's own silence at both ends to a fixed margin.
    var trimmer: SilenceTrimmer { get }
    /// The engine's untouched output for `text`: S16 mono at its own rate, with its own silence.
    func renderPCM(_ text: String) throws(SpeechError.Reason) -> (samples: [Int16], sampleRate: Int)
}

extension PCMSpeechEngine {
    public func synthesize(_ text: String) throws(SpeechError) -> SpeechClip {
        try clip(text, sampleRate: format.sampleRate)
    }

    public func synthesizeNative(_ text: String) throws(SpeechError) -> SpeechClip {
        try clip(text, sampleRate: nil)
    }

    /// `renderPCM` with its reason wrapped in a `SpeechError` naming the engine and the text.
    public func renderNative(_ text: String) throws(SpeechError) -> (samples: [Int16], sampleRate: Int) {
        do {
            return try renderPCM(text)
        } catch {
            throw SpeechError(engine: Self.engineName, text: text, reason: error)
        }
    }

    /// `text` spoken, trimmed, at `sampleRate` (the voice's own when nil). Text with nothing to say
    /// gives an empty clip.
    private func clip(_ text: String, sampleRate: Int?) throws(SpeechError) -> SpeechClip {
        guard text.contains(where: { !$0.isWhitespace }) else { return SpeechClip(samples: [], format: format) }
        do throws(SpeechError.Reason) {
            let native = try renderPCM(text)
            let rate = sampleRate ?? native.sampleRate
            let samples = try SpeechResampler.floats(fromS16: native.samples, inputRate: native.sampleRate, outputRate: rate)
            return SpeechClip(samples: trimmer.trim(samples, sampleRate: rate), sampleRate: rate)
        } catch {
            throw SpeechError(engine: Self.engineName, text: text, reason: error)
        }
    }
}
