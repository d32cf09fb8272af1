import SleepBoxTOML

/// `[nap]`: the nap's lengths and its gentle alarm.
enum NapSection {
    static let minutes = TOMLRange.positive(upTo: 180, "minutes")
    static let rampSeconds = TOMLRange.positive(upTo: 1800, "seconds")

    static let section = TOMLSection<ConfigDraft>("nap", keys: [
        TOMLKey("lengths") { reader, value, draft in
            if let list = MinutesList.read(&reader, value, range: minutes, maximum: 8) { draft.config.nap.lengths = list }
        },
        .number("ramp_seconds", rampSeconds, into: \.config.nap.rampSeconds),
        .level("alarm_volume", into: \.config.nap.volume),
    ])
}
