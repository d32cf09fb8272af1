import SleepBoxCore
import SleepBoxSystem
import SleepBoxRunner

/// What the simulator does during a run, read from a JSON-lines file: one event per line, on a
/// virtual clock that starts at 0.
///
/// ```
/// # Fall asleep to a meditation with a 30-minute timer, wake at 06:45.
/// {"at":"0s","press":"leaf"}
/// {"at":"5s","press":"timer"}
/// {"at":"6s","turn":2}
/// {"at":"90s","hold":"skip","for":"1.2s"}
/// {"at":"7h","clock":"2026-11-23T06:40:00"}
/// {"at":"9h","end":true}
/// ```
///
/// Blank lines and lines starting with `#` or `//` are ignored. Each event has `at` (virtual
/// time since the start: a number of seconds or a duration such as `"1h30m"`, see
/// `DurationText`) and exactly one action: `press` (leaf, skip, timer, knob), `hold` with
/// `for`, `turn` (non-zero detents, negative = counter-clockwise), `clock` (the wall clock is set
/// to a local date and time, or an absolute one with `Z` / `+01:00`) or `"end": true`. Events
/// come in time order; nothing may follow `end`. Unknown keys are errors. `at` goes up to 744h
/// (31 days), `for` up to 1m and `turn` from -100 to 100 detents (as on the control socket).
///
/// The first problem found stops the reading and is thrown as a `ScriptError`.
public struct SimulatorScript: Sendable, Equatable {
    /// The events, in the order (and time order) of the file.
    public var steps: [ScriptStep]

    /// Creates a script from steps.
    public init(steps: [ScriptStep]) {
        self.steps = steps
    }

    /// When the run ends: the `at` of the `end` step, nil when the script has none.
    public var endTime: Double? {
        steps.last { $0.action == .end }?.at
    }

    /// Reads and parses the script at `path`.
    public static func load(path: String) throws(ScriptError) -> SimulatorScript {
        let text: String
        do {
            text = try TextFile.read(path: path)
        } catch {
            let message = error.message(reading: "the script")
            throw ScriptError(path: path, line: nil, message: message, errno: error.errno)
        }
        return try parse(text: text, path: path)
    }

    /// Parses `text`, the contents of the file named `path` (used in messages only).
    public static func parse(text: String, path: String) throws(ScriptError) -> SimulatorScript {
        var steps: [ScriptStep] = []
        var endLine: Int?
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak)
            .enumerated() {
            let line = offset + 1
            let content = rawLine.drop { $0 == " " || $0 == "\t" }
            if content.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" })
                || content.hasPrefix("#") || content.hasPrefix("//") {
                continue
            }
            func fail(_ message: String) -> ScriptError { ScriptError(path: path, line: line, message: message) }

            if let endLine { throw fail("an event after \"end\" (line \(endLine)); the run has ended there") }
            let step = try ScriptLine.step(from: rawLine, line: line, path: path)
            if let previous = steps.last, step.at < previous.at {
                throw fail("\"at\" \(DurationText.format(step.at, precision: .millisecond)) is before the previous event "
                           + "(\(DurationText.format(previous.at, precision: .millisecond)), line \(previous.line)); events must be in time order")
            }
            if step.action == .end { endLine = line }
            steps.append(step)
        }
        return SimulatorScript(steps: steps)
    }

    /// "\n", and "\r\n", which Swift counts as one `Character`.
    private static func isLineBreak(_ c: Character) -> Bool { c == "\n" || c == "\r\n" }
}
