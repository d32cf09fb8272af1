import SleepBoxCore

/// Where the daemon's button and knob edges come from: GPIO lines on the box, nothing in the
/// simulated hardware (there the control socket presses the buttons).
public protocol InputLines: AnyObject {
    /// Descriptors to poll for readability.
    var pollDescriptors: [Int32] { get }
    /// The lines' levels at start (to synchronise the decoder without inventing presses).
    func initialLevels() -> [(RawLine, Bool)]
    /// Reads the edges waiting on the ready descriptors: line, logical level, kernel timestamp
    /// (CLOCK_MONOTONIC seconds).
    func readEdges(ready: [Int32]) -> [(RawLine, Bool, Double)]
}
