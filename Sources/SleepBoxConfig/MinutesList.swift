import SleepBoxSystem
import SleepBoxTOML

/// A list of lengths in minutes, as the timers' keys take them (`[5, 10, 15]`): 1 to `maximum`
/// of them (0 allowed when `allowsEmpty`), each within `range`, shortest first, each once;
/// `example` is the list an error message shows.
enum MinutesList {
    static func read(_ reader: inout TOMLReader, _ value: TOMLValue, range: TOMLRange, maximum: Int,
                     allowsEmpty: Bool = false, example: String = "[10, 20, 30]") -> [Double]? {
        guard let entries = reader.list(value, expected: "a list of minutes such as \(example)") else { return nil }
        guard allowsEmpty || !entries.isEmpty else {
            reader.report(value.path, "empty; give 1 to \(maximum) lengths in minutes")
            return nil
        }
        guard entries.count <= maximum else {
            reader.report(value.path, "\(entries.count) lengths; give at most \(maximum)")
            return nil
        }
        var result: [Double] = []
        var isValid = true
        for (index, entry) in entries.enumerated() {
            guard let minutes = reader.number(entry, range, entry: index + 1) else {
                isValid = false
                continue
            }
            if isValid, let last = result.last, minutes <= last {
                reader.report(value.path, "\(Quoting.number(minutes)) after \(Quoting.number(last)) is out of order; "
                              + "list the lengths from shortest to longest, each once", entry: index + 1)
                isValid = false
            }
            result.append(minutes)
        }
        return isValid ? result : nil
    }
}
