import Foundation
import SleepBoxCore
import Testing
import SleepBoxTOML
@testable import SleepBoxDaemon
@testable import SleepBoxConfig

private let utc = ConfigFile.utc

private func parse(_ text: String, timeZone: TimeZone = utc) throws(ConfigError) -> ConfigFile {
    try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: timeZone)
}

/// The error `text` is rejected with, one line per issue.
private func errorText(_ text: String) -> String? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error.description
    }
}

private func zone(_ name: String) -> TimeZone {
    TimeZone(identifier: name) ?? utc
}

@Suite struct ConfigFileValueTests {
    @Test func anEmptyFileKeepsEveryDefault() throws {
        let file = try parse("")
        #expect(file == ConfigFile(config: BoxConfig(timeZone: utc)))
        #expect(file.config.alarm == nil)
    }

    @Test func captionsAndSpokenMenusAreOffByDefaultAndReadAsTrueOrFalse() throws {
        let defaults = try parse("")
        #expect(!defaults.config.display.captions && !defaults.config.menu.speakMenus)
        let on = try parse("[display]\ncaptions = true\n\n[voice]\nspeak_menus = true\n")
        var expected = defaults.config
        expected.display.captions = true
        expected.menu.speakMenus = true
        #expect(on.config == expected)
        let wrong = try #require(errorText("[display]\ncaptions = \"yes\"\n[voice]\nspeak_menus = 1\n"))
        #expect(wrong.contains("sleepbox.toml:2") && wrong.contains("[display] captions") && wrong.contains("true or false"), "\(wrong)")
        #expect(wrong.contains("sleepbox.toml:4") && wrong.contains("[voice] speak_menus"), "\(wrong)")
    }

    @Test func theNightFaceIsNoClockByDefaultAndReadByName() throws {
        #expect(try parse("").config.display.nightFace == .noClock)
        #expect(try parse("[display]\nnight_face = \"large_clock\"\n").config.display.nightFace == .largeClock)
        let wrong = try #require(errorText("[display]\nnight_face = \"moon\"\n"))
        #expect(wrong.contains("sleepbox.toml:2") && wrong.contains("night_face") && wrong.contains("\"no_clock\""), "\(wrong)")
    }

    @Test func commentsAndEmptyTablesKeepEveryDefault() throws {
        let text = """
            # nothing set
            [alarm]
            [timer]   # still nothing
            [audio]
            [playback]
            [display]
            [pools]
            """
        #expect(try parse(text).config == BoxConfig(timeZone: utc))
    }

    @Test func everyKeyIsRead() throws {
        let text = """
            time_zone = "Europe/Berlin"
            language = "de"

            [alarm]
            time = "07:05"
            days = ["mon", "Wed", "fri"]
            enabled = false
            ramp_seconds = 120
            snooze_minutes = 7.5
            catch_up_minutes = 45
            auto_stop_minutes = 20
            start_volume = 10
            alarm_volume = 80
            greeting_delay_seconds = 0

            [timer]
            fade_out_seconds = 45
            choices = [0.5, 10, 20]
            speech_grace_seconds = 20

            [audio]
            volume = 35
            volume_step = 10

            [playback]
            crossfade_seconds = 2
            stop_fade_seconds = 0.5
            continue_with_next = true
            seek_step_seconds = 30
            breathing_cues = false

            [display]
            dim_from = 22
            dim_until = 6
            menu_close_seconds = 45

            [pools]
            meditation = ["breathing", "hypnosis"]
            poetry = ["poem", "story"]
            """
        var expected = BoxConfig(timeZone: zone("Europe/Berlin"))
        expected.alarm = AlarmSettings(hour: 7, minute: 5, weekdays: [2, 4, 6], isEnabled: false)
        expected.alarmBehaviour.rampSeconds = 120
        expected.alarmBehaviour.snoozeMinutes = 7.5
        expected.alarmBehaviour.catchUpMinutes = 45
        expected.alarmBehaviour.autoStopMinutes = 20
        expected.alarmBehaviour.startVolume = 0.1
        expected.alarmBehaviour.alarmVolume = 0.8
        expected.alarmBehaviour.greetingDelaySeconds = 0
        expected.timer.fadeOutSeconds = 45
        expected.timer.choices = [0.5, 10, 20]
        expected.timer.speechGraceSeconds = 20
        expected.menu.closeAfterSeconds = 45
        expected.language = .german
        expected.audio.volume = 35
        expected.audio.volumeStep = 10
        expected.playback.crossfadeSeconds = 2
        expected.playback.stopFadeSeconds = 0.5
        expected.playback.continueWithNext = true
        expected.playback.seekStepSeconds = 30
        expected.breathingCues = false
        expected.display.dimFromHour = 22
        expected.display.dimUntilHour = 6
        expected.pools = [.meditation: [.breathing, .hypnosis], .poetry: [.poem, .story]]

        let file = try parse(text)
        #expect(file.config == expected)
        #expect(file.language == .german)
        #expect(file.config.timeZone.identifier == "Europe/Berlin")
    }

