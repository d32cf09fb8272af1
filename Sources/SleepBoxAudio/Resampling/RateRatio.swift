/// The exact relation between a file's rate and the engine's: every `inputBlock` file frames
/// last exactly as long as `outputBlock` engine frames (both rates divided by their GCD).
struct RateRatio: Sendable, Equatable {
    let inputRate: Int
    let outputRate: Int
    let inputBlock: Int
    let outputBlock: Int

    init(from inputRate: Int, to outputRate: Int) {
        self.inputRate = max(1, inputRate)
        self.outputRate = max(1, outputRate)
        let divisor = Self.gcd(self.inputRate, self.outputRate)
        inputBlock = self.inputRate / divisor
        outputBlock = self.outputRate / divisor
    }

    /// Output frames for `frames` input frames, rounded to nearest as libsoxr's drained
    /// output is.
    func outputFrames(forInput frames: Int) -> Int {
        (2 * frames * outputRate + inputRate) / (2 * inputRate)
    }

    /// The number of whole output blocks that covers at least `frames` output frames.
    func outputBlocks(covering frames: Int) -> Int {
        (max(0, frames) + outputBlock - 1) / outputBlock
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
