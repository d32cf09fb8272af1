import CALSA
import SleepBoxSystem

/// What a playback device accepts, for diagnosis (`sleepbox doctor`).
public struct ALSADeviceInfo: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The PCM name that was probed.
    public var device: String
    /// Which of S16_LE, S32_LE and FLOAT_LE the device takes (`snd_pcm_hw_params_test_format`).
    public var formats: [ALSASampleFormat]
    /// Rates in Hz (`snd_pcm_hw_params_get_rate_min`/`_max`).
    public var rates: ClosedRange<Int>
    /// Channel counts (`snd_pcm_hw_params_get_channels_min`/`_max`).
    public var channels: ClosedRange<Int>
    /// Buffer sizes in frames (`snd_pcm_hw_params_get_buffer_size_min`/`_max`).
    public var bufferFrames: ClosedRange<Int>
    /// Period sizes in frames (`snd_pcm_hw_params_get_period_size_min`/`_max`).
    public var periodFrames: ClosedRange<Int>

    /// One line for `sleepbox doctor`.
    public var description: String {
        let f = formats.isEmpty ? "none of S16_LE/S32_LE/FLOAT_LE" : formats.map(\.rawValue).joined(separator: " ")
        return "\(device): formats \(f); rates \(rates.lowerBound)...\(rates.upperBound) Hz; "
            + "channels \(channels.lowerBound)...\(channels.upperBound); "
            + "buffer \(bufferFrames.lowerBound)...\(bufferFrames.upperBound) frames; "
            + "period \(periodFrames.lowerBound)...\(periodFrames.upperBound) frames"
    }

    /// Opens `device` for playback (`snd_pcm_open`, non-blocking so a busy device answers at
    /// once), reads its configuration space (`snd_pcm_hw_params_any`) and closes it
    /// (`snd_pcm_close`). Throws with ALSA's reason when it cannot be opened.
    public static func probe(_ device: String) throws(AudioSinkError) -> ALSADeviceInfo {
        try probe(device, opener: ALSASink.openPCM)
    }

    static func probe(_ device: String, opener: ALSASink.Opener) throws(AudioSinkError) -> ALSADeviceInfo {
        var handleOrNil: OpaquePointer?
        var rc = SystemCall.retryingNegatedEINTR { opener(device, &handleOrNil) }
        guard rc >= 0, let pcm = handleOrNil else {
            let failure = ALSAFailure(code: rc < 0 ? rc : -EIO, operation: "open \"\(device)\"")
            throw AudioSinkError(device: device, reason: failure.description, errno: failure.errno)
        }
        defer { snd_pcm_close(pcm) }
        var hwOrNil: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwOrNil) >= 0, let hw = hwOrNil else {
            throw AudioSinkError(device: device, reason: "out of memory", errno: ENOMEM)
        }
        defer { snd_pcm_hw_params_free(hw) }
        rc = snd_pcm_hw_params_any(pcm, hw)
        guard rc >= 0 else {
            let failure = ALSAFailure(code: rc, operation: "read the device's configurations")
            throw AudioSinkError(device: device, reason: failure.description, errno: failure.errno)
        }
        let formats = ALSASampleFormat.allCases.filter { snd_pcm_hw_params_test_format(pcm, hw, $0.alsaFormat) == 0 }

        var dir: Int32 = 0
        var rateMin: UInt32 = 0, rateMax: UInt32 = 0
        _ = snd_pcm_hw_params_get_rate_min(hw, &rateMin, &dir)
        _ = snd_pcm_hw_params_get_rate_max(hw, &rateMax, &dir)
        var channelsMin: UInt32 = 0, channelsMax: UInt32 = 0
        _ = snd_pcm_hw_params_get_channels_min(hw, &channelsMin)
        _ = snd_pcm_hw_params_get_channels_max(hw, &channelsMax)
        var bufferMin: snd_pcm_uframes_t = 0, bufferMax: snd_pcm_uframes_t = 0
        _ = snd_pcm_hw_params_get_buffer_size_min(hw, &bufferMin)
        _ = snd_pcm_hw_params_get_buffer_size_max(hw, &bufferMax)
        var periodMin: snd_pcm_uframes_t = 0, periodMax: snd_pcm_uframes_t = 0
        _ = snd_pcm_hw_params_get_period_size_min(hw, &periodMin, &dir)
        _ = snd_pcm_hw_params_get_period_size_max(hw, &periodMax, &dir)

        return ALSADeviceInfo(
            device: device, formats: formats,
            rates: range(UInt(rateMin), UInt(rateMax)), channels: range(UInt(channelsMin), UInt(channelsMax)),
            bufferFrames: range(bufferMin, bufferMax), periodFrames: range(periodMin, periodMax))
    }

    private static func range(_ low: UInt, _ high: UInt) -> ClosedRange<Int> {
        let lo = Int(clamping: low)
        return lo...max(lo, Int(clamping: high))
    }
}

extension ALSADeviceInfo {
    /// Whether `device` takes `rate` Hz exactly, without alsa-lib converting it: the device is
    /// opened (non-blocking), its configuration space read with alsa-lib's own resampling
    /// switched off (`snd_pcm_hw_params_set_rate_resample(..., 0)`, so a `plug` over a card that
    /// only runs at 48 kHz answers no instead of converting with its linear resampler) and the
    /// rate tested (`snd_pcm_hw_params_test_rate`). False when the device cannot be opened.
    public static func acceptsRate(_ rate: Int, device: String) -> Bool {
        acceptsRate(rate, device: device, opener: ALSASink.openPCM)
    }

    static func acceptsRate(_ rate: Int, device: String, opener: ALSASink.Opener) -> Bool {
        guard rate > 0 else { return false }
        var handleOrNil: OpaquePointer?
        let rc = SystemCall.retryingNegatedEINTR { opener(device, &handleOrNil) }
        guard rc >= 0, let pcm = handleOrNil else { return false }
        defer { snd_pcm_close(pcm) }
        var hwOrNil: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwOrNil) >= 0, let hw = hwOrNil else { return false }
        defer { snd_pcm_hw_params_free(hw) }
        guard snd_pcm_hw_params_any(pcm, hw) >= 0 else { return false }
        _ = snd_pcm_hw_params_set_rate_resample(pcm, hw, 0)
        return snd_pcm_hw_params_test_rate(pcm, hw, UInt32(rate), 0) == 0
    }
}
