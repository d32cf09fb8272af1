import SleepBoxAudio
import SleepBoxSystem

/// How long spoken text lasts: exact when the voice has the clip cached, otherwise estimated
/// from the words (at `wordsPerMinute`, 130 by default as in docs/content.md). Pauses are
/// always exact. Lengths add up in whole frames of `format`, as a program lays them out, so an
/// exact duration equals the built program's to the frame.
public struct SpeechTiming: Sendable {
    /// The speaking rate assumed for estimates.
    public var wordsPerMinute: Double
    /// The voice whose cache is asked for exact lengths, if any.
    public var speech: (any SpeechRenderer)?
    /// Voices for texts in other languages, by language code ("en", "de"); a text in a language
    /// not here is said by `speech`.
    public var languageVoices: [String: any SpeechRenderer] = [:]
    /// The engine format lengths are counted in.
    public var format: AudioFormat

    /// The rate docs/content.md assumes: about 130 words a minute.
    public static let defaultWordsPerMinute = 130.0

    /// A timing for `speech` (or estimates only, without one).
    public init(speech: (any SpeechRenderer)? = nil, wordsPerMinute: Double = SpeechTiming.defaultWordsPerMinute,
                format: AudioFormat = .engine) {
        self.speech = speech
        self.format = format
        self.wordsPerMinute = wordsPerMinute >= 1 && wordsPerMinute.isFinite ? wordsPerMinute : Self.defaultWordsPerMinute
    }

    /// The voice that says a text in `language` (a code such as "en" or "de-AT"; nil is "en").
    public func speech(forLanguage language: String?) -> (any SpeechRenderer)? {
        languageVoices[SpeechTiming.languageCode(language)] ?? speech
    }

    /// The languages the box's own voices read (espeak-ng's en-us and de, built in).
    public static let builtInLanguages = ["en", "de"]

    /// "en" for nil, "EN", "en-GB", "en_US.UTF-8"; "de" for "de-AT": the letters before anything else.
    public static func languageCode(_ language: String?) -> String {
        let code = String((language ?? "en").lowercased().prefix { $0.isLetter })
        return code.isEmpty ? "en" : code
    }

    /// The seconds `text` takes to say in `language`, and whether that is an estimate.
    public func seconds(of text: String, language: String? = nil) -> (seconds: Double, isEstimate: Bool) {
        if let cached = speech(forLanguage: language)?.cachedDuration(text), cached >= 0, cached <= DurationText.maximumSeconds {
            return (cached, false)
        }
        return (Double(Self.wordCount(text)) * 60 / wordsPerMinute, true)
    }

    /// The seconds `parts` take (speech and pauses), and whether any of it is an estimate.
    public func seconds(of parts: [ScriptPart], language: String? = nil) -> (seconds: Double, isEstimate: Bool) {
        let result = frames(of: parts, language: language)
        return (format.seconds(result.frames), result.isEstimate)
    }

    /// The frames `parts` take, each stretch and pause rounded to whole frames as in a program.
    public func frames(of parts: [ScriptPart], language: String? = nil) -> (frames: Int, isEstimate: Bool) {
        var total = 0
        var isEstimate = false
        for part in parts {
            switch part {
            case .speech(let text, _, _):
                let speech = seconds(of: text, language: language)
                total += format.frames(speech.seconds)
                isEstimate = isEstimate || speech.isEstimate
            case .pause(let seconds, _, _):
                total += format.frames(seconds)
            }
        }
        return (total, isEstimate)
    }

    /// The words in `text`: runs between spaces that contain a letter or a digit.
    public static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count { word in word.contains { $0.isLetter || $0.isNumber } }
    }
}
