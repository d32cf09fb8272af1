/// The breathing phase of an item, as the screen and the LED follow it: a pattern of steps
/// repeated `cycles` times from `startsAt` seconds into the item.
public struct BreathingGuide: Sendable, Equatable {
    /// One cycle ("inhale 4, hold 7, exhale 8, rest 1").
    public var pattern: [BreathStep]
    /// How many times the pattern repeats.
    public var cycles: Int
    /// Seconds into the item the first inhale starts.
    public var startsAt: Double

    /// Creates a guide.
    public init(pattern: [BreathStep], cycles: Int, startsAt: Double) {
        self.pattern = pattern
        self.cycles = cycles
        self.startsAt = startsAt
    }

    /// One cycle's length in seconds.
    public var cycleSeconds: Double { pattern.reduce(0) { $0 + $1.seconds } }

    /// Seconds into the item the phase ends.
    public var endsAt: Double { startsAt + cycleSeconds * Double(max(0, cycles)) }

    /// The breath `seconds` into the item; nil before and after the phase.
    public func phase(at seconds: Double) -> BreathPhase? {
        let cycle = cycleSeconds
        guard !pattern.isEmpty, cycle > 0, cycles > 0, seconds.isFinite, seconds >= startsAt, seconds < endsAt else {
            return nil
        }
        let into = seconds - startsAt
        let cycleIndex = min(cycles - 1, Int((into / cycle).rounded(.down)))
        var stepStart = startsAt + Double(cycleIndex) * cycle
        for (index, step) in pattern.enumerated() {
            let stepEnd = stepStart + step.seconds
            if seconds < stepEnd || index == pattern.count - 1 {
                let progress = step.seconds > 0 ? (seconds - stepStart) / step.seconds : 1
                return BreathPhase(step: step.kind, progress: min(max(progress, 0), 1), cycle: cycleIndex,
                                   stepIndex: index, stepSeconds: step.seconds)
            }
            stepStart = stepEnd
        }
        return nil
    }

    /// How full the lungs are at `phase`, 0 (empty) to 1 (full): rising through an inhale, falling
    /// through an exhale; a hold keeps what the step before left, a rest is empty.
    public func fullness(_ phase: BreathPhase) -> Double {
        switch phase.step {
        case .inhale: return phase.progress
        case .exhale: return 1 - phase.progress
        case .rest: return 0
        case .hold:
            // Look back to the last inhale or exhale in the pattern.
            for back in 1...max(1, pattern.count) {
                let kind = pattern[((phase.stepIndex - back) % pattern.count + pattern.count) % pattern.count].kind
                if kind == .inhale { return 1 }
                if kind == .exhale || kind == .rest { return 0 }
            }
            return 1
        }
    }

    /// Seconds into the item of the next step boundary after `seconds` (nil past the phase).
    public func nextStepStart(after seconds: Double) -> Double? {
        guard let phase = phase(at: seconds) else { return seconds < startsAt ? startsAt : nil }
        let start = seconds - phase.progress * phase.stepSeconds
        return start + phase.stepSeconds
    }
}

extension BreathingGuide {
    /// The pattern as its counts on a screen, `BreathStep.name` in `language` ("4-7-8"); nil for
    /// an empty pattern.
    public func patternText(_ language: Language) -> String? {
        pattern.isEmpty ? nil : BreathStep.name(pattern, in: language)
    }
}
