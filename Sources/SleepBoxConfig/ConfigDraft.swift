import Foundation
import SleepBoxCore

/// The configuration while its file is read: the settings so far (factory defaults where the
/// file says nothing), and what a section keeps to check its keys against each other at its end.
struct ConfigDraft {
    /// The settings for the state machine.
    var config: BoxConfig
    /// The devices and folders.
    var devices = DeviceSettings()

    /// `[alarm] time`, `days`, `enabled` as read; the alarm is set when `time` is.
    var alarmTime: (hour: Int, minute: Int)?
    var alarmDays: Set<Int>?
    var alarmEnabled: Bool?
    /// The `[[alarms]]` tables as read, with where each is.
    var moreAlarms: [(AlarmSettings, [String])] = []
    /// `[alarm] start_volume` and `alarm_volume` in percent, when written and valid.
    var startPercent: Double?
    var alarmPercent: Double?
    /// `[audio] period_ms` was written (and valid).
    var periodWasRead = false
    /// `[meditation] minutes` was written (and valid).
    var meditationMinutesRead = false
    /// `[voice] engine` was written (and valid).
    var engineWasRead = false
    /// `[light]`'s per-channel lists as read (checked against `channels` at the end).
    var lightMax: [Double]?
    var lightKelvin: [Double]?
    var lightOutput: [Double]?

    /// The factory settings, in `timeZone`.
    init(timeZone: TimeZone) {
        config = BoxConfig(timeZone: timeZone)
    }
}
