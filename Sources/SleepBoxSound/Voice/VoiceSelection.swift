import SleepBoxAudio
import SleepBoxCore
import SleepBoxSpeech
import SleepBoxConfig

/// Which engine speaks, decided from `[voice]` and from what the machine has installed.
///
/// Piper speaks when it is configured and installed; when it is configured but its program or
/// model is missing, espeak-ng speaks instead at the configured rate and pitch, so the box is
/// never mute for want of Piper. An espeak-ng voice the machine does not have falls back to the
/// language's voice. Every fallback comes with a `Problem` saying what is missing and how to fix it.
public enum VoiceSelection {
    /// The engine that will speak.
    public enum Choice: Sendable, Equatable, CustomStringConvertible {
        /// espeak-ng in process with this voice.
        case espeak(SpeechVoice)
        /// Piper: the `piper` program (a name looked up in PATH, or a path), MODEL.onnx, and the
        /// rate in words per minute.
        case piper(binary: String, model: String, rate: Int)
        /// The natural voice (Piper with en_US-joe-medium in the box's own environment), one
        /// long-lived process, at this rate.
        case natural(NaturalVoiceInstallation, rate: Int)
        /// The owner's own Piper model (MODEL.onnx), spoken by the box's voice environment in one
        /// long-lived process like the natural voice, at this rate: no process start and model load
        /// per sentence.
        case servedPiper(NaturalVoiceInstallation, model: String, rate: Int)

        /// The engine for clips at `format`'s rate.
        public func engine(format: AudioFormat) -> any SpeechEngine {
            switch self {
            case .espeak(let voice): return EspeakEngine(voice: voice, format: format)
            case .piper(let binary, let model, let rate): return PiperEngine(binary: binary, model: model, rate: rate, format: format)
            case .natural(let installation, let rate): return NaturalVoiceEngine(installation: installation, rate: rate, format: format)
            case .servedPiper(let installation, let model, let rate):
                return NaturalVoiceEngine(server: PiperServer(python: installation.python, script: installation.server, model: model),
                                          name: PiperEngine(model: model).voice.name, version: installation.version,
                                          rate: rate, format: format)
            }
        }

        /// `espeak-ng voice en-us, 140 words per minute, pitch 40` or
        /// `piper voice en_US-lessac-medium (/opt/…/en_US-lessac-medium.onnx), 140 words per minute`.
        public var description: String {
            switch self {
            case .espeak(let voice):
                return "espeak-ng voice \(voice.name), \(voice.rate) words per minute, pitch \(voice.pitch)"
            case .piper(let binary, let model, let rate):
                let name = PiperEngine(binary: binary, model: model, rate: rate).voice.name
                return "piper voice \(name) (\(model)), \(rate) words per minute"
            case .natural(let installation, let rate):
                return "the natural voice: piper voice \(NaturalVoiceInstallation.voiceName) (\(installation.version), "
                    + "in \(installation.root)), \(rate) words per minute, espeak-ng stands in if it fails"
            case .servedPiper(let installation, let model, let rate):
                return "piper voice \(PiperEngine(model: model).voice.name) (\(model), one process in \(installation.root)), "
                    + "\(rate) words per minute, espeak-ng stands in if it fails"
            }
        }

        /// The voice as the core names it on an item's detail page.
        public var voiceName: VoiceName {
            switch self {
            case .espeak(let voice): return .espeak(voice.name)
            case .piper(_, let model, _), .servedPiper(_, let model, _): return .piper(PiperEngine(model: model).voice.name)
            case .natural: return .natural
            }
        }

        /// True when the long-lived Piper process speaks (the natural voice or an owner's model it
        /// serves): espeak-ng stands in for a sentence it fails.
        public var isServed: Bool {
            switch self {
            case .natural, .servedPiper: return true
            case .espeak, .piper: return false
            }
        }
    }

    /// Why the configured voice does not speak, and what to do about it.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// What is missing, e.g. `[voice] engine = "piper", but the piper program is not found or not
        /// executable: piper` (what speaks instead is the selection's `choice`).
        public var message: String
        /// What to do, in words the owner can follow.
        public var fix: String
        /// True when no voice at all is left (espeak-ng lacks even the language's voice): the box
        /// will be silent where it should speak.
        public var isSilent: Bool

