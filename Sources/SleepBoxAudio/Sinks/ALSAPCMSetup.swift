import CALSA

/// Negotiates hardware and software parameters on a freshly opened playback PCM.
enum ALSAPCMSetup {
    /// Sets interleaved access, the channel count, the first format the device takes, the rate
    /// (near), a buffer of at least the requested size where possible and a period near the
    /// requested one (`snd_pcm_hw_params`); then the start threshold and avail_min
    /// (`snd_pcm_sw_params`). Returns what the device gave.
    static func configure(_ pcm: OpaquePointer, device: String, format: AudioFormat,
                          configuration: ALSASinkConfiguration) throws(ALSAFailure) -> ALSAStreamParameters {
        var hwOrNil: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&hwOrNil), "allocate hw params")
        guard let hw = hwOrNil else { throw ALSAFailure(code: -ENOMEM, operation: "allocate hw params") }
        defer { snd_pcm_hw_params_free(hw) }

        try check(snd_pcm_hw_params_any(pcm, hw), "read the device's configurations")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED),
                  "use interleaved access")
        try check(snd_pcm_hw_params_set_channels(pcm, hw, UInt32(format.channels)),
                  "use \(format.channels) channels")

        guard let chosen = configuration.formats.first(where: {
            snd_pcm_hw_params_test_format(pcm, hw, $0.alsaFormat) == 0
        }) else {
            let names = configuration.formats.map(\.rawValue).joined(separator: ", ")
            throw ALSAFailure(code: -EINVAL, operation: "use any of the formats \(names)")
        }
        try check(snd_pcm_hw_params_set_format(pcm, hw, chosen.alsaFormat), "use \(chosen)")

        var rate = UInt32(format.sampleRate)
        var dir: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &dir), "use a rate near \(format.sampleRate) Hz")

        let wantBuffer = configuration.buffer.frames(atRate: Int(rate))
        let wantPeriod = min(configuration.period.frames(atRate: Int(rate)), wantBuffer)
        // Period and buffer are wishes: a device that cannot meet them still plays with what
        // snd_pcm_hw_params picks, and the set_* calls leave the params untouched when they fail.
        var minBuffer = snd_pcm_uframes_t(wantBuffer)
        _ = snd_pcm_hw_params_set_buffer_size_min(pcm, hw, &minBuffer)
        var period = snd_pcm_uframes_t(wantPeriod)
        dir = 0
        _ = snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir)
        var buffer = snd_pcm_uframes_t(wantBuffer)
        _ = snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer)

        try check(snd_pcm_hw_params(pcm, hw), "set hardware parameters")

        try check(snd_pcm_hw_params_get_rate(hw, &rate, &dir), "read the rate")
        try check(snd_pcm_hw_params_get_period_size(hw, &period, &dir), "read the period size")
        try check(snd_pcm_hw_params_get_buffer_size(hw, &buffer), "read the buffer size")
        var channels: UInt32 = 0
        try check(snd_pcm_hw_params_get_channels(hw, &channels), "read the channel count")

        var swOrNil: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&swOrNil), "allocate sw params")
        guard let sw = swOrNil else { throw ALSAFailure(code: -ENOMEM, operation: "allocate sw params") }
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "read software parameters")
        let start = min(snd_pcm_uframes_t(configuration.startPeriods) * period, buffer)
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, start), "set the start threshold")
        try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "set avail_min")
        try check(snd_pcm_sw_params(pcm, sw), "set software parameters")

        return ALSAStreamParameters(
            device: device, format: chosen, sampleRate: Int(rate), channels: Int(channels),
            periodFrames: Int(period), bufferFrames: Int(buffer),
            startThreshold: Int(start), availMin: Int(period))
    }

    /// The PCM's poll descriptors (`snd_pcm_poll_descriptors_count`, `snd_pcm_poll_descriptors`).
    static func pollDescriptors(_ pcm: OpaquePointer) throws(ALSAFailure) -> [pollfd] {
        let count = snd_pcm_poll_descriptors_count(pcm)
        try check(count, "count poll descriptors")
        guard count > 0 else { throw ALSAFailure(code: -EIO, operation: "get poll descriptors (none)") }
        var fds = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: Int(count))
        let filled = fds.withUnsafeMutableBufferPointer { buf in
            snd_pcm_poll_descriptors(pcm, buf.baseAddress, UInt32(buf.count))
        }
        try check(filled, "get poll descriptors")
        return Array(fds.prefix(Int(filled)))
    }

    static func check(_ result: Int32, _ operation: String) throws(ALSAFailure) {
        if result < 0 { throw ALSAFailure(code: result, operation: operation) }
    }
}
