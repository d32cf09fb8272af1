import SleepBoxAudio
import SleepBoxSystem

/// Renders the speech of one program through the voice, once per distinct text, keeping the clips.
struct ClipRenderer {
    /// The clips rendered so far.
    private(set) var clips = SpeechClips()
    /// The voice used.
    let voiceDescription: String
    private let speech: any SpeechRenderer
    private let path: String
    private let format: AudioFormat
    /// False when only the lengths are wanted (rendering ahead fills the voice's cache): each
    /// clip is let go as soon as it is measured.
    private let keepsSpeech: Bool
    private var byText: [String: Int] = [:]

    /// A renderer for the item in `path` and a program at `format`; an error when there is no voice.
    init(speech: (any SpeechRenderer)?, path: String, format: AudioFormat = .engine) throws(ContentError) {
        try self.init(speech: speech, path: path, format: format, useFallback: false)
    }

    /// A renderer reading with `speech`'s fallback voice when `useFallback`, keeping the clips
    /// unless `keepsSpeech` is false.
    init(speech: (any SpeechRenderer)?, path: String, format: AudioFormat = .engine, useFallback: Bool,
         keepsSpeech: Bool = true) throws(ContentError) {
        let speech = useFallback ? speech?.fallback : speech
        guard let speech else {
            throw ContentError(path: path, message: "no voice is installed, so spoken items cannot be played (install espeak-ng)")
        }
        self.speech = speech
        self.path = path
        self.format = format
        self.keepsSpeech = keepsSpeech
        voiceDescription = speech.voiceDescription
    }

    /// The clip of `text` (rendered now unless it already was), from `line` of the file.
    mutating func clip(_ text: String, line: Int) throws(ContentError) -> Int {
        if let index = byText[text] { return index }
        let rendered = try render(text, line: line)
        let index = keepsSpeech
            ? clips.append(rendered.samples, sampleRate: rendered.sampleRate ?? format.sampleRate, format: format)
            : clips.appendLength(frames(rendered))
        byText[text] = index
        return index
    }

    /// The frames `rendered` lasts at the program's rate.
    private func frames(_ rendered: RenderedSpeech) -> Int {
        guard let rate = rendered.sampleRate, rate != format.sampleRate else { return rendered.samples.count }
        return ClipResampler.outputFrames(forInput: rendered.samples.count, from: rate, to: format.sampleRate)
    }

    /// The frames `parts` take, without keeping their clips (an interjection option not chosen):
    /// the voice's cached length where it has one, else rendered and measured.
    mutating func measure(_ parts: [ScriptPart], format: AudioFormat) throws(ContentError) -> Int {
        var frames = 0
        for part in parts {
            switch part {
            case .speech(let text, let line, _):
                if let index = byText[text] {
                    frames += clips.frames(index)
                } else if let seconds = speech.cachedDuration(text), seconds >= 0, seconds <= DurationText.maximumSeconds {
                    frames += format.frames(seconds)
                } else {
                    frames += self.frames(try render(text, line: line))
                }
            case .pause(let seconds, _, _):
                frames += format.frames(seconds)
            }
        }
        return frames
    }

    private func render(_ text: String, line: Int) throws(ContentError) -> RenderedSpeech {
        do {
            return try speech.renderAtVoiceRate(text)
        } catch {
            var failure = ContentError(path: path, line: line > 0 ? line : nil,
                                       message: "the voice (\(voiceDescription)) could not read \"\(text.prefix(60))\": \(error)")
            failure.isVoiceFailure = true
            throw failure
        }
    }
}
