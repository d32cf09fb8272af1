/// Where the breath is at a moment of a breathing program: for the screen's animation and an LED
/// that follows the breath.
public struct BreathPhase: Sendable, Equatable {
    /// What the breath does now.
    public var step: BreathStep.Kind
    /// How far through the step, 0 at its start to 1 at its end.
    public var progress: Double
    /// The cycle, from 0.
    public var cycle: Int
    /// The step's index in the pattern.
    public var stepIndex: Int
    /// The step's length in seconds.
    public var stepSeconds: Double

    /// Creates a phase.
    public init(step: BreathStep.Kind, progress: Double, cycle: Int, stepIndex: Int, stepSeconds: Double) {
        self.step = step
        self.progress = progress
        self.cycle = cycle
        self.stepIndex = stepIndex
        self.stepSeconds = stepSeconds
    }
}
