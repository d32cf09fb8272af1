import SleepBoxCore

/// Sample-accurate gain automation for one stereo stream: a gain that holds, or moves from where
/// it is to a target over an exact number of frames along a `GainShape`.
///
/// Frame `i` (0-based) of an `N`-frame ramp gets the curve at t = (i + 1)/N, so the first frame
/// already moves off the current gain and the last frame carries the target exactly (bit for
/// bit); the gain then holds there. A new ramp always starts from `current`, the gain of the last
/// frame processed, so interrupting a ramp never jumps.
///
/// Per sample the cost is one multiply (dB-linear: a Double running product, re-anchored with
/// one `exp` per block so 30 s ramps do not drift), one multiply-add (linear), or a rotation and
/// at most a square root (equal power). Holding at 1 costs nothing; holding at 0 clears.
public struct GainRamp: Sendable, Equatable {
    /// −60 dB: where dB-linear fades to silence end before the final exact 0, and where
    /// dB-linear fades up from silence start.
    public static let decibelFloor: Float = 0.001

    /// The gain of the last frame processed (the start of any new ramp).
    public private(set) var current: Float
    /// Where the gain is going (equal to `current` when holding).
    public private(set) var target: Float
    /// Frames left before the ramp reaches its target (0 when holding).
    public private(set) var remainingFrames: Int = 0
    /// The shape of the ramp in progress (or of the last one).
    public private(set) var shape: GainShape = .linear

    private var totalFrames: Int = 0
    private var segment: Segment = .hold

    private enum Segment: Sendable, Equatable {
        case hold
        /// g = from + step·k, k = 1…N.
        case linear(from: Double, step: Double)
        /// g = from·e^(logStep·k).
        case exponential(from: Double, logStep: Double)
        /// g = √(from²·cos²θ + to²·sin²θ), θ = angleStep·k.
        case equalPower(from: Double, to: Double, angleStep: Double)
    }

    /// A gain holding at `gain`.
    public init(gain: Float = 1) {
        let g = Self.sanitized(gain)
        current = g
        target = g
    }

    /// True while a ramp is in progress.
    public var isRamping: Bool { remainingFrames > 0 }

    /// Jumps to `gain` at once (for a source that has not started yet), cancelling any ramp.
    public mutating func set(_ gain: Float) {
        let g = Self.sanitized(gain)
        current = g
        target = g
        remainingFrames = 0
        totalFrames = 0
        segment = .hold
    }

    /// Ramps from the current gain to `target` over `frames` frames along a core curve.
    public mutating func ramp(to target: Float, overFrames frames: Int, curve: GainCurve) {
        ramp(to: target, overFrames: frames, shape: GainShape(curve))
    }

    /// Ramps from the current gain to `target` (clamped to ≥ 0) over `frames` frames along
    /// `shape`. With `frames` ≤ 0 the gain jumps.
    public mutating func ramp(to newTarget: Float, overFrames frames: Int, shape: GainShape) {
        let goal = Self.sanitized(newTarget)
        self.shape = shape
        guard frames > 0, goal != current else {
            set(goal)
            return
        }
        let g0 = Double(current), g1 = Double(goal), n = Double(frames)
        switch shape {
        case .linear:
            segment = .linear(from: g0, step: (g1 - g0) / n)
        case .equalPower:
            segment = .equalPower(from: g0, to: g1, angleStep: Double.pi / (2 * n))
        case .decibelLinear:
            let floor = Double(Self.decibelFloor)
            if g1 == 0 {
                // To silence: straight in dB down to the floor; the last frame is exact 0.
                segment = g0 > floor
                    ? .exponential(from: g0, logStep: DSPMath.log(floor / g0) / n)
                    : .linear(from: g0, step: -g0 / n)
            } else if g0 > 0, g0 >= floor || g1 < g0 {
                segment = .exponential(from: g0, logStep: DSPMath.log(g1 / g0) / n)
            } else if g1 > floor {
                // Up from silence (or from below the floor): start at −60 dB.
                segment = .exponential(from: floor, logStep: DSPMath.log(g1 / floor) / n)
            } else {
                segment = .linear(from: g0, step: (g1 - g0) / n)
            }
        }
        target = goal
        remainingFrames = frames
        totalFrames = frames
    }

    /// Multiplies `frames` interleaved stereo frames of `buffer` by the gain, in place, and
    /// advances the ramp.
    public mutating func apply(to buffer: UnsafeMutablePointer<Float>, frames: Int) {
        process(InPlaceKernel(buffer: buffer), frames: frames)
    }

    /// Adds `source × gain` into `destination` (both interleaved stereo, `frames` frames) and
    /// advances the ramp: the mixer's fused multiply-accumulate.
    public mutating func mix(from source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>, frames: Int) {
        process(MixKernel(source: source, destination: destination), frames: frames)
    }

