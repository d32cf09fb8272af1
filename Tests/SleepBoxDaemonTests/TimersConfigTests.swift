import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxConfig

/// `[meditation]`, `[nap]` and `[reminder]`: read into the settings, every mistake named with
/// its line.
@Suite struct TimersConfigTests {
    private func read(_ text: String) throws(ConfigError) -> BoxConfig {
        try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc).config
    }

    private func problem(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theTimersAreReadIntoTheSettings() throws {
        let config = try read("""
            [meditation]
            lengths = [3, 5, 10]
            minutes = 5
            sounds = ["ocean", "brown"]
            sound = "ocean"
            sound_level = 20
            breathing = "4-4-4-4"
            guide = true
            breathing_cues = false
            bell_every_minutes = 2
            bell_choices = [2, 4]

            [nap]
            lengths = [15, 25]
            ramp_seconds = 90
            alarm_volume = 40

            [reminder]
            enabled = true
            time = "21:45"
            days = ["sun", "mon", "tue", "wed", "thu"]
            again_minutes = 15
            repeats = 1
            note_seconds = 60
            """)
        var meditation = MeditationSettings()
        meditation.lengths = [3, 5, 10]
        meditation.minutes = 5
        meditation.sounds = ["ocean", "brown"]
        meditation.sound = "ocean"
        meditation.soundLevel = 0.2
        meditation.breathing = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 4), BreathStep(.exhale, seconds: 4),
                                BreathStep(.rest, seconds: 4)]
        meditation.guide = true
        meditation.breathingCues = false
        meditation.bellEveryMinutes = 2
        meditation.bellChoices = [2, 4]
        #expect(config.meditation == meditation)
        #expect(config.meditation.patternName == "4-4-4-4")
        var nap = NapSettings()
        nap.lengths = [15, 25]
        nap.rampSeconds = 90
        nap.volume = 0.4
        #expect(config.nap == nap)
        var reminder = ReminderSettings()
        reminder.schedule = AlarmSettings(hour: 21, minute: 45, weekdays: [1, 2, 3, 4, 5], isEnabled: true)
        reminder.againMinutes = 15
        reminder.repeats = 1
        reminder.noteSeconds = 60
        #expect(config.reminder == reminder)
    }

    @Test func lengthsWithoutTheFactoryLengthChooseTheirFirst() throws {
        #expect(try read("[meditation]\nlengths = [7, 12]\n").meditation.minutes == 7)
    }

    @Test func mistakesAreNamedWithTheirLine() {
        #expect(problem("[meditation]\nlengths = [5, 10]\nminutes = 7\n")
                == "sleepbox.toml:3: [meditation] minutes: 7 is not one of lengths (5, 10)")
        #expect(problem("[meditation]\nbreathing = \"4-x-8\"\n")?.hasPrefix(
            "sleepbox.toml:2: [meditation] breathing: \"4-x-8\" is not a breathing pattern") == true)
        #expect(problem("[meditation]\nbreathing = \"4-7-80\"\n")
                == "sleepbox.toml:2: [meditation] breathing: 80 s in \"4-7-80\" is not 0.5 to 30 seconds")
        #expect(problem("[meditation]\nsound = \"rian\"\n")?.hasPrefix(
            "sleepbox.toml:2: [meditation] sound: \"rian\" is not a sound the box makes") == true)
        // The three keys that name a sound read it alike, with the same list of sounds.
        for (section, key) in [("meditation", "sound"), ("playback", "ambient_bed"), ("timer", "bed_after_item")] {
            #expect(problem("[\(section)]\n\(key) = \"forrest\"\n") == "sleepbox.toml:2: [\(section)] \(key): \"forrest\" "
                    + "is not a sound the box makes (\"rain\", \"ocean\", \"forest\", \"white\", \"pink\", \"brown\")")
        }
        #expect(problem("[timer]\nbed_after_item_level = 101\n")?.hasPrefix(
            "sleepbox.toml:2: [timer] bed_after_item_level: 101") == true)
        #expect(problem("[meditation]\nsounds = [\"rain\", \"rain\"]\n")
                == "sleepbox.toml:2: [meditation] sounds: entry 2: \"rain\" is listed twice")
        #expect(problem("[meditation]\nbell_every_minutes = 90\n")?.hasPrefix(
            "sleepbox.toml:2: [meditation] bell_every_minutes: 90") == true)
        #expect(problem("[nap]\nlengths = [20, 10]\n")?.hasPrefix(
            "sleepbox.toml:2: [nap] lengths: entry 2: 10 after 20 is out of order") == true)
        #expect(problem("[nap]\nramp_seconds = 0\n")?.hasPrefix("sleepbox.toml:2: [nap] ramp_seconds: 0") == true)
        #expect(problem("[reminder]\ntime = \"25:00\"\n")?.hasPrefix("sleepbox.toml:2: [reminder] time:") == true)
        #expect(problem("[reminder]\ndays = \"weekdyas\"\n")?.hasPrefix(
            "sleepbox.toml:2: [reminder] days: \"weekdyas\" is not a day; did you mean \"weekdays\"?") == true)
        #expect(problem("[reminder]\nrepeats = 11\n")?.hasPrefix("sleepbox.toml:2: [reminder] repeats: 11") == true)
    }
    /// 4-7-8 is in 4, hold 7, out 8 and a pause of 1 s; the interval bells' chime or long bell;
    /// the bed after an item under the sleep timer.
    @Test func thePauseTheChimeAndTheBedAfterAnItemAreRead() throws {
        let pause = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7), BreathStep(.exhale, seconds: 8),
                     BreathStep(.rest, seconds: 1)]
        #expect(BoxConfig().meditation.breathing == pause)
        #expect(try read("[meditation]\nbreathing = \"4-7-8\"\n").meditation.breathing == pause)
        #expect(BreathStep.name(pause) == "4-7-8")
        #expect(BoxConfig().meditation.intervalBell == .chime)
        #expect(try read("[meditation]\ninterval_bell = \"bell\"\n").meditation.intervalBell == .bell)
        #expect(problem("[meditation]\ninterval_bell = \"gong\"\n")?.contains("sleepbox.toml:2") == true)
        #expect(BoxConfig().timer.bedAfterItem == "rain" && BoxConfig().timer.bedAfterItemLevel == 0.1)
        let bed = try read("[timer]\nbed_after_item = \"pink\"\nbed_after_item_level = 5\n").timer
        #expect(bed.bedAfterItem == "pink" && bed.bedAfterItemLevel == 0.05)
        #expect(try read("[timer]\nbed_after_item = \"none\"\n").timer.bedAfterItem == nil)
        #expect(problem("[timer]\nbed_after_item = \"thunder\"\n")?.contains("sleepbox.toml:2") == true)
        #expect(problem("[timer]\nbed_after_item_level = 150\n")?.contains("sleepbox.toml:2") == true)
    }
}
