import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxConfig

/// `[light]` and the alarms' dawn keys in the configuration file.
@Suite struct LightConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func withoutAChipThereIsNoLight() throws {
        let file = try Self.parse("")
        #expect(!file.config.light.isPresent)
        #expect(file.devices.light.chip == nil)
    }

    @Test func everyLightKeyIsRead() throws {
        let file = try Self.parse("""
            [[alarms]]
            time = "07:30"
            dawn = false
            dawn_minutes = 45

            [light]
            chip = 2
            channels = [1, 0]
            period_ns = 500000
            max = [90, 80]
            kelvin = [2200, 4500]
            output = [1, 1.5]
            dawn = false
            dawn_minutes = 20
            dawn_start_kelvin = 2000
            dawn_end_kelvin = 3800
            alarm_level = 90
            hold_minutes = 5
            fade_seconds = 30
            night_level = 10
            night_kelvin = 2000
            night_max = 25
            breathing_level = 40
            """)
        let light = file.devices.light
        #expect(light.chip == 2 && light.channels == [1, 0] && light.periodNanoseconds == 500_000)
        #expect(light.calibration == [LightChannel(kelvin: 2200, output: 1, maximum: 0.9),
                                      LightChannel(kelvin: 4500, output: 1.5, maximum: 0.8)])
        let c = file.config.light
        #expect(c.isPresent && !c.dawn && c.dawnMinutes == 20 && c.dawnStartKelvin == 2000 && c.dawnEndKelvin == 3800)
        #expect(c.alarmLightness == 90 && c.holdSeconds == 300 && c.fadeSeconds == 30)
        #expect(c.nightLightness == 10 && c.nightKelvin == 2000 && c.nightMax == 25 && c.breathingHigh == 40)
        #expect(file.config.alarms[0]?.dawn == false && file.config.alarms[0]?.dawnMinutes == 45)
    }

    @Test func mistakesNameTheKey() {
        #expect(Self.error("[light]\nchannels = [0, 1]\nkelvin = [1800]\n")?.contains("[light] kelvin") == true)
        #expect(Self.error("[light]\nchannels = [0, 0]\n")?.contains("[light] channels") == true)
        #expect(Self.error("[light]\nchannels = [0, 1, 2]\n")?.contains("[light] channels") == true)
        #expect(Self.error("[light]\ndawn_minutes = 10\n")?.contains("[light] dawn_minutes") == true)
        #expect(Self.error("[light]\nperiod_ns = 1.5\n")?.contains("[light] period_ns") == true)
        #expect(Self.error("[light]\ndawn_start_kelvin = 4000\ndawn_end_kelvin = 2000\n")?.contains("dawn_end_kelvin") == true)
        #expect(Self.error("[[alarms]]\ntime = \"07:00\"\ndawn_minutes = 91\n")?.contains("dawn_minutes") == true)
        #expect(Self.error("[light]\nnight_max = 101\n")?.contains("[light] night_max") == true)
    }
}
