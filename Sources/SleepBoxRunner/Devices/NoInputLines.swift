import SleepBoxCore

/// No GPIO at all (simulated hardware: input arrives through the control socket).
public final class NoInputLines: InputLines {
    public init() {}
    public var pollDescriptors: [Int32] { [] }
    public func initialLevels() -> [(RawLine, Bool)] { [] }
    public func readEdges(ready: [Int32]) -> [(RawLine, Bool, Double)] { [] }
}