    /// Advances the ramp by `frames` frames without touching audio.
    public mutating func advance(frames: Int) {
        process(NullKernel(), frames: frames)
    }

    private static func sanitized(_ gain: Float) -> Float {
        gain.isFinite ? max(0, gain) : 0
    }

    @inline(__always)
    private mutating func process<K: GainKernel>(_ kernel: K, frames: Int) {
        guard frames > 0 else { return }
        var offset = 0
        if remainingFrames > 0 {
            // Frames on the curve; the ramp's final frame is written separately with the exact
            // target, so rounding in the curve can never leave the gain a hair off.
            let curveFrames = min(frames, remainingFrames - 1)
            if curveFrames > 0 {
                let k0 = Double(totalFrames - remainingFrames + 1)
                current = renderCurve(kernel, frames: curveFrames, firstStep: k0)
                remainingFrames -= curveFrames
                offset = curveFrames
            }
            if offset < frames, remainingFrames == 1 {
                kernel.frame(offset, target)
                offset += 1
                remainingFrames = 0
                current = target
                segment = .hold
            }
        }
        if offset < frames {
            kernel.constant(offset..<frames, current)
        }
    }

    /// Renders `frames` curve frames whose first is curve step `firstStep`; returns the last gain.
    @inline(__always)
    private func renderCurve<K: GainKernel>(_ kernel: K, frames: Int, firstStep k0: Double) -> Float {
        var last = current
        switch segment {
        case .hold:
            kernel.constant(0..<frames, current)
        case let .linear(from, step):
            for j in 0..<frames {
                last = Float(from + step * (k0 + Double(j)))
                kernel.frame(j, last)
            }
        case let .exponential(from, logStep):
            // Running product in Double, anchored exactly at the block start.
            var g = from * DSPMath.exp(logStep * k0)
            let ratio = DSPMath.exp(logStep)
            for j in 0..<frames {
                last = Float(g)
                kernel.frame(j, last)
                g *= ratio
            }
        case let .equalPower(from, to, angleStep):
            // (cos θ, sin θ) advanced by a rotation, anchored exactly at the block start.
            var c = DSPMath.cos(angleStep * k0), s = DSPMath.sin(angleStep * k0)
            let rc = DSPMath.cos(angleStep), rs = DSPMath.sin(angleStep)
            if to == 0 {
                for j in 0..<frames {
                    last = Float(from * c)
                    kernel.frame(j, last)
                    (c, s) = (c * rc - s * rs, s * rc + c * rs)
                }
            } else if from == 0 {
                for j in 0..<frames {
                    last = Float(to * s)
                    kernel.frame(j, last)
                    (c, s) = (c * rc - s * rs, s * rc + c * rs)
                }
            } else {
                let p0 = from * from, p1 = to * to
                for j in 0..<frames {
                    last = Float((p0 * c * c + p1 * s * s).squareRoot())
                    kernel.frame(j, last)
                    (c, s) = (c * rc - s * rs, s * rc + c * rs)
                }
            }
        }
        return last
    }
}

/// What a ramp does with its gains: one frame at a time on the curve, a run of frames when it
/// holds. Implementations are specialised into the loops, so no call or branch per sample
/// remains beyond the kernel's own arithmetic.
private protocol GainKernel {
    func frame(_ index: Int, _ gain: Float)
    func constant(_ range: Range<Int>, _ gain: Float)
}

private struct InPlaceKernel: GainKernel {
    let buffer: UnsafeMutablePointer<Float>

    @inline(__always)
    func frame(_ i: Int, _ gain: Float) {
        buffer[2 * i] *= gain
        buffer[2 * i + 1] *= gain
    }

    @inline(__always)
    func constant(_ range: Range<Int>, _ gain: Float) {
        if gain == 1 { return }
        let p = buffer + 2 * range.lowerBound
        let n = 2 * range.count
        if gain == 0 {
            p.update(repeating: 0, count: n)
        } else {
            for i in 0..<n { p[i] *= gain }
        }
    }
}

private struct MixKernel: GainKernel {
    let source: UnsafePointer<Float>
    let destination: UnsafeMutablePointer<Float>

    @inline(__always)
    func frame(_ i: Int, _ gain: Float) {
        destination[2 * i] += source[2 * i] * gain
        destination[2 * i + 1] += source[2 * i + 1] * gain
    }

    @inline(__always)
    func constant(_ range: Range<Int>, _ gain: Float) {
        if gain == 0 { return }
        let s = source + 2 * range.lowerBound
        let d = destination + 2 * range.lowerBound
        let n = 2 * range.count
        if gain == 1 {
            for i in 0..<n { d[i] += s[i] }
        } else {
            for i in 0..<n { d[i] += s[i] * gain }
        }
    }
}

private struct NullKernel: GainKernel {
    @inline(__always) func frame(_ i: Int, _ gain: Float) {}
    @inline(__always) func constant(_ range: Range<Int>, _ gain: Float) {}
}
