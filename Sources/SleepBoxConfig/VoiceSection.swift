import SleepBoxSystem
import SleepBoxTOML

/// `[voice]`: the text-to-speech engine, its voice, rate and pitch, the speech cache.
enum VoiceSection {
    static let speechRate = TOMLRange(80, 450, unit: "words per minute")
    static let speechPitch = TOMLRange(0, 100)
    static let cacheMegabytes = TOMLRange(16, 65_536, unit: "MB")

    static let section = TOMLSection<ConfigDraft>("voice", keys: [
        TOMLKey("engine", read: engine),
        TOMLKey("name") { reader, value, draft in
            guard let text = reader.string(value, expected: "an espeak-ng voice such as \"en-us\" or \"de\"") else { return }
            if text.isEmpty || text.contains(where: { $0.isWhitespace }) {
                reader.report(value.path, "\(Quoting.quoted(text)) is not a voice name; write one such as \"en-us\", \"en-gb\" or \"de\" "
                              + "(`espeak-ng --voices` lists them), or remove the line for the language's voice")
            } else {
                draft.devices.voice.name = text
            }
        },
        .wholeNumber("rate", speechRate, into: \.config.voiceRate),
        .wholeNumber("pitch", speechPitch, into: \.devices.voice.pitch),
        TOMLKey("piper_model", read: piperModel),
        TOMLKey("piper_binary", read: piperBinary),
        .wholeNumber("cache_mb", cacheMegabytes, into: \.devices.voice.cacheMegabytes),
        .bool("speak_menus", into: \.config.menu.speakMenus),
    ], finish: { reader, draft in
        // A piper_model that was written but rejected has its own issue already.
        let voice = draft.devices.voice
        if voice.engine == .piper, voice.piperModel == nil, reader.top["voice"]?["piper_model"] == nil {
            let at = draft.engineWasRead ? ["voice", "engine"] : ["voice"]
            reader.add(.invalidValue, ["voice", "piper_model"],
                       "[voice] piper_model: missing; engine = \"piper\" needs the path of a Piper voice model, "
                       + "e.g. piper_model = \"/opt/piper/voices/en_US-lessac-medium.onnx\" (or set engine = \"espeak\")",
                       line: reader.line(of: at))
        }
    })

    private static func engine(_ reader: inout TOMLReader, _ value: TOMLValue, _ draft: inout ConfigDraft) {
        let names = VoiceSettings.Engine.allCases.map(\.rawValue)
        guard let text = reader.string(value, expected: "\"auto\", \"espeak\" or \"piper\"") else { return }
        if let engine = VoiceSettings.Engine(rawValue: text.lowercased()) {
            draft.devices.voice.engine = engine
            draft.engineWasRead = true
            return
        }
        var message = "\(Quoting.quoted(text)) is not a voice engine"
        let guess = text.lowercased().hasPrefix("espeak") ? "espeak" : Suggestion.closest(to: text, among: names)
        if let guess { message += "; did you mean \(Quoting.quoted(guess))?" }
        reader.report(value.path, message + " (\"auto\", \"espeak\" or \"piper\")", suggestion: guess)
    }

    private static func piperModel(_ reader: inout TOMLReader, _ value: TOMLValue, _ draft: inout ConfigDraft) {
        guard let text = reader.string(value, expected: "the path of a Piper voice model (MODEL.onnx)") else { return }
        if !text.hasPrefix("/") {
            reader.report(value.path, "\(Quoting.quoted(text)) is not an absolute path; write the whole path of the model, starting with /")
        } else if !text.hasSuffix(".onnx") {
            reader.report(value.path, "\(Quoting.quoted(text)) is not a Piper voice model; give the path of its MODEL.onnx file "
                          + "(MODEL.onnx.json sits beside it)")
        } else {
            draft.devices.voice.piperModel = text
        }
    }

    private static func piperBinary(_ reader: inout TOMLReader, _ value: TOMLValue, _ draft: inout ConfigDraft) {
        guard let text = reader.string(value, expected: "\"piper\" or the path of the piper program") else { return }
        if text.isEmpty {
            reader.report(value.path, "empty; write \"piper\" (found in PATH) or the whole path of the piper program")
        } else if text.contains("/") && !text.hasPrefix("/") {
            reader.report(value.path, "\(Quoting.quoted(text)) is not an absolute path; write \"piper\" (found in PATH) "
                          + "or the whole path, starting with /")
        } else {
            draft.devices.voice.piperBinary = text
        }
    }
}
