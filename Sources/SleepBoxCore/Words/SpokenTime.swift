/// A clock time in words, as a person says it (twelve-hour, no "a.m."): "six forty-five",
/// "seven o'clock", "Viertel vor sieben", "sechs Uhr zwölf".
public enum SpokenTime {
    /// `hour` (0-23) and `minute` (0-59) in `language`; out-of-range values wrap around.
    public static func text(hour: Int, minute: Int, in language: Language) -> String {
        switch language {
        case .english: return english(hour: hour, minute: minute)
        case .german: return german(hour: hour, minute: minute)
        }
    }

    /// The time as said in conversation: on the five minutes "ten past three", "a quarter to
    /// seven", "half past six" ("zehn nach drei", "Viertel vor sieben", "fünf vor halb sieben"),
    /// other minutes as `text` says them ("three twelve", "drei Uhr zwölf").
    public static func conversational(hour: Int, minute: Int, in language: Language) -> String {
        let (h, m) = normalized(hour: hour, minute: minute)
        guard m % 5 == 0, m != 0 else { return text(hour: h, minute: m, in: language) }
        let current = twelveHour(h)
        let next = twelveHour(h + 1)
        switch language {
        case .english:
            let words = [5: "five", 10: "ten", 15: "a quarter", 20: "twenty", 25: "twenty-five"]
            if m == 30 { return "half past \(englishNumber(current))" }
            if m < 30 { return "\(words[m] ?? englishNumber(m)) past \(englishNumber(current))" }
            return "\(words[60 - m] ?? englishNumber(60 - m)) to \(englishNumber(next))"
        case .german:
            let now = germanNumber(current), then = germanNumber(next)
            switch m {
            case 5, 10, 20: return "\(germanNumber(m)) nach \(now)"
            case 15: return "Viertel nach \(now)"
            case 25: return "fünf vor halb \(then)"
            case 30: return "halb \(then)"
            case 35: return "fünf nach halb \(then)"
            case 45: return "Viertel vor \(then)"
            default: return "\(germanNumber(60 - m)) vor \(then)"
            }
        }
    }

    /// "six forty-five", "six oh five", "seven o'clock", "midnight", "noon".
    public static func english(hour: Int, minute: Int) -> String {
        let (h, m) = normalized(hour: hour, minute: minute)
        if m == 0 && h == 0 { return "midnight" }
        if m == 0 && h == 12 { return "noon" }
        let name = englishNumber(twelveHour(h))
        if m == 0 { return "\(name) o'clock" }
        if m < 10 { return "\(name) oh \(englishNumber(m))" }
        return "\(name) \(englishNumber(m))"
    }

    /// Colloquial German: "sieben Uhr", "Viertel nach sieben", "halb acht", "Viertel vor acht",
    /// else "sechs Uhr zwölf"; "Mitternacht" and "Mittag" on the hour. With `colloquial` false the
    /// quarters and halves are said as numbers too ("sechs Uhr fünfundvierzig").
    public static func german(hour: Int, minute: Int, colloquial: Bool = true) -> String {
        let (h, m) = normalized(hour: hour, minute: minute)
        if m == 0 && h == 0 { return "Mitternacht" }
        if m == 0 && h == 12 { return "Mittag" }
        let current = twelveHour(h)
        let next = twelveHour(h + 1)
        // "ein Uhr", but "Viertel nach eins", "halb eins".
        let withUhr = current == 1 ? "ein" : germanNumber(current)
        if colloquial {
            switch m {
            case 15: return "Viertel nach \(germanNumber(current))"
            case 30: return "halb \(germanNumber(next))"
            case 45: return "Viertel vor \(germanNumber(next))"
            default: break
            }
        }
        if m == 0 { return "\(withUhr) Uhr" }
        return "\(withUhr) Uhr \(germanNumber(m))"
    }

    /// 0-59 in English words: "one", "thirteen", "forty-five".
    public static func englishNumber(_ n: Int) -> String {
        let (tens, unit) = tensAndUnit(n)
        guard tens >= 2 else { return englishBelowTwenty[10 * tens + unit] }
        return englishTens[tens] + (unit == 0 ? "" : "-" + englishBelowTwenty[unit])
    }

    /// 0-59 in German words: "eins", "dreizehn", "fünfundvierzig".
    public static func germanNumber(_ n: Int) -> String {
        let (tens, unit) = tensAndUnit(n)
        guard tens >= 2 else { return germanBelowTwenty[10 * tens + unit] }
        if unit == 0 { return germanTens[tens] }
        // "einundzwanzig", not "einsundzwanzig".
        return (unit == 1 ? "ein" : germanBelowTwenty[unit]) + "und" + germanTens[tens]
    }

    private static let englishBelowTwenty = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let englishTens = ["", "", "twenty", "thirty", "forty", "fifty"]
    private static let germanBelowTwenty = [
        "null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf",
        "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn",
    ]
    private static let germanTens = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig"]

    /// The tens and the unit of `n`, clamped to 0-59.
    private static func tensAndUnit(_ n: Int) -> (tens: Int, unit: Int) {
        let value = min(max(n, 0), 59)
        return (value / 10, value % 10)
    }

    private static func normalized(hour: Int, minute: Int) -> (Int, Int) {
        let total = ((hour * 60 + minute) % 1440 + 1440) % 1440
        return (total / 60, total % 60)
    }

    private static func twelveHour(_ hour: Int) -> Int {
        let h = hour % 12
        return h == 0 ? 12 : h
    }
}
