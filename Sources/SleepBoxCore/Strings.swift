/// The words the box shows and says, in one place so that a later string table can replace them.
public enum Strings {
    public static let goodEvening = "Good evening"
    public static let readyForSleep = "Ready for sleep?"
    public static let windDown = "Wind down"
    public static let timerOff = "Off"
    public static let endOfContent = "End of content"
    public static let timerCancelled = "Timer off"
    public static let nothingToPlay = "Nothing to play"
    public static let unavailable = "Cannot play this item"
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let shortWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The idle screen's greeting for a local hour: 17-21 "Good evening", 21-05 "Ready for sleep?",
    /// otherwise "Wind down".
    public static func idleGreeting(hour: Int) -> String {
        if hour >= 17 && hour < 21 { return goodEvening }
        if hour >= 21 || hour < 5 { return readyForSleep }
        return windDown
    }

    /// The spoken wake greeting: the time, the weekday and what played last night.
    public static func wakeGreeting(hour: Int, minute: Int, weekday: Int, lastTitle: String?) -> String {
        let day = weekdays[(weekday - 1 + 7) % 7]
        let time = minute == 0 ? "\(hour) o'clock" : "\(hour):\(twoDigits(minute))"
        var text = "Good morning. It is \(time) on \(day)."
        if let lastTitle { text += " Last night you fell asleep to \(lastTitle)." }
        return text
    }
}