    @Test func breathingCuesAreOnUnlessTurnedOff() throws {
        #expect(try parse("").config.breathingCues)
        #expect(try parse("[playback]\nbreathing_cues = true\n").config.breathingCues)
        #expect(try !parse("[playback]\nbreathing_cues = false\n").config.breathingCues)
        #expect(errorText("[playback]\nbreathing_cues = \"off\"\n") ==
            "sleepbox.toml:2: [playback] breathing_cues: expected true or false, found a string")
    }

    @Test func numbersMayBeIntegersOrFloats() throws {
        let file = try parse("""
            [alarm]
            ramp_seconds = 90.0
            snooze_minutes = 10
            [audio]
            volume = 40.0
            [display]
            dim_from = 20.0
            [timer]
            choices = [15, 22.5, 30.0]
            """)
        #expect(file.config.alarmBehaviour.rampSeconds == 90)
        #expect(file.config.alarmBehaviour.snoozeMinutes == 10)
        #expect(file.config.audio.volume == 40)
        #expect(file.config.display.dimFromHour == 20)
        #expect(file.config.timer.choices == [15, 22.5, 30])
    }

    @Test func anAlarmTimeMakesAnAlarmForEveryDay() throws {
        let file = try parse("[alarm]\ntime = \"06:45\"\n")
        #expect(file.config.alarm == AlarmSettings(hour: 6, minute: 45, weekdays: Set(1...7), isEnabled: true))
        #expect(file.config.alarm?.timeText == "06:45")
    }

    @Test func alarmTimesInEveryAcceptedForm() throws {
        #expect(try parse("[alarm]\ntime = \"6:05\"").config.alarm?.timeText == "06:05")
        #expect(try parse("[alarm]\ntime = \"00:00\"").config.alarm?.timeText == "00:00")
        #expect(try parse("[alarm]\ntime = \"23:59\"").config.alarm?.timeText == "23:59")
        // A TOML local time works too (TOML wants the seconds written).
        #expect(try parse("[alarm]\ntime = 06:45:00").config.alarm?.timeText == "06:45")
        // An inline table is a table like any other.
        #expect(try parse("alarm = { time = \"05:30\", days = \"weekends\" }").config.alarm
            == AlarmSettings(hour: 5, minute: 30, weekdays: [1, 7]))
    }

    @Test func alarmDaysInEveryAcceptedForm() throws {
        func days(_ value: String) throws -> Set<Int>? {
            try parse("[alarm]\ntime = \"06:45\"\ndays = \(value)").config.alarm?.weekdays
        }
        #expect(try days("\"weekdays\"") == [2, 3, 4, 5, 6])
        #expect(try days("\"weekends\"") == [1, 7])
        #expect(try days("\"daily\"") == Set(1...7))
        #expect(try days("\"sun\"") == [1])
        #expect(try days("[\"SAT\", \"sun\"]") == [7, 1])
        #expect(try days("[\"weekends\", \"mon\"]") == [1, 2, 7])
        #expect(try days("[\"mon\", \"tue\", \"wed\", \"thu\", \"fri\", \"sat\", \"sun\"]") == Set(1...7))
    }

    @Test func withoutATimeThereIsNoAlarmButItsBehaviourIsStillRead() throws {
        let file = try parse("[alarm]\ndays = \"weekdays\"\nenabled = false\nsnooze_minutes = 5\n")
        #expect(file.config.alarm == nil)
        #expect(file.config.alarmBehaviour.snoozeMinutes == 5)
    }

    @Test func theDefaultTimeZoneAppliesWhenTheFileNamesNone() throws {
        #expect(try parse("", timeZone: zone("Asia/Tokyo")).config.timeZone.identifier == "Asia/Tokyo")
        #expect(try parse("time_zone = \"America/New_York\"", timeZone: zone("Asia/Tokyo"))
            .config.timeZone.identifier == "America/New_York")
    }

    @Test func percentagesBecomeGains() throws {
        let behaviour = try parse("[alarm]\nstart_volume = 0\nalarm_volume = 100").config.alarmBehaviour
        #expect(behaviour.startVolume == 0)
        #expect(behaviour.alarmVolume == 1)
        let same = try parse("[alarm]\nstart_volume = 70").config.alarmBehaviour
        #expect(same.startVolume == 0.7)
    }
}

