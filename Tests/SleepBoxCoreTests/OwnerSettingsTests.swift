import Foundation
import SleepBoxCore
import Testing

/// The owner's settings as typed fields (`OwnerSettings`), read from and written to the state
/// file in the form boxes have always written them.
@Suite struct OwnerSettingsTests {
    /// A state file as the box writes it (every field set, every setting made on the box), with
    /// the settings in the configuration's words.
    static let savedFile = #"""
    {"version": 1, "savedAt": 1795612062.5, "mode": "meditation", "lastMode": "meditation",
     "item": {"id": "breath-box", "playing": true, "position": 80.5, "heard": 83.25},
     "timer": {"choice": 30, "deadline": 1795613000, "length": 1800}, "timerPreference": 30,
     "alarm": {"hour": 6, "minute": 45, "weekdays": [2, 3], "isEnabled": true, "skipNext": false},
     "configuredAlarm": {"hour": 6, "minute": 45, "weekdays": [2, 3], "isEnabled": true, "skipNext": false},
     "alarmLog": {"checkedUntil": 1795612062.25, "lastHandled": 1795500000, "lastMissed": 1795400000,
                  "lastSkipped": 1795300000, "lastRang": 1795500000},
     "ringingSince": 1795612000, "volume": 55, "configuredVolume": 50, "contentCompleted": true,
     "lastTitle": "Box Breathing",
     "progress": {"breath-box": {"position": 80.5, "duration": 453, "updated": 1795612062.5},
                  "nidra-deep": {"position": 120, "duration": 900, "updated": 1795000000}},
     "favorites": ["nidra-deep"],
     "shuffle": {"meditation": {"last": "breath-box", "upcoming": ["med-body-scan", "nidra-deep"]}},
     "rng": {"state": 3326683750974675159},
     "measuredLengths": {"nidra-deep": 901.5},
     "session": {"kind": "meditation", "startedAt": 1795611000, "length": 1200, "sound": "rain", "guide": true, "bellEvery": 300},
     "meditationChoice": {"minutes": 20, "sound": "rain", "guide": true, "bellEveryMinutes": 5},
     "reminder": {"hour": 22, "minute": 0, "weekdays": [1, 2, 3, 4, 5, 6, 7], "isEnabled": true, "skipNext": false},
     "reminderLog": {"checkedUntil": 1795612062.25, "skipping": 1795600000},
     "alarms": [{"hour": 6, "minute": 45, "weekdays": [2, 3], "isEnabled": true, "skipNext": false,
                 "sound": "rain", "rampSeconds": 60, "snoozeMinutes": 9, "volume": 40}, null,
                {"hour": 9, "minute": 0, "weekdays": [1, 7], "isEnabled": false, "skipNext": true}, null],
     "configuredAlarms": [{"hour": 6, "minute": 45, "weekdays": [2, 3], "isEnabled": true, "skipNext": false}, null, null, null],
     "ringingAlarm": 2,
     "settings": {"time_zone": "Europe/Berlin", "display.day_brightness": "70", "display.night_brightness": "10",
                  "display.dim_from": "22", "display.dim_until": "6", "display.screen_timeout_seconds": "120",
                  "display.clock_24h": "off", "display.captions": "on", "audio.night_volume_limit": "30",
                  "audio.start_volume": "40", "playback.breathing_cues": "off", "voice.rate": "120",
                  "language": "de", "voice.speak_menus": "on"},
     "mixes": [{"number": 1, "name": "calm", "layers": [{"sound": "rain", "levelDB": -6}, {"sound": "ocean", "levelDB": -12}]}],
     "openSession": {"itemID": "breath-box", "kind": "breathing", "title": "Box Breathing", "startedAt": 1795611900,
                     "startOffset": 3600, "heard": 150.5, "timerMinutes": 30},
     "companion": {"enabled": true, "epoch": 3}}
    """#

    static func decode(_ text: String) throws -> Snapshot {
        try JSONDecoder().decode(Snapshot.self, from: Data(text.utf8))
    }

    @Test func aStateFileOfTodaysFormatReadsTheSameSettings() throws {
        let snapshot = try Self.decode(Self.savedFile)
        #expect(snapshot.validated().rejected.isEmpty)
        #expect(snapshot.settings == OwnerSettings(
            timeZone: TimeZone(identifier: "Europe/Berlin"), dayBrightness: 70, nightBrightness: 10, dimFromHour: 22,
            dimUntilHour: 6, screenTimeoutSeconds: 120, twentyFourHour: false, captions: true, nightVolumeLimit: 30,
            startVolume: .percent(40), breathingCues: false, voiceRate: 120, language: .german, speakMenus: true))

        // Written again, the settings are the same words under the same keys.
        let written = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any])
        let original = try #require(JSONSerialization.jsonObject(with: Data(Self.savedFile.utf8)) as? [String: Any])
        #expect(written["settings"] as? [String: String] == original["settings"] as? [String: String])
        #expect(try Self.decode(String(decoding: JSONEncoder().encode(snapshot), as: UTF8.self)) == snapshot)

        // A box restored from it runs with them over the file's configuration.
        var box = Box(config: BoxConfig(), catalog: Fixture.catalog, seed: 1)
        _ = box.start(at: Moment(uptime: 10, wall: 1_795_612_070), restoring: snapshot)
        let c = box.config
        #expect(c.timeZone.identifier == "Europe/Berlin" && c.display.dayBrightness == 70 && c.display.nightBrightness == 10)
        #expect(c.display.dimFromHour == 22 && c.display.dimUntilHour == 6 && c.display.screenTimeoutSeconds == 120)
        #expect(!c.display.twentyFourHour && c.display.captions && c.audio.nightVolumeLimit == 30 && c.audio.startVolume == 40)
        #expect(!c.breathingCues && !c.meditation.breathingCues && c.voiceRate == 120 && c.language == .german && c.menu.speakMenus)
        #expect(box.screenTimeout == 120)
    }

    @Test func aFileWithoutSettingsOrWithStartVolumeLastReads() throws {
        var object = try #require(JSONSerialization.jsonObject(with: Data(Self.savedFile.utf8)) as? [String: Any])
        object["settings"] = nil
        #expect(try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: object)).settings == nil)
        object["settings"] = ["audio.start_volume": "last", "display.screen_timeout_seconds": "0"]
        let s = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: object)).settings
        #expect(s == OwnerSettings(screenTimeoutSeconds: 0, startVolume: .last))
    }

    @Test func everySettingKeepsEachOfItsValuesInItsTypedField() {
        for setting in OwnerSetting.all {
            for value in setting.values {
                var settings = OwnerSettings()
                settings[setting.key] = value
                #expect(setting.value(in: settings) == value, "\(setting.key) = \(value)")
                #expect(settings.values.map(\.key) == [setting.key])
                var config = BoxConfig().applying(settings)
                #expect(setting.value(in: config) == value, "\(setting.key) = \(value) over the configuration")
                settings[setting.key] = nil
                #expect(settings.isEmpty)
                config = BoxConfig().applying(settings)
                #expect(setting.value(in: config) == setting.value(in: BoxConfig()))
            }
            var settings = OwnerSettings()
            settings[setting.key] = "not a value"
            #expect(settings.isEmpty, "\(setting.key): a value not among its values changes nothing")
        }
    }
}
