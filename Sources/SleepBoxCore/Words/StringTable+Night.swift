extension StringTable {
    /// The night face, the time said aloud, a missed alarm, the seek and "later" marks; the
    /// nights screens' all-time column and calendar cursor.
    static let nightTexts: [Key: Texts] = [
        .nightFaceSetting: Texts("Night face", "Nachtanzeige"),
        .nightFaceNoClock: Texts("No clock", "Keine Uhr"),
        .nightFaceClock: Texts("Clock", "Uhr"),
        .nightFaceLarge: Texts("Large clock", "Große Uhr"),
        .timeLeftPlenty: Texts("Plenty of time", "Noch viel Zeit"),
        .timeLeftHours: Texts("About {hours} hours until your alarm", "Noch etwa {hours} Stunden bis zum Wecker"),
        .timeLeftHour: Texts("About an hour until your alarm", "Noch etwa eine Stunde bis zum Wecker"),
        .timeLeftMinutes: Texts("Your alarm is in {minutes} minutes", "Dein Wecker klingelt in {minutes} Minuten"),
        .spokenTimeNow: Texts("It is {time}.", "Es ist {time}."),
        .spokenAlarmAt: Texts("Your alarm is at {time}.", "Dein Wecker klingelt um {time}."),
        .spokenAlarmOnDay: Texts("Your alarm is on {weekday} at {time}.", "Dein Wecker klingelt am {weekday} um {time}."),
        .spokenNoAlarm: Texts("No alarm is set.", "Kein Wecker ist gestellt."),
        .alarmMissed: Texts("Missed: alarm {time}", "Verpasst: Wecker {time}"),
        .missedBoxOff: Texts("The box was off", "Die Box war aus"),
        .missedClockUnset: Texts("Clock was not set", "Uhr war nicht gestellt"),
        .reminderAgainIn: Texts("Again in {minutes} min", "Wieder in {minutes} Min."),
        .statsAllTime: Texts("All time", "Insgesamt"),
        .calendarMinutes: Texts("{minutes} min", "{minutes} Min."),
        .calendarDaySpoken: Texts("{day} {month}: {minutes} minutes", "{day}. {month}: {minutes} Minuten"),
    ]
}
