import SleepBoxCore

/// The audio side in the simulator: it does not make sound, but it carries out the commands as
/// a player would and reports what a player reports: an item playing to its end, speech finishing.
public struct SimulatedPlayer: Sendable {
    public struct Track: Sendable, Equatable {
        public var item: ItemID
        public var position: Double
        public var anchor: Double
        public var duration: Double
        public var isPaused: Bool

        func position(at t: Double) -> Double {
            min(duration, isPaused ? position : position + max(0, t - anchor))
        }
    }

    public private(set) var track: Track?
    /// Virtual time the greeting being spoken ends.
    public private(set) var speechEnds: Double?
    public private(set) var alarmSounding = false
    let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    /// Carries out one command at virtual time `t`.
    public mutating func apply(_ command: Command, at t: Double) {
        switch command {
        case .play(let id, let from, let mix), .crossfade(let id, let from, _, let mix):
            let duration = catalog.item(id)?.duration ?? (mix != nil ? OwnerMix.lengthSeconds : 0)
            track = Track(item: id, position: from, anchor: t, duration: duration, isPaused: false)
        case .stop:
            track = nil
        case .pause:
            if var tr = track, !tr.isPaused {
                tr.position = tr.position(at: t)
                tr.isPaused = true
                track = tr
            }
        case .resume:
            if var tr = track, tr.isPaused {
                tr.anchor = t
                tr.isPaused = false
                track = tr
            }
        case .seek(let to):
            if var tr = track {
                tr.position = min(to, tr.duration)
                tr.anchor = t
                track = tr
            }
        case .startAlarm:
            alarmSounding = true
        case .stopAlarm:
            alarmSounding = false
            speechEnds = nil
        case .speak(let text):
            speechEnds = t + SimulatedPlayer.speakingTime(text)
        case .rampGain, .setVolume, .duckAlarm, .persist, .startBed, .stopBed, .fadeBed, .playCue, .setClock, .speakMenu, .record, .light,
             .companion, .drawPairingCode:
            break
        }
    }

    /// About how long a voice takes to say `text`: 2.5 words a second, plus half a second.
    public static func speakingTime(_ text: String) -> Double {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        return 0.5 + Double(words) / 2.5
    }

    /// When this player will next report something on its own.
    public var nextReport: Double? {
        var times: [Double] = []
        if let tr = track, !tr.isPaused { times.append(tr.anchor + (tr.duration - tr.position)) }
        if let s = speechEnds { times.append(s) }
        return times.min()
    }

    /// The reports due at `t`.
    public mutating func reports(at t: Double) -> [Event] {
        var events: [Event] = []
        if let tr = track, !tr.isPaused, tr.anchor + (tr.duration - tr.position) <= t {
            track = nil
            events.append(.itemFinished(tr.item))
        }
        if let s = speechEnds, s <= t {
            speechEnds = nil
            events.append(.speechFinished)
        }
        return events
    }
}
