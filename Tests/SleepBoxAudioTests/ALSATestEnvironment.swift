import CALSA
import Foundation
@testable import SleepBoxAudio

/// One ALSA configuration for the whole test process: file PCMs over null PCMs, written to a
/// temporary folder and put in ALSA_CONFIG_PATH before the first ALSA call.
enum ALSATestEnvironment {
    struct Setup: Sendable {
        let directory: String
        let configPath: String
    }

    /// Made on first use (Swift's lazy statics are thread-safe), before any test opens a PCM.
    static let shared: Setup = make()

    static func path(_ name: String) -> String { shared.directory + "/" + name }

    /// The folder the PCM `sleepboxtest_gone` writes into; missing until a test creates it.
    static var goneDirectory: String { path("gone") }

    private static func make() -> Setup {
        let directory = NSTemporaryDirectory() + "sleepbox-alsa-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let setup = Setup(directory: directory, configPath: directory + "/sleepbox-test.conf")
        writeConfig(setup, definingLater: false)
        // Our file follows alsa.conf in the path so that the `null` PCM its file PCMs name exists.
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:" + setup.configPath, 1)
        ALSALibrary.silenceErrorOutput()
        atexit { ALSATestEnvironment.removeFiles() }
        return setup
    }

    /// Rewrites the configuration, adding `pcm.sleepboxtest_later` when asked. The new file gets a
    /// new inode (rename), which is how libasound's snd_config_update notices the change.
    static func defineLater() {
        writeConfig(shared, definingLater: true)
    }

    private static func writeConfig(_ setup: Setup, definingLater: Bool) {
        let d = setup.directory
        var text = """
            pcm.sleepboxtest_s16 { type file; slave.pcm "null"; file "\(d)/s16.raw"; format "raw" }
            pcm.sleepboxtest_s32 { type file; slave.pcm "null"; file "\(d)/s32.raw"; format "raw" }
            pcm.sleepboxtest_float { type file; slave.pcm "null"; file "\(d)/float.raw"; format "raw" }
            pcm.sleepboxtest_inline { type file; slave { pcm { type null } } file "\(d)/inline.raw"; format "raw" }
            pcm.sleepboxtest_gone { type file; slave.pcm "null"; file "\(d)/gone/out.raw"; format "raw" }
            pcm.sleepboxtest_null { type null }

            """
        if definingLater {
            text += """
                pcm.sleepboxtest_later { type file; slave.pcm "null"; file "\(d)/later.raw"; format "raw" }

                """
        }
        let temporary = setup.configPath + ".new"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
        rename(temporary, setup.configPath)
    }

    /// At exit: plain unlink/rmdir, as Foundation may already be shutting down.
    private static func removeFiles() {
        let d = shared.directory
        for name in ["s16.raw", "s32.raw", "float.raw", "inline.raw", "later.raw", "gone/out.raw",
                     "sleepbox-test.conf", "sleepbox-test.conf.new"] {
            unlink(d + "/" + name)
        }
        rmdir(d + "/gone")
        rmdir(d)
    }

    static func contents(of name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(name)) else { return [] }
        return [UInt8](data)
    }

    static func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: path(name))
    }
}
