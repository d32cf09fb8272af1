/// The words for an alarm's days, the same in the configuration, on the control socket and on the
/// box's screens: `mon` ... `sun` for one day, `weekdays` (Monday to Friday), `weekends`
/// (Saturday and Sunday) and `daily` (every day), in any case. Days are numbered as
/// `AlarmSettings.weekdays` counts them: 1 = Sunday ... 7 = Saturday.
public enum AlarmDays {
    /// One day's word, from Sunday (1) to Saturday (7).
    public static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    /// The words for several days.
    public static let groups: [(name: String, days: Set<Int>)] = [
        ("weekdays", [2, 3, 4, 5, 6]), ("weekends", [1, 7]), ("daily", Set(1...7)),
    ]
    /// Every word `days(for:)` knows.
    public static var words: [String] { dayNames + groups.map(\.name) }
    /// What to say when a word is not known.
    public static let hint = "mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily"

    /// The words for a set of days, as the configuration writes them: one group word when the
    /// set is a group (`["weekdays"]`), else the days Monday first (`["mon", "wed"]`).
    public static func words(for days: Set<Int>) -> [String] {
        if let group = groups.first(where: { $0.days == days }) { return [group.name] }
        return [2, 3, 4, 5, 6, 7, 1].filter(days.contains).map { dayNames[$0 - 1] }
    }

    /// The days one word stands for (`"mon"` -> [2], `"Weekends"` -> [1, 7]), or nil.
    public static func days(for word: String) -> Set<Int>? {
        let key = word.lowercased()
        if let group = groups.first(where: { $0.name == key }) { return group.days }
        if let index = dayNames.firstIndex(of: key) { return [index + 1] }
        return nil
    }
}
