import SleepBoxCore
import SleepBoxUI
import SleepBoxRunner

/// What a simulated run did, for its summary and the sound-level picture: the commands issued,
/// the items started, the alarm's rings, and the moments worth marking on the night's time axis
/// (the mode changing, the sleep timer's fade, alarms, snoozes and the alarm stopped).
public final class RunLog: RunnerObserver {
    /// A moment worth marking: virtual seconds since the start (the sound's own time axis).
    public struct Marked: Sendable, Equatable {
        public var seconds: Double
        public var label: String
        public var kind: EnvelopePlot.MarkKind
    }

    /// How often each command was issued, by name.
    public private(set) var commandCount: [String: Int] = [:]
    /// Items started, in order, with the uptime they started at.
    public private(set) var played: [(item: ItemID, at: Double)] = []
    /// Wall times the alarm started ringing.
    public private(set) var rings: [Double] = []
    /// The moments to mark, in time order.
    public private(set) var moments: [Marked] = []
    /// The sleep timer's fades: when each began and ended (virtual seconds).
    public private(set) var fades: [ClosedRange<Double>] = []
    /// The light's levels as it showed them (virtual seconds), for the picture's light curve.
    public private(set) var light: [EnvelopePlot.LightSample] = []
    private var mode: Mode?
    private var phase: String?

    public init() {}

    public func boxStarted(_ box: Box, restored: Bool, commands: [Command], at moment: Moment) {
        note(commands, box: box, at: moment)
    }

    public func boxHandled(_ event: Event, commands: [Command], box: Box, at moment: Moment) {
        note(commands, box: box, at: moment)
    }

    public func lightShown(_ shown: LightDriver.Output, at moment: Moment) {
        light.append(EnvelopePlot.LightSample(seconds: moment.uptime, lightness: shown.level.lightness, kelvin: shown.level.kelvin))
    }

    private func note(_ commands: [Command], box: Box, at moment: Moment) {
        let t = moment.uptime
        for c in commands {
            commandCount[c.name, default: 0] += 1
            switch c {
            case .play(let id, _), .crossfade(let id, _, _): played.append((id, t))
            case .startAlarm:
                rings.append(moment.wall)
                moments.append(Marked(seconds: t, label: "alarm", kind: .alarm))
            default: break
            }
        }
        let state = box.state
        if let mode, state.mode != mode {
            moments.append(Marked(seconds: t, label: state.mode.rawValue, kind: .mode))
        }
        mode = state.mode
        let name = state.phase.name
        if name != phase {
            switch (phase, state.phase) {
            case (_, .fadingOut(_, let since, let until, .sleepTimer)):
                moments.append(Marked(seconds: since, label: "timer fade", kind: .fade))
                fades.append(since...max(since, until))
            case (_, .snoozed):
                moments.append(Marked(seconds: t, label: "snooze", kind: .snooze))
            case ("ringing", .idle), ("greeting", .idle), ("snoozed", .idle):
                moments.append(Marked(seconds: t, label: "alarm off", kind: .snooze))
            default: break
            }
        }
        phase = name
    }

    /// The marks for the sound-level picture.
    public var marks: [EnvelopePlot.Mark] {
        moments.map { EnvelopePlot.Mark(seconds: $0.seconds, label: $0.label, kind: $0.kind) }
    }

    /// The minutes worth drawing again, magnified: the first sleep-timer fade and the first
    /// alarm, each with a little before and after.
    public var insets: [EnvelopePlot.Inset] {
        var out: [EnvelopePlot.Inset] = []
        if let fade = fades.first {
            out.append(EnvelopePlot.Inset(range: max(0, fade.lowerBound - 60)...(fade.upperBound + 60),
                                          title: "the sleep timer's fade"))
        }
        if let ring = moments.first(where: { $0.kind == .alarm })?.seconds {
            let off = moments.first { $0.seconds > ring && $0.label == "alarm off" }?.seconds ?? ring + 180
            out.append(EnvelopePlot.Inset(range: max(0, ring - 30)...(max(off, ring + 60) + 30), title: "the alarm"))
        }
        return out
    }
}