@Suite struct ConfigFileErrorTests {
    @Test func theExampleFromTheBriefNamesFileLineKeyAndForm() {
        let text = """
            # My sleep box
            time_zone = "Europe/Berlin"

            [timer]
            choices = [15, 30]

            [audio]
            volume = 40

            [alarm]
            days = "weekdays"
            time = "6:75"
            """
        #expect(errorText(text) == #"sleepbox.toml:12: [alarm] time: "6:75" is not a time of day (HH:MM, 00:00-23:59)"#)
    }

    @Test func theErrorCarriesItsPartsAndExitCode78() {
        do {
            _ = try parse("\n[audio]\nvolume = 101\n")
            Issue.record("accepted an out-of-range volume")
        } catch {
            #expect(error.exitCode == 78)
            #expect(error.path == "sleepbox.toml")
            #expect(error.issues == [
                FileIssue(kind: .outOfRange, path: "sleepbox.toml", line: 3, key: "audio.volume",
                            message: "[audio] volume: 101 is out of range (0 to 100 percent)"),
            ])
            #expect(error.first?.line == 3)
        }
    }

    @Test func aSyntaxErrorGivesTOMLKitsLineAndColumn() {
        #expect(errorText("[alarm]\ntime = \"06:45\"\nsnooze_minutes = \n") ==
            "sleepbox.toml:3:18: TOML syntax error: Error while parsing key-value pair: expected value, saw '\\n'")
        #expect(errorText("language = \"en\"\n[alarm\n") ==
            "sleepbox.toml:2:7: TOML syntax error: Error while parsing table header: expected ']', saw '\\n'")
        #expect(errorText("[audio]\nvolume = 40\nvolume = 50\n") ==
            "sleepbox.toml:3:10: TOML syntax error: Error while parsing key-value pair: cannot redefine existing integer 'volume'")
    }

    @Test func aSyntaxErrorHasKindSyntaxAndAColumn() {
        do {
            _ = try parse("x = = 1")
            Issue.record("accepted broken TOML")
        } catch {
            #expect(error.issues.count == 1)
            #expect(error.issues.first?.kind == .syntax)
            #expect(error.issues.first?.line == 1)
            #expect(error.issues.first?.column != nil)
        }
    }

    @Test func aNulCharacterIsASyntaxErrorNotASilentlyShorterFile() {
        #expect(errorText("language = \"en\"\n\u{0}[audio]\n") ==
            "sleepbox.toml:2: TOML syntax error: a NUL character is not allowed in the file")
    }

    @Test func anUnknownTableSuggestsTheClosestAndListsTheKnownOnes() {
        #expect(errorText("[alarm]\ntime = \"06:45\"\n\n[alrm]\nsnooze_minutes = 5\n") ==
            "sleepbox.toml:4: [alrm]: unknown table; did you mean [alarm]? "
            + "Known tables: [alarm], [timer], [meditation], [nap], [reminder], [history], [light], [audio], [playback], [voice], [display], [pools], [board], [pins], [paths]")
        #expect(errorText("[network]\nhost = \"x\"\n") ==
            "sleepbox.toml:1: [network]: unknown table. "
            + "Known tables: [alarm], [timer], [meditation], [nap], [reminder], [history], [light], [audio], [playback], [voice], [display], [pools], [board], [pins], [paths]")
    }

    @Test func anUnknownKeySuggestsTheClosestAndListsTheAllowedOnes() {
        #expect(errorText("[alarm]\ntime = \"06:45\"\nsnoze_minutes = 5\n") ==
            "sleepbox.toml:3: [alarm] snoze_minutes: unknown key; did you mean snooze_minutes? "
            + "Allowed in [alarm]: time, days, enabled, ramp_seconds, snooze_minutes, catch_up_minutes, "
            + "auto_stop_minutes, start_volume, alarm_volume, greeting_delay_seconds")
        #expect(errorText("[timer]\nfade_out = 20\n") ==
            "sleepbox.toml:2: [timer] fade_out: unknown key; did you mean fade_out_seconds? "
            + "Allowed in [timer]: fade_out_seconds, choices, speech_grace_seconds, bed_after_item, bed_after_item_level")
        #expect(errorText("[display]\nbrightness = 3\n") ==
            "sleepbox.toml:2: [display] brightness: unknown key; did you mean day_brightness? Allowed in [display]: dim_from, dim_until, screen_timeout_seconds, day_brightness, night_brightness, clock_24h, menu_close_seconds, controller, address, rotate, captions, night_face")
        #expect(errorText("languag = \"de\"\n") ==
            "sleepbox.toml:1: languag: unknown key; did you mean language? "
            + "Allowed at the top: time_zone, language, alarms, and the tables [alarm], [timer], [meditation], [nap], [reminder], [history], [light], [audio], [playback], [voice], [display], [pools], [board], [pins], [paths]")
        #expect(errorText("timezone = \"UTC\"\n") ==
            "sleepbox.toml:1: timezone: unknown key; did you mean time_zone? "
            + "Allowed at the top: time_zone, language, alarms, and the tables [alarm], [timer], [meditation], [nap], [reminder], [history], [light], [audio], [playback], [voice], [display], [pools], [board], [pins], [paths]")
    }

    @Test func aKeyInTheWrongPlaceSaysWhereItBelongs() {
        #expect(errorText("volume = 30\n") ==
            "sleepbox.toml:1: volume: unknown key; volume belongs in the [audio] table. "
            + "Allowed at the top: time_zone, language, alarms, and the tables [alarm], [timer], [meditation], [nap], [reminder], [history], [light], [audio], [playback], [voice], [display], [pools], [board], [pins], [paths]")
        #expect(errorText("[alarm]\ntime = \"06:45\"\nvolume = 30\n") ==
            "sleepbox.toml:3: [alarm] volume: unknown key; volume belongs in the [audio] table. "
            + "Allowed in [alarm]: time, days, enabled, ramp_seconds, snooze_minutes, catch_up_minutes, "
            + "auto_stop_minutes, start_volume, alarm_volume, greeting_delay_seconds")
        // The classic TOML slip: a top-level key written below a table header.
        #expect(errorText("[audio]\nvolume = 30\ntime_zone = \"Europe/Berlin\"\n") ==
            "sleepbox.toml:3: [audio] time_zone: unknown key; time_zone belongs at the top of the file, "
            + "above the first [table]. Allowed in [audio]: volume, volume_step, cues, night_volume_limit, start_volume, loudness_lufs, ambient_level_db, device, sample_rate, period_ms, buffer_ms")
    }

    @Test func aNestedTableInsideAKnownTableIsAnUnknownKey() {
        #expect(errorText("[alarm]\ntime = \"06:45\"\n\n[alarm.snooze]\nminutes = 5\n") ==
            "sleepbox.toml:4: [alarm] snooze: unknown key; did you mean snooze_minutes? "
            + "Allowed in [alarm]: time, days, enabled, ramp_seconds, snooze_minutes, catch_up_minutes, "
            + "auto_stop_minutes, start_volume, alarm_volume, greeting_delay_seconds")
    }

    @Test func aWrongTypeSaysWhatWasExpectedAndFound() {
        #expect(errorText("[audio]\nvolume = \"loud\"\n") ==
            "sleepbox.toml:2: [audio] volume: expected a number, found a string")
        #expect(errorText("[audio]\nvolume = \"50\"\n") ==
            "sleepbox.toml:2: [audio] volume: expected a number, found a string (write 50 without quotes)")
        #expect(errorText("[playback]\ncontinue_with_next = \"yes\"\n") ==
            "sleepbox.toml:2: [playback] continue_with_next: expected true or false, found a string")
        #expect(errorText("[alarm]\ntime = 645\n") ==
            "sleepbox.toml:2: [alarm] time: expected a time of day such as \"06:45\", found a number")
        #expect(errorText("[timer]\nchoices = 30\n") ==
            "sleepbox.toml:2: [timer] choices: expected a list of minutes such as [15, 30, 60], found a number")
        #expect(errorText("[timer]\nchoices = [15, \"30\"]\n") ==
            "sleepbox.toml:2: [timer] choices: entry 2: expected a number, found a string (write 30 without quotes)")
        #expect(errorText("language = true\n") ==
            "sleepbox.toml:1: language: expected a string, found a boolean")
        #expect(errorText("alarm = \"06:45\"\n") ==
            "sleepbox.toml:1: alarm: expected a table ([alarm] with its keys below it), found a string")
        #expect(errorText("[pools]\npoetry = \"poem\"\n") ==
            "sleepbox.toml:2: [pools] poetry: expected a list of content kinds such as [\"meditation\", \"breathing\"], found a string")
    }

    @Test func anOutOfRangeValueSaysTheRange() {
        #expect(errorText("[audio]\nvolume = -1\n") ==
            "sleepbox.toml:2: [audio] volume: -1 is out of range (0 to 100 percent)")
        #expect(errorText("[audio]\nvolume_step = 0\n") ==
            "sleepbox.toml:2: [audio] volume_step: 0 is out of range (1 to 25 percent)")
        #expect(errorText("[timer]\nfade_out_seconds = 601\n") ==
            "sleepbox.toml:2: [timer] fade_out_seconds: 601 is out of range (1 to 600 seconds)")
        #expect(errorText("[playback]\nstop_fade_seconds = 0.05\n") ==
            "sleepbox.toml:2: [playback] stop_fade_seconds: 0.05 is out of range (0.1 to 10 seconds)")
        #expect(errorText("[alarm]\nsnooze_minutes = 0\n") ==
            "sleepbox.toml:2: [alarm] snooze_minutes: 0 is out of range (1 to 60 minutes)")
        #expect(errorText("[alarm]\nramp_seconds = 3600\n") ==
            "sleepbox.toml:2: [alarm] ramp_seconds: 3600 is out of range (1 to 1800 seconds)")
        #expect(errorText("[alarm]\nalarm_volume = 120\n") ==
            "sleepbox.toml:2: [alarm] alarm_volume: 120 is out of range (0 to 100 percent)")
        #expect(errorText("[display]\ndim_until = 24\n") ==
            "sleepbox.toml:2: [display] dim_until: 24 is out of range (0 to 23)")
        #expect(errorText("[timer]\nchoices = [15, 1441]\n") ==
            "sleepbox.toml:2: [timer] choices: entry 2: 1441 is out of range (0.1 to 1440 minutes)")
        #expect(errorText("[playback]\nseek_step_seconds = nan\n") ==
            "sleepbox.toml:2: [playback] seek_step_seconds: nan is out of range (more than 0, at most 300 seconds)")
    }

    @Test func valuesThatMakeNoSenseAreNamed() {
        #expect(errorText("[alarm]\ntime = \"24:00\"\n") ==
            #"sleepbox.toml:2: [alarm] time: "24:00" is not a time of day (HH:MM, 00:00-23:59)"#)
        #expect(errorText("[alarm]\ntime = \"6.45\"\n") ==
            #"sleepbox.toml:2: [alarm] time: "6.45" is not a time of day (HH:MM, 00:00-23:59)"#)
        #expect(errorText("[alarm]\ntime = 06:45:30\n") ==
            #"sleepbox.toml:2: [alarm] time: a time with seconds; write hours and minutes only, e.g. "06:45""#)
        #expect(errorText("[alarm]\ndays = [\"mon\", \"tues\"]\n") ==
            #"sleepbox.toml:2: [alarm] days: entry 2: "tues" is not a day; did you mean "tue"? (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"#)
        #expect(errorText("[alarm]\ndays = \"workdays\"\n") ==
            #"sleepbox.toml:2: [alarm] days: "workdays" is not a day; did you mean "weekdays"? (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"#)
        #expect(errorText("[alarm]\ndays = []\n") ==
            "sleepbox.toml:2: [alarm] days: no days listed; list at least one, or set enabled = false to silence the alarm")
        #expect(errorText("[alarm]\nstart_volume = 80\n") ==
            "sleepbox.toml:2: [alarm] start_volume: 80 is louder than alarm_volume (70); "
            + "the alarm ramps up from start_volume to alarm_volume")
        #expect(errorText("[display]\ndim_from = 21.5\n") ==
            "sleepbox.toml:2: [display] dim_from: 21.5 is not a whole number (0 to 23)")
        #expect(errorText("language = \"fr\"\n") ==
            #"sleepbox.toml:1: language: "fr" is not a language the box speaks (one of "en", "de")"#)
        #expect(errorText("time_zone = \"Europe/Berln\"\n") ==
            #"sleepbox.toml:1: time_zone: "Europe/Berln" is not a known time zone; did you mean "Europe/Berlin"? (use an IANA name such as "Europe/Berlin")"#)
        #expect(errorText("time_zone = \"Mars/Olympus_Mons\"\n") ==
            #"sleepbox.toml:1: time_zone: "Mars/Olympus_Mons" is not a known time zone (use an IANA name such as "Europe/Berlin")"#)
    }

    @Test func quotedValuesStayOnOneLine() {
        #expect(errorText("[alarm]\ntime = \"06:45\\n\\\"x\\\"\"\n") ==
            #"sleepbox.toml:2: [alarm] time: "06:45\n\"x\"" is not a time of day (HH:MM, 00:00-23:59)"#)
    }

    @Test func timerChoicesMustBeOneToEightIncreasingLengths() {
        #expect(errorText("[timer]\nchoices = []\n") ==
            "sleepbox.toml:2: [timer] choices: empty; give 1 to 8 lengths in minutes")
        #expect(errorText("[timer]\nchoices = [1, 2, 3, 4, 5, 6, 7, 8, 9]\n") ==
            "sleepbox.toml:2: [timer] choices: 9 lengths; give at most 8")
        #expect(errorText("[timer]\nchoices = [15, 30, 30]\n") ==
            "sleepbox.toml:2: [timer] choices: entry 3: 30 after 30 is out of order; list the lengths from shortest to longest, each once")
        #expect(errorText("[timer]\nchoices = [0, 30]\n") ==
            "sleepbox.toml:2: [timer] choices: entry 1: 0 is out of range (0.1 to 1440 minutes)")
    }

    @Test func poolsNeedKnownKindsEachOnce() {
        #expect(errorText("[pools]\nmeditation = [\"yoga\"]\n") ==
            #"sleepbox.toml:2: [pools] meditation: entry 1: "yoga" is not a content kind; did you mean "yogaNidra"? (one of yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem, ambient, science)"#)
        #expect(errorText("[pools]\npoetry = [\"poem\", \"poem\"]\n") ==
            #"sleepbox.toml:2: [pools] poetry: entry 2: "poem" is listed twice"#)
        #expect(errorText("[pools]\npoetry = []\n") ==
            "sleepbox.toml:2: [pools] poetry: empty; list at least one content kind "
            + "(yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem, ambient, science)")
        #expect(errorText("[pools]\noff = [\"poem\"]\n") ==
            "sleepbox.toml:2: [pools] off: unknown key. Allowed in [pools]: meditation, poetry")
    }

    @Test func everyProblemIsReportedInLineOrder() {
        let text = """
            languag = "de"
            [timer]
            choices = [
              15,
              "thirty",
            ]
            [audio]
            volume = 150
            [alarm]
            time = "6:75"
            """
        #expect(errorText(text) == """
            sleepbox.toml:1: languag: unknown key; did you mean language? Allowed at the top: time_zone, language, alarms, and the tables [alarm], [timer], [meditation], [nap], [reminder], [history], [light], [audio], [playback], [voice], [display], [pools], [board], [pins], [paths]
            sleepbox.toml:3: [timer] choices: entry 2: expected a number, found a string
            sleepbox.toml:8: [audio] volume: 150 is out of range (0 to 100 percent)
            sleepbox.toml:10: [alarm] time: "6:75" is not a time of day (HH:MM, 00:00-23:59)
            """)
    }

    @Test func anUnreadableFileNamesThePathAndTheErrno() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/sleepbox.toml"
        do {
            _ = try ConfigFile(path: missing, defaultTimeZone: utc)
            Issue.record("read a missing file")
        } catch {
            #expect(error.description == "\(missing): cannot read the file: No such file or directory (errno 2)")
            #expect(error.issues.first?.kind == .unreadable(errno: 2))
            #expect(error.exitCode == 78)
        }

        let directory = FileManager.default.temporaryDirectory.path
        do {
            _ = try ConfigFile.load(path: directory)
            Issue.record("read a directory")
        } catch {
            #expect(error.description == "\(directory): cannot read the file: it is a folder, not a regular file")
        }
    }

    @Test func aFileThatIsNotUTF8IsUnreadable() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-\(UUID().uuidString).toml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0x6C, 0x61, 0x6E, 0x67, 0x3D, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ConfigFile.load(path: path)
            Issue.record("read a file that is not UTF-8")
        } catch {
            #expect(error.description == "\(path): cannot read the file: it is not UTF-8 text")
            #expect(error.issues.first?.kind == .unreadable(errno: nil))
        }
    }

    @Test func aFileOnDiskIsReadWithAByteOrderMark() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-\(UUID().uuidString).toml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0xEF, 0xBB, 0xBF] + Array("[audio]\nvolume = 20\n".utf8)).write(to: URL(fileURLWithPath: path))
        let file = try ConfigFile(path: path, defaultTimeZone: utc)
        #expect(file.config.audio.volume == 20)
    }
}

@Suite struct SystemTimeZoneTests {
    private let nowhere = "/nonexistent-\(UUID().uuidString)"

    @Test func theTZVariableWinsWhenItNamesAZone() {
        #expect(ConfigFile.systemTimeZone(environment: ["TZ": "Europe/Berlin"], localtimePath: nowhere,
                                          timezonePath: nowhere).identifier == "Europe/Berlin")
        #expect(ConfigFile.systemTimeZone(environment: ["TZ": ":America/New_York"], localtimePath: nowhere,
                                          timezonePath: nowhere).identifier == "America/New_York")
        #expect(ConfigFile.systemTimeZone(environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"],
                                          localtimePath: nowhere, timezonePath: nowhere).identifier == "Asia/Tokyo")
    }

    @Test func thenTheLocaltimeLinkThenTheTimezoneFileThenUTC() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../usr/share/zoneinfo/Australia/Sydney")
        let file = directory.appendingPathComponent("timezone")
        try Data("Europe/Lisbon\n".utf8).write(to: file)

        #expect(ConfigFile.systemTimeZone(environment: ["TZ": "Not/AZone"], localtimePath: link,
                                          timezonePath: file.path).identifier == "Australia/Sydney")
        #expect(ConfigFile.systemTimeZone(environment: [:], localtimePath: nowhere,
                                          timezonePath: file.path).identifier == "Europe/Lisbon")
        #expect(ConfigFile.systemTimeZone(environment: [:], localtimePath: nowhere,
                                          timezonePath: nowhere) == ConfigFile.utc)
        // Foundation on Linux names it "GMT"; what matters is that it is UTC without daylight saving.
        #expect(ConfigFile.utc == TimeZone(identifier: "UTC"))
        #expect(ConfigFile.utc.secondsFromGMT(for: Date(timeIntervalSince1970: 1_782_885_600)) == 0)
    }
}

/// `[[alarms]]` and the owner's settings' keys in the file.
@Suite struct ConfigAlarmsTests {
    static let utc = ConfigFile.utc

    @Test func moreAlarmsFillTheSlotsAfterTheFirst() throws {
        let text = """
            [alarm]
            time = "06:45"
            days = "weekdays"

            [[alarms]]
            time = "08:15"
            days = ["sat", "sun"]
            sound = "rain"
            ramp_seconds = 300
            snooze_minutes = 5
            volume = 60

            [[alarms]]
            time = "05:30"
            enabled = false
            """
        let file = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: Self.utc)
        #expect(file.config.alarms == [
            AlarmSettings(hour: 6, minute: 45, weekdays: [2, 3, 4, 5, 6]),
            AlarmSettings(hour: 8, minute: 15, weekdays: [1, 7], sound: "rain", rampSeconds: 300, snoozeMinutes: 5, volume: 60),
            AlarmSettings(hour: 5, minute: 30, isEnabled: false),
            nil,
        ])
    }

    @Test func aFifthAlarmOrABadSoundIsNamedWithItsLine() throws {
        let five = "[alarm]\ntime = \"06:00\"\n" + String(repeating: "[[alarms]]\ntime = \"07:00\"\n", count: 4)
        #expect(throws: ConfigError.self) { try ConfigFile(text: five, path: "sleepbox.toml", defaultTimeZone: Self.utc) }
        do {
            _ = try ConfigFile(text: "[[alarms]]\ntime = \"07:00\"\nsound = \"rian\"\n", path: "sleepbox.toml", defaultTimeZone: Self.utc)
            Issue.record("accepted a sound that is not one")
        } catch {
            #expect(error.description.hasPrefix("sleepbox.toml:3: alarms.0.sound: \"rian\" is not a wake sound") || error.description.contains(":3:"),
                    "\(error.description)")
        }
    }

    @Test func theSettingsKeysAreRead() throws {
        let text = """
            [audio]
            night_volume_limit = 40
            start_volume = 30
            [display]
            day_brightness = 80
            night_brightness = 10
            clock_24h = false
            screen_timeout_seconds = 120
            """
        let c = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: Self.utc).config
        #expect(c.audio.nightVolumeLimit == 40 && c.audio.startVolume == 30)
        #expect(c.display.dayBrightness == 80 && c.display.nightBrightness == 10 && !c.display.twentyFourHour)
        #expect(c.display.screenTimeoutSeconds == 120)
    }
}
