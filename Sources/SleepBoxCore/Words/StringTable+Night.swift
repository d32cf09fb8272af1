extension StringTable {
    /// English: the night face, the time said aloud, a missed alarm, the seek and "later" marks;
    /// the nights screens' all-time column and calendar cursor.
    static let englishNight: [Key: String] = [
        .nightFaceSetting: "Night face", .nightFaceNoClock: "No clock", .nightFaceClock: "Clock",
        .nightFaceLarge: "Large clock",
        .timeLeftPlenty: "Plenty of time", .timeLeftHours: "About {hours} hours until your alarm",
        .timeLeftHour: "About an hour until your alarm", .timeLeftMinutes: "Your alarm is in {minutes} minutes",
        .spokenTimeNow: "It is {time}.", .spokenAlarmAt: "Your alarm is at {time}.",
        .spokenAlarmOnDay: "Your alarm is on {weekday} at {time}.", .spokenNoAlarm: "No alarm is set.",
        .alarmMissed: "Missed: alarm {time}", .missedBoxOff: "The box was off", .missedClockUnset: "Clock was not set",
        .reminderAgainIn: "Again in {minutes} min",
        .statsAllTime: "All time", .calendarMinutes: "{minutes} min", .calendarDaySpoken: "{day} {month}: {minutes} minutes",
    ]

    /// German.
    static let germanNight: [Key: String] = [
        .nightFaceSetting: "Nachtanzeige", .nightFaceNoClock: "Keine Uhr", .nightFaceClock: "Uhr",
        .nightFaceLarge: "Große Uhr",
        .timeLeftPlenty: "Noch viel Zeit", .timeLeftHours: "Noch etwa {hours} Stunden bis zum Wecker",
        .timeLeftHour: "Noch etwa eine Stunde bis zum Wecker", .timeLeftMinutes: "Dein Wecker klingelt in {minutes} Minuten",
        .spokenTimeNow: "Es ist {time}.", .spokenAlarmAt: "Dein Wecker klingelt um {time}.",
        .spokenAlarmOnDay: "Dein Wecker klingelt am {weekday} um {time}.", .spokenNoAlarm: "Kein Wecker ist gestellt.",
        .alarmMissed: "Verpasst: Wecker {time}", .missedBoxOff: "Die Box war aus", .missedClockUnset: "Uhr war nicht gestellt",
        .reminderAgainIn: "Wieder in {minutes} Min.",
        .statsAllTime: "Insgesamt", .calendarMinutes: "{minutes} Min.", .calendarDaySpoken: "{day}. {month}: {minutes} Minuten",
    ]
}
