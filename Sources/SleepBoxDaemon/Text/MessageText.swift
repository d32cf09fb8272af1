/// Numbers as messages show them: as the owner would write them (text in messages is quoted with
/// `Quoting.quoted`).
enum MessageText {
    /// `value` without a needless `.0`: `30`, `0.5`, `1.25`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}
