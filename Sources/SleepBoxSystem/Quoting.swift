/// Text in double quotes for messages and JSON: quotes, backslashes and control characters
/// escaped so the result stays on one line and is a valid JSON string.
///
/// `"6:75"`, `"a\nb"`, `"say \"hi\""`, `"\u0007"`.
public enum Quoting {
    /// `text` in double quotes, escaped: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00XX` for the
    /// other control characters (U+0000 to U+001F and U+007F).
    public static func quoted(_ text: String) -> String {
        var result = ""
        appendQuoted(text, to: &result)
        return result
    }

    /// Appends `quoted(text)` to `output`, for writers that build a line piece by piece.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// `value` as a person writes it, without a needless `.0`: `30`, `0.5`, `1.25`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }

    /// `text` closed as a sentence, ready for the next one.
    public static func sentence(_ text: String) -> String {
        text.hasSuffix("?") || text.hasSuffix(".") ? text + " " : text + ". "
    }
}
