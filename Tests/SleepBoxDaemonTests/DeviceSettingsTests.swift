import Foundation
import SleepBoxHardware
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxConfig

/// The device keys of the configuration: board, pins, display, sound device, paths.
@Suite struct DeviceSettingsTests {
    func devices(_ text: String) throws -> DeviceSettings {
        try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc).devices
    }

    func error(_ text: String) -> String? {
        do {
            _ = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theDefaults() throws {
        let d = try devices("")
        #expect(d == DeviceSettings())
        #expect(d.boardProfile == "auto" && d.audioDevice == "default")
        // The screen timeout's one home is the state machine's display settings.
        #expect(try ConfigFile(text: "", path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc).config.display.screenTimeoutSeconds == 60)
        #expect(d.periodMilliseconds == 10 && d.bufferMilliseconds == 100 && d.sampleRate == 48_000)
    }

    @Test func everyKeyIsRead() throws {
        let d = try devices("""
            [audio]
            device = "hw:Loopback,0,0"
            sample_rate = 44100
            period_ms = 5
            buffer_ms = 80
            [display]
            screen_timeout_seconds = 0
            controller = "SH1106"
            address = 0x3d
            rotate = true
            [board]
            profile = "pi-5"
            [pins]
            leaf = 23
            knob_switch = 24
            [paths]
            content = "/opt/content"
            user_content = "/data/mine"
            """)
        #expect(d.audioDevice == "hw:Loopback,0,0" && d.sampleRate == 44_100)
        #expect(d.periodMilliseconds == 5 && d.bufferMilliseconds == 80)
        #expect(d.displayController == .sh1106 && d.displayAddress == 0x3d && d.displayRotated)
        #expect(d.boardProfile == "pi-5")
        #expect(d.pinOverrides == [BoardPinOverride(pin: .leaf, offset: 23, path: "sleepbox.toml", line: 14),
                                   BoardPinOverride(pin: .knobSwitch, offset: 24, path: "sleepbox.toml", line: 15)])
        #expect(d.contentDirectory == "/opt/content" && d.userContentDirectory == "/data/mine")
    }

    @Test func theLoudnessTargetIsReadWithinItsRange() throws {
        #expect(try devices("").loudness == -26)
        #expect(try devices("[audio]\nloudness_lufs = -23\n").loudness == -23)
        #expect(try devices("[audio]\nloudness_lufs = -30.5\n").loudness == -30.5)
        #expect(error("[audio]\nloudness_lufs = -10\n") == "sleepbox.toml:2: [audio] loudness_lufs: -10 is out of range (-40 to -14 LUFS)")
        #expect(error("[audio]\nloudness_lufs = \"loud\"\n")?.hasPrefix("sleepbox.toml:2: [audio] loudness_lufs: expected") == true)
    }

    @Test func badValuesAreNamedWithTheirLine() {
        #expect(error("[pins]\nleaf = 600\n") == "sleepbox.toml:2: [pins] leaf: 600 is out of range (0 to 511)")
        #expect(error("[pins]\nelbow = 3\n")?.hasPrefix("sleepbox.toml:2: [pins] elbow: unknown key") == true)
        #expect(error("[display]\ncontroller = \"st7735\"\n")
                == "sleepbox.toml:2: [display] controller: \"st7735\" is not a display controller (\"ssd1306\" or \"sh1106\")")
        #expect(error("[display]\naddress = 0x27\n") == "sleepbox.toml:2: [display] address: 39 is not an address these displays use (0x3c or 0x3d)")
        #expect(error("[audio]\nperiod_ms = 60\n")
                == "sleepbox.toml:2: [audio] period_ms: 60 ms is more than half the buffer (100 ms); the buffer must hold at least two periods")
        #expect(error("[paths]\ncontent = \"content\"\n")
                == "sleepbox.toml:2: [paths] content: \"content\" is not an absolute path; write the whole path, starting with /")
        #expect(error("[audio]\ndevice = \"\"\n") == "sleepbox.toml:2: [audio] device: empty; write \"default\" or a device such as \"hw:0\"")
    }
}

/// Inputs that would make the TOML parser abort the process are refused with a line instead.
@Suite struct ConfigCrashGuardTests {
    @Test(arguments: ["[(x]\n", "[alarm]\ntime = \"06:45\"\n[\n", "x = [1, }]\n", "[alarm]\u{2028}time = \"06:45\"\n"])
    func aMalformedFileIsAnErrorNotACrash(text: String) {
        do {
            _ = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix("sleepbox.toml:"))
            #expect(error.description.contains("TOML syntax error"))
        }
    }
}
