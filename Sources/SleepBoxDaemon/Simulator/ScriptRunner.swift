import SleepBoxCore

/// Runs a simulator script on the virtual clock: each step at its time, then on to the end.
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
            switch step.action {
            case .press(let b): sim.press(b)
            case .hold(let b, let seconds): sim.hold(b, for: seconds)
            case .turn(let n): sim.turn(n)
            case .clock(let local):
                if let wall = local.secondsSince1970(in: sim.box.clock.timeZone) { sim.setClock(wall: wall) }
            case .end:
                end = step.at
            }
            if end != nil { break }
        }
        let stop = end ?? script.steps.last?.at ?? 0
        sim.advance(to: stop)
        // Without an explicit end, let the last input finish (a press is released, a turn ends).
        if end == nil { sim.finishInput() }
        sim.finish()
        return sim.time
    }
}
