import SleepBoxRunner
/// One event of a simulator script: when it happens and what happens.
public struct ScriptStep: Sendable, Equatable {
    /// The 1-based line of the script it came from, for messages and traces.
    public var line: Int
    /// Virtual seconds since the start of the run.
    public var at: Double
    /// What happens.
    public var action: BoxRequest
}
