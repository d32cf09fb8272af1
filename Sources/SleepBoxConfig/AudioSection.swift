import SleepBoxSystem
import SleepBoxTOML

/// `[audio]`: the volume, the confirmation cues, the loudness every item plays at and the ALSA device.
package enum AudioSection {
    static let volumeStep = TOMLRange(1, 25, unit: "percent")
    package static let sampleRate = TOMLRange(8_000, 192_000, unit: "Hz")
    static let periodMilliseconds = TOMLRange(1, 100, unit: "ms")
    static let bufferMilliseconds = TOMLRange(20, 2_000, unit: "ms")
    static let loudness = TOMLRange(-40, -14, unit: "LUFS")
    static let ambientLevel = TOMLRange(-30, 0, unit: "dB")

    static let section = TOMLSection<ConfigDraft>("audio", keys: [
        .wholeNumber("volume", .percent, into: \.config.audio.volume),
        .wholeNumber("volume_step", volumeStep, into: \.config.audio.volumeStep),
        .bool("cues", into: \.config.audio.confirmationCues),
        .wholeNumber("night_volume_limit", .percent, into: \.config.audio.nightVolumeLimit),
        TOMLKey("start_volume") { reader, value, draft in
            if value.string?.lowercased() == "last" {
                draft.config.audio.startVolume = nil
            } else if let x = reader.number(value, .percent) {
                draft.config.audio.startVolume = Int(x.rounded())
            }
        },
        .number("loudness_lufs", loudness, into: \.devices.loudness),
        .number("ambient_level_db", ambientLevel, into: \.devices.ambientLevel),
        TOMLKey("device") { reader, value, draft in
            guard let text = reader.string(value, expected: "an ALSA device name such as \"default\" or \"hw:0\"") else { return }
            if text.isEmpty {
                reader.report(value.path, "empty; write \"default\" or a device such as \"hw:0\"")
            } else {
                draft.devices.audioDevice = text
            }
        },
        .wholeNumber("sample_rate", sampleRate, into: \.devices.sampleRate),
        TOMLKey("period_ms") { reader, value, draft in
            guard let x = reader.number(value, periodMilliseconds) else { return }
            draft.devices.periodMilliseconds = x
            draft.periodWasRead = true
        },
        .number("buffer_ms", bufferMilliseconds, into: \.devices.bufferMilliseconds),
    ], finish: { reader, draft in
        // The buffer must hold two periods, whichever of the two the file sets.
        let period = draft.devices.periodMilliseconds, buffer = draft.devices.bufferMilliseconds
        if draft.periodWasRead, period * 2 > buffer {
            reader.report(["audio", "period_ms"], "\(Quoting.number(period)) ms is more than half the buffer "
                          + "(\(Quoting.number(buffer)) ms); the buffer must hold at least two periods")
        }
    })
}