        /// Creates a problem.
        public init(message: String, fix: String, isSilent: Bool = false) {
            self.message = message
            self.fix = fix
            self.isSilent = isSilent
        }

        /// `message`, then `fix`.
        public var description: String { "\(message); to fix: \(fix)" }
    }

    /// The engine `settings` ask for, or the fallback, with why it had to fall back.
    ///
    /// - Parameters:
    ///   - settings: `[voice]` (its `languageVoice` already follows the configured language).
    ///   - rate: words per minute (`BoxConfig.voiceRate`, the file's `[voice] rate` or the owner's).
    ///   - piperCheck: Why Piper cannot run with this program and model, nil when it can
    ///     (`PiperEngine.checkInstallation` in `choose(settings:)`).
    ///   - espeakHasVoice: Whether espeak-ng has a voice of this name (`EspeakEngine.hasVoice`).
    ///   - naturalVoice: The natural voice's installation, nil when it is not installed.
    ///   - naturalVoiceOff: `SLEEPBOX_VOICE_ENV=off` switched the natural voice off on purpose:
    ///     espeak-ng speaks and nothing is missing.
    public static func choose(settings: VoiceSettings, rate: Int,
                              piperCheck: (_ binary: String, _ model: String) -> SpeechError.Reason?,
                              espeakHasVoice: (String) -> Bool,
                              naturalVoice: NaturalVoiceInstallation? = nil,
                              naturalVoiceOff: Bool = NaturalVoiceInstallation.isSwitchedOff()) -> (choice: Choice, problems: [Problem]) {
        var problems: [Problem] = []
        if settings.engine == .auto, speaksNaturally(settings), !naturalVoiceOff {
            if let naturalVoice { return (.natural(naturalVoice, rate: rate), []) }
            problems.append(Problem(
                message: "the natural voice is not installed (looked in "
                    + NaturalVoiceInstallation.candidates().prefix(3).joined(separator: ", ") + ")",
                fix: "install the sleepbox-voice package (deploy/README.md), run `make voice` in the checkout, "
                    + "or sudo deploy/install.sh on the box "
                    + "(or set [voice] engine = \"espeak\" to choose espeak-ng on purpose)"))
        }
        if settings.engine == .piper {
            if let model = settings.piperModel {
                // The box's own voice environment has Piper: it serves the owner's model from one
                // process (the configured piper program would start once per sentence).
                if let naturalVoice, piperCheck(naturalVoice.root + "/bin/piper", model) == nil {
                    return (.servedPiper(naturalVoice, model: model, rate: rate), [])
                }
                guard let reason = piperCheck(settings.piperBinary, model) else {
                    return (.piper(binary: settings.piperBinary, model: model, rate: rate), [])
                }
                problems.append(piperProblem(reason))
            } else {
                problems.append(Problem(message: "[voice] engine = \"piper\", but no piper_model is set",
                                        fix: "set [voice] piper_model to the path of a Piper voice model (MODEL.onnx)"))
            }
        }

        var name = settings.espeakName
        if !espeakHasVoice(name) {
            if name != settings.languageVoice && espeakHasVoice(settings.languageVoice) {
                problems.append(Problem(
                    message: "[voice] name = \"\(name)\", but espeak-ng has no such voice",
                    fix: "set [voice] name to a voice `espeak-ng --voices` lists, or remove the line"))
                name = settings.languageVoice
            } else {
                let which = name == settings.languageVoice ? "\"\(name)\"" : "\"\(name)\" nor \"\(settings.languageVoice)\""
                problems.append(Problem(
                    message: "espeak-ng has no voice \(which): its voice data (espeak-ng-data) is missing or incomplete, "
                        + "so the box cannot speak",
                    fix: "sudo apt install espeak-ng-data", isSilent: true))
            }
        }
        let voice = SpeechVoice(engine: EspeakEngine.engineName, name: name, rate: rate, pitch: settings.pitch)
        return (.espeak(voice), problems)
    }

    /// What to tell the owner about a selection: nothing when the configured voice speaks, else
    /// what is wrong, what speaks instead, and how to fix it.
    public static func summary(_ selection: (choice: Choice, problems: [Problem])) -> (detail: String, fix: String)? {
        guard !selection.problems.isEmpty else { return nil }
        let silent = selection.problems.contains(where: \.isSilent)
        let detail = selection.problems.map(\.message).joined(separator: "; ")
            + (silent ? "" : "; \(selection.choice) speaks instead")
        return (detail, selection.problems.map(\.fix).joined(separator: "; "))
    }

    /// Whether the natural voice can read what `settings` ask for: English (the voice's only
    /// language) and no espeak-ng voice named on purpose.
    public static func speaksNaturally(_ settings: VoiceSettings) -> Bool {
        settings.name == nil && settings.languageVoice.hasPrefix("en")
    }

    /// Why this voice speaks, in a few words, for the log and `sleepbox doctor`.
    public static func reason(settings: VoiceSettings, choice: Choice,
                              naturalVoiceOff: Bool = NaturalVoiceInstallation.isSwitchedOff()) -> String {
        switch (settings.engine, choice) {
        case (.auto, .natural): return "[voice] engine = \"auto\" and the natural voice is installed"
        case (.auto, .espeak) where naturalVoiceOff && speaksNaturally(settings):
            return "SLEEPBOX_VOICE_ENV=off switches the natural voice off"
        case (.auto, .espeak):
            return speaksNaturally(settings) ? "the natural voice is not installed"
                : "the natural voice speaks English only" + (settings.name != nil ? " and [voice] name chooses an espeak-ng voice" : "")
        case (.espeak, _): return "[voice] engine = \"espeak\""
        case (.piper, .piper): return "[voice] engine = \"piper\""
        case (.piper, .servedPiper): return "[voice] engine = \"piper\" with piper_model, served by the box's voice environment"
        default: return "the configured voice cannot speak"
        }
    }

    /// `choose(settings:rate:piperCheck:espeakHasVoice:naturalVoice:)` against this machine's Piper,
    /// natural voice and espeak-ng.
    public static func choose(settings: VoiceSettings, rate: Int) -> (choice: Choice, problems: [Problem]) {
        choose(settings: settings, rate: rate, piperCheck: installedPiperProblem, espeakHasVoice: EspeakEngine.hasVoice,
               naturalVoice: settings.engine == .espeak ? nil : NaturalVoiceInstallation.find())
    }

    /// Why this machine cannot run Piper with `binary` and `model`, nil when it can.
    public static func installedPiperProblem(binary: String, model: String) -> SpeechError.Reason? {
        do {
            _ = try PiperEngine.checkInstallation(binary: binary, model: model)
            return nil
        } catch {
            return error
        }
    }

    /// The problem of a configured Piper that cannot run: what is missing and how to install it.
    static func piperProblem(_ reason: SpeechError.Reason) -> Problem {
        let prefix = "[voice] engine = \"piper\", but "
        switch reason {
        case .binaryMissing(let path):
            return Problem(
                message: prefix + "the piper program is not found or not executable: \(path)",
                fix: "install Piper (`pip install piper-tts`, e.g. in a venv at /opt/piper) and set [voice] piper_binary "
                    + "to its piper program (e.g. \"/opt/piper/bin/piper\"), or set [voice] engine = \"espeak\"")
        case .modelMissing(let path):
            return Problem(
                message: prefix + "the voice model is missing: \(path)",
                fix: "copy a Piper voice, MODEL.onnx and MODEL.onnx.json side by side (e.g. en_US-lessac-medium from "
                    + "rhasspy/piper-voices), to the place [voice] piper_model names, or correct piper_model")
        case .modelConfigInvalid(let path, let detail):
            return Problem(
                message: prefix + "the voice model's settings \(path) are unusable (\(detail))",
                fix: "replace \(path) with the .onnx.json file that came with the model")
        default:
            return Problem(message: prefix + "\(reason)",
                           fix: "check the Piper installation, or set [voice] engine = \"espeak\"")
        }
    }
}
