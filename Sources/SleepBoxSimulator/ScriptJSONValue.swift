/// A JSON value on a simulator script line. Events are flat objects, so nested arrays and
/// objects are only recognised (to be rejected with a clear message), not kept.
package enum ScriptJSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array
    case object

    /// "a number", "a string", "true", ... for messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
