import SleepBoxCore

/// Runs a simulator script on the virtual clock: each step's request at its time, handed to the
/// runner like a request on the control socket, then on to the end.
public struct ScriptRunner {
    public let script: SimulatorScript

    public init(script: SimulatorScript) { self.script = script }

    /// Runs the whole script and returns the virtual time the run ended at.
    @discardableResult
    public func run(on sim: Simulator) -> Double {
        sim.start()
        var end: Double? = nil
        for step in script.steps {
            sim.advance(to: step.at)
            sim.perform(step.action)
            if sim.runner.hasEnded {
                end = step.at
                break
            }
        }
        let stop = end ?? script.steps.last?.at ?? 0
        sim.advance(to: stop)
        // Without an explicit end, let the last input finish (a press is released, a turn ends).
        if end == nil { sim.finishInput() }
        sim.finish()
        return sim.time
    }
}
