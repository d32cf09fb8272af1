/// How values are written in messages about TOML files.
public enum TOMLText {
    /// `value` without a needless `.0`: `30`, `0.5`, `1.25`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }

    /// `text` in double quotes, with quotes, backslashes and control characters escaped so the
    /// message stays on one line: `"6:75"`, `"a\nb"`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `text` closed as a sentence, ready for the next one.
    public static func sentence(_ text: String) -> String {
        text.hasSuffix("?") || text.hasSuffix(".") ? text + " " : text + ". "
    }
}
