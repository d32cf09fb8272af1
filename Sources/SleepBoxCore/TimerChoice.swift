/// A sleep-timer setting as the knob offers it.
public enum TimerChoice: Sendable, Equatable, Codable, Hashable {
    case off
    /// Stop after this many minutes (with the fade at the end).
    case minutes(Double)
    /// Stop when the current item ends.
    case endOfContent

    /// The knob's list: Off, the configured minutes, End of content.
    public static func options(minutes: [Double]) -> [TimerChoice] {
        [.off] + minutes.map { .minutes($0) } + [.endOfContent]
    }

    /// Encoded as "off", "end" or the number of minutes, so state files stay readable.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let m = try? c.decode(Double.self) {
            self = .minutes(m)
            return
        }
        switch try c.decode(String.self) {
        case "off": self = .off
        case "end": self = .endOfContent
        case let other:
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown timer choice \"\(other)\" (expected \"off\", \"end\" or minutes)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .off: try c.encode("off")
        case .minutes(let m): try c.encode(m)
        case .endOfContent: try c.encode("end")
        }
    }
}
