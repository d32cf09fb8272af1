import SleepBoxCore

/// What a simulated run did, for its summary and the sound-level picture: the commands issued,
/// the items started and the alarm's rings.
public final class RunLog: RunnerObserver {
    /// How often each command was issued, by name.
    public private(set) var commandCount: [String: Int] = [:]
    /// Items started, in order, with the uptime they started at.
    public private(set) var played: [(item: ItemID, at: Double)] = []
    /// Wall times the alarm started ringing.
    public private(set) var rings: [Double] = []

    public init() {}

    public func boxStarted(_ box: Box, restored: Bool, commands: [Command], at moment: Moment) {
        note(commands, at: moment)
    }

    public func boxHandled(_ event: Event, commands: [Command], box: Box, at moment: Moment) {
        note(commands, at: moment)
    }

    private func note(_ commands: [Command], at moment: Moment) {
        for c in commands {
            commandCount[c.name, default: 0] += 1
            switch c {
            case .play(let id, _), .crossfade(let id, _, _): played.append((id, moment.uptime))
            case .startAlarm: rings.append(moment.wall)
            default: break
            }
        }
    }
}
