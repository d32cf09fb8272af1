import CALSA

/// A sample format the ALSA sink can hand to a device, interleaved and little-endian.
public enum ALSASampleFormat: String, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
    /// Signed 16-bit (`SND_PCM_FORMAT_S16_LE`): what every device and plug takes.
    case s16LE = "S16_LE"
    /// Signed 32-bit (`SND_PCM_FORMAT_S32_LE`): preferred where a DAC offers it.
    case s32LE = "S32_LE"
    /// 32-bit float (`SND_PCM_FORMAT_FLOAT_LE`): taken by plug, file and null PCMs, rarely by hardware.
    case floatLE = "FLOAT_LE"

    /// Bytes one sample of one channel takes.
    public var bytesPerSample: Int {
        switch self {
        case .s16LE: 2
        case .s32LE, .floatLE: 4
        }
    }

    /// ALSA's name, as `snd_pcm_format_name` prints it.
    public var description: String { rawValue }

    var alsaFormat: snd_pcm_format_t {
        switch self {
        case .s16LE: SND_PCM_FORMAT_S16_LE
        case .s32LE: SND_PCM_FORMAT_S32_LE
        case .floatLE: SND_PCM_FORMAT_FLOAT_LE
        }
    }
}
