/// What a device actually gave when the sink opened it (read back from hw and sw params).
public struct ALSAStreamParameters: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The PCM name that was opened.
    public var device: String
    /// The sample format chosen (`snd_pcm_hw_params_set_format`).
    public var format: ALSASampleFormat
    /// The rate the device runs at (`snd_pcm_hw_params_get_rate`): the engine's unless the device
    /// cannot do it.
    public var sampleRate: Int
    /// Interleaved channels (`snd_pcm_hw_params_get_channels`).
    public var channels: Int
    /// Frames per period (`snd_pcm_hw_params_get_period_size`).
    public var periodFrames: Int
    /// Frames the device buffer holds (`snd_pcm_hw_params_get_buffer_size`).
    public var bufferFrames: Int
    /// Frames queued before the device starts (`snd_pcm_sw_params_set_start_threshold`).
    public var startThreshold: Int
    /// Frames free before poll reports the device writable (`snd_pcm_sw_params_set_avail_min`).
    public var availMin: Int

    /// Parameters as read back from a device.
    public init(device: String, format: ALSASampleFormat, sampleRate: Int, channels: Int,
                periodFrames: Int, bufferFrames: Int, startThreshold: Int, availMin: Int) {
        self.device = device
        self.format = format
        self.sampleRate = sampleRate
        self.channels = channels
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
        self.startThreshold = startThreshold
        self.availMin = availMin
    }

    /// Bytes per interleaved frame.
    public var bytesPerFrame: Int { format.bytesPerSample * channels }

    /// One line for the log: "hw:0: S16_LE 48000 Hz 2 ch, period 480, buffer 4800, ...".
    public var description: String {
        "\(device): \(format) \(sampleRate) Hz \(channels) ch, period \(periodFrames), buffer \(bufferFrames), "
            + "start \(startThreshold), avail_min \(availMin)"
    }
}
