import SleepBoxCore

/// The frames at which every step of a breathing phase starts, in a built program.
public struct BreathingSchedule: Sendable, Equatable {
    /// One cycle of the pattern.
    public var pattern: [BreathStep]
    /// The number of cycles.
    public var cycles: Int
    /// The start frame of every step, cycle after cycle, then the frame where the phase ends
    /// (`cycles * pattern.count + 1` entries).
    public var stepStarts: [Int]

    /// The schedule of `breathing` in a program whose `startsAt` is at `frame(startsAt)`.
    init(_ breathing: TimelineBreathing, frame: (Double) -> Int) {
        pattern = breathing.pattern
        cycles = breathing.cycles
        var starts: [Int] = []
        let cycleCount = max(0, breathing.cycles)
        starts.reserveCapacity(cycleCount * breathing.pattern.count + 1)
        // From the seconds each step starts at, so decimals never add up a rounding drift.
        for cycle in 0..<cycleCount {
            var seconds = breathing.startsAt + Double(cycle) * breathing.cycleSeconds
            for step in breathing.pattern {
                starts.append(frame(seconds))
                seconds += step.seconds
            }
        }
        starts.append(frame(breathing.endsAt))
        stepStarts = starts
    }

    /// The first frame of the phase.
    public var startFrame: Int { stepStarts.first ?? 0 }
    /// The frame just after the phase.
    public var endFrame: Int { stepStarts.last ?? 0 }
}
