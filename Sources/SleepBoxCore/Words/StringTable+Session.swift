extension StringTable {
    /// The completion screen at the end of a practice, a guided session's phases, the interval
    /// bells' sound.
    static let sessionTexts: [Key: Texts] = [
        .wellDone: Texts("Well done", "Gut gemacht"),
        .completionCycles: Texts("{n} cycles of {pattern}", "{n} Zyklen {pattern}"),
        .completionCycle: Texts("1 cycle of {pattern}", "1 Zyklus {pattern}"),
        .completionStreak: Texts("Streak: {n} nights", "Serie: {n} Nächte"),
        .completionStreakOne: Texts("Streak: 1 night", "Serie: 1 Nacht"),
        .completionMinutesSpoken: Texts("{minutes} minutes", "{minutes} Minuten"),
        .completionMinuteSpoken: Texts("1 minute", "1 Minute"),
        .phaseOpening: Texts("Opening", "Beginn"),
        .phaseTeaching: Texts("Teaching", "Lehre"),
        .phaseSilence: Texts("Silence", "Stille"),
        .phaseClosing: Texts("Closing", "Ausklang"),
        .bellSound: Texts("Bell sound", "Glockenton"), .bellShort: Texts("Short", "Kurz"), .bellLong: Texts("Long", "Lang"),
    ]
}
