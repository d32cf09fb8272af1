import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxConfig

/// `sleepbox ctl setting` takes what the configuration file takes: any whole number in the key's
/// range (not only the knob's steps) and any IANA time zone; anything else is refused with what
/// the key takes.
@Suite struct SettingRuleTests {
    @Test func aSettingByRequestTakesWhatTheFileTakes() throws {
        let sim = ControlProtocolTests.simulator()
        let t = sim.clock.now
        #expect(sim.runner.perform(.setting(key: "display.night_brightness", value: "35"), at: t) == nil)
        #expect(sim.runner.box.config.display.nightBrightness == 35)
        #expect(sim.runner.perform(.setting(key: "time_zone", value: "America/Phoenix"), at: t) == nil)
        #expect(sim.runner.box.clock.timeZone.identifier == "America/Phoenix")
        #expect(sim.runner.perform(.setting(key: "time_zone", value: "Asia/Kolkata"), at: t) == nil)
        #expect(sim.runner.box.clock.timeZone.identifier == "Asia/Kolkata")
        #expect(sim.runner.perform(.setting(key: "display.night_brightness", value: "135"), at: t)
                == "\"135\" is not a value of display.night_brightness (a whole number 0 ... 100, or default)")
        #expect(sim.runner.perform(.setting(key: "time_zone", value: "Mars/Olympus_Mons"), at: t)
                == "\"Mars/Olympus_Mons\" is not a value of time_zone (an IANA time zone such as Europe/Berlin, America/Phoenix or UTC, or default)")
        #expect(sim.runner.box.config.display.nightBrightness == 35)
    }

    /// The file and a setting made on the box or by request agree on every number: each probe is
    /// taken by both or refused by both.
    @Test func theFileAndTheSettingTakeTheSameNumbers() throws {
        let keys = [("display", "day_brightness"), ("display", "night_brightness"), ("display", "dim_from"),
                    ("display", "dim_until"), ("display", "screen_timeout_seconds"), ("audio", "night_volume_limit"),
                    ("audio", "start_volume"), ("voice", "rate")]
        let probes = [-1, 0, 7, 23, 24, 35, 79, 80, 100, 101, 450, 451, 86_400, 86_401]
        for (table, key) in keys {
            let setting = try #require(OwnerSetting.named(table + "." + key))
            for n in probes {
                let file = (try? ConfigFile(text: "[\(table)]\n\(key) = \(n)\n", path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)) != nil
                #expect(file == (setting.parse(String(n)) != nil), "\(table).\(key) = \(n)")
            }
        }
    }
}
