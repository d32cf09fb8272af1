import SleepBoxSystem
import SleepBoxTOML

/// `[audio]`: the volume, the confirmation cues, the loudness every item plays at and the ALSA device.
enum AudioSection {
    static let percent = TOMLRange(0, 100, unit: "percent")
    static let volumeStep = TOMLRange(1, 25, unit: "percent")
    static let sampleRate = TOMLRange(8_000, 192_000, unit: "Hz")
    static let periodMilliseconds = TOMLRange(1, 100, unit: "ms")
    static let bufferMilliseconds = TOMLRange(20, 2_000, unit: "ms")
    static let loudness = TOMLRange(-40, -14, unit: "LUFS")

    static let section = TOMLSection<ConfigDraft>("audio", keys: [
        TOMLKey("volume") { reader, value, draft in
            if let x = reader.wholeNumber(value, percent) { draft.config.audio.volume = x }
        },
        TOMLKey("volume_step") { reader, value, draft in
            if let x = reader.wholeNumber(value, volumeStep) { draft.config.audio.volumeStep = x }
        },
        TOMLKey("cues") { reader, value, draft in
            if let x = reader.bool(value) { draft.config.audio.confirmationCues = x }
        },
        TOMLKey("loudness_lufs") { reader, value, draft in
            if let x = reader.number(value, loudness) { draft.devices.loudness = x }
        },
        TOMLKey("device") { reader, value, draft in
            guard let text = reader.string(value, expected: "an ALSA device name such as \"default\" or \"hw:0\"") else { return }
            if text.isEmpty {
                reader.report(value.path, "empty; write \"default\" or a device such as \"hw:0\"")
            } else {
                draft.devices.audioDevice = text
            }
        },
        TOMLKey("sample_rate") { reader, value, draft in
            if let x = reader.wholeNumber(value, sampleRate) { draft.devices.sampleRate = x }
        },
        TOMLKey("period_ms") { reader, value, draft in
            guard let x = reader.number(value, periodMilliseconds) else { return }
            draft.devices.periodMilliseconds = x
            draft.periodWasRead = true
        },
        TOMLKey("buffer_ms") { reader, value, draft in
            if let x = reader.number(value, bufferMilliseconds) { draft.devices.bufferMilliseconds = x }
        },
    ], finish: { reader, draft in
        // The buffer must hold two periods, whichever of the two the file sets.
        let period = draft.devices.periodMilliseconds, buffer = draft.devices.bufferMilliseconds
        if draft.periodWasRead, period * 2 > buffer {
            reader.report(["audio", "period_ms"], "\(Quoting.number(period)) ms is more than half the buffer "
                          + "(\(Quoting.number(buffer)) ms); the buffer must hold at least two periods")
        }
    })
}
