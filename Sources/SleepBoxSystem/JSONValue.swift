/// A JSON value that keeps its object keys in the order they were written, so trace lines read
/// the same way every time (`t`, `clock`, `event`, ...).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized == b.serialized }

    /// Compact JSON text on one line.
    public var serialized: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += JSONValue.format(x)
        case .string(let s): Quoting.appendQuoted(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                Quoting.appendQuoted(key, to: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// Numbers to the millisecond: whole numbers without a point, others with at most 3 decimals.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        // Beyond this the milliseconds no longer fit an Int64: write the number as Swift does.
        guard abs(x) < 1e15 else { return String(x) }
        let ms = (x * 1000).rounded()
        if ms.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int64(ms / 1000)) }
        let negative = ms < 0
        let a = Int64(abs(ms))
        var frac = String(a % 1000)
        while frac.count < 3 { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        return (negative ? "-" : "") + String(a / 1000) + "." + frac
    }
}
