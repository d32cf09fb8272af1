import CALSA
@testable import SleepBoxAudio

#if canImport(Glibc)
import Glibc
#endif

/// A playback PCM made in process with libasound's I/O-plugin SDK (`snd_pcm_ioplug_create`): the
/// sink drives libasound's own state machine (start threshold, XRUN, SUSPENDED, DISCONNECTED,
/// snd_pcm_recover, drain), while the test decides what the "hardware" does and when.
final class FakeALSADevice {
    /// How the hardware pointer moves while the stream runs.
    enum Playback {
        /// Everything queued is played at once (like the null PCM).
        case instant
        /// Only `advance(frames:)` moves it, like a clock the test holds.
        case manual
        /// Each look at the pointer plays this many more frames (at most what is queued).
        case step(Int)
    }

    var formats: [snd_pcm_format_t] = [SND_PCM_FORMAT_S16_LE, SND_PCM_FORMAT_S32_LE]
    var rates: ClosedRange<UInt32> = 8_000...192_000
    var playback: Playback = .instant
    /// Whether the PCM has a resume callback that brings it back to RUNNING; without one,
    /// libasound's snd_pcm_resume returns 0 and leaves it SUSPENDED.
    var canResume = true
    /// What the next `open` returns (0 opens a PCM).
    var openError: Int32 = 0

    private(set) var opens = 0
    private(set) var received: [UInt8] = []
    private(set) var starts = 0
    private(set) var prepares = 0
    /// Frames played since the last prepare, and in all.
    private(set) var played = 0
    private(set) var totalPlayed = 0
    private var current: UnsafeMutablePointer<snd_pcm_ioplug_t>?
    private var allocations: [UnsafeMutableRawPointer] = []
    private let nullDescriptor: Int32

    init() {
        nullDescriptor = Glibc.open("/dev/null", O_WRONLY)
    }

    deinit {
        for pointer in allocations { free(pointer) }
        if nullDescriptor >= 0 { Glibc.close(nullDescriptor) }
    }

    /// An `ALSASink.Opener`.
    func open(_ device: String, _ handle: inout OpaquePointer?) -> Int32 {
        opens += 1
        if openError != 0 { return openError }
        guard let io = calloc(1, MemoryLayout<snd_pcm_ioplug_t>.stride)?.assumingMemoryBound(to: snd_pcm_ioplug_t.self),
              let callbacks = calloc(1, MemoryLayout<snd_pcm_ioplug_callback_t>.stride)?
                  .assumingMemoryBound(to: snd_pcm_ioplug_callback_t.self),
              let name = strdup("sleepbox-fake")
        else { return -ENOMEM }
        allocations += [UnsafeMutableRawPointer(io), UnsafeMutableRawPointer(callbacks), UnsafeMutableRawPointer(name)]
        Self.fill(callbacks, canResume: canResume)

        io.pointee.version = sleepbox_alsa_ioplug_version()
        io.pointee.name = UnsafePointer(name)
        io.pointee.flags = UInt32(SND_PCM_IOPLUG_FLAG_BOUNDARY_WA)
        io.pointee.poll_fd = nullDescriptor
        io.pointee.poll_events = UInt32(POLLOUT)
        io.pointee.callback = UnsafePointer(callbacks)
        io.pointee.private_data = Unmanaged.passUnretained(self).toOpaque()

        var rc = snd_pcm_ioplug_create(io, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard rc >= 0 else { return rc }
        var access = [UInt32(SND_PCM_ACCESS_RW_INTERLEAVED.rawValue)]
        var formatList = formats.map { UInt32(bitPattern: $0.rawValue) }
        rc = min(rc, snd_pcm_ioplug_set_param_list(io, Int32(SND_PCM_IOPLUG_HW_ACCESS), 1, &access))
        rc = min(rc, snd_pcm_ioplug_set_param_list(io, Int32(SND_PCM_IOPLUG_HW_FORMAT), UInt32(formatList.count), &formatList))
        rc = min(rc, snd_pcm_ioplug_set_param_minmax(io, Int32(SND_PCM_IOPLUG_HW_CHANNELS), 2, 2))
        rc = min(rc, snd_pcm_ioplug_set_param_minmax(io, Int32(SND_PCM_IOPLUG_HW_RATE), rates.lowerBound, rates.upperBound))
        rc = min(rc, snd_pcm_ioplug_set_param_minmax(io, Int32(SND_PCM_IOPLUG_HW_PERIOD_BYTES), 64, 1 << 20))
        rc = min(rc, snd_pcm_ioplug_set_param_minmax(io, Int32(SND_PCM_IOPLUG_HW_PERIODS), 2, 1024))
        rc = min(rc, snd_pcm_ioplug_set_param_minmax(io, Int32(SND_PCM_IOPLUG_HW_BUFFER_BYTES), 128, 4 << 20))
        guard rc >= 0 else {
            snd_pcm_ioplug_delete(io)
            return rc
        }
        current = io
        played = 0
        handle = io.pointee.pcm
        return 0
    }

    /// The hardware plays `frames` more; past what was queued, that is an underrun, which the
    /// pointer reports (-EPIPE) the next time libasound looks.
    func advance(frames: Int) {
        played += frames
        totalPlayed += frames
    }

    /// Puts the open PCM in `state` (`snd_pcm_ioplug_set_state`), as a driver does on suspend or unplug.
    func setState(_ state: snd_pcm_state_t) {
        if let current { _ = snd_pcm_ioplug_set_state(current, state) }
    }

    var state: snd_pcm_state_t? { current?.pointee.state }

    /// Frames queued and not yet played.
    var queued: Int {
        guard let current else { return 0 }
        return Int(current.pointee.appl_ptr) - played
    }

    // MARK: - Callbacks (C function pointers: no captures, the device comes from private_data)

    private static func device(_ io: UnsafeMutablePointer<snd_pcm_ioplug_t>?) -> FakeALSADevice? {
        guard let raw = io?.pointee.private_data else { return nil }
        return Unmanaged<FakeALSADevice>.fromOpaque(raw).takeUnretainedValue()
    }

    private static func fill(_ c: UnsafeMutablePointer<snd_pcm_ioplug_callback_t>, canResume: Bool) {
        c.pointee.start = { io in
            FakeALSADevice.device(io)?.starts += 1
            return 0
        }
        c.pointee.stop = { _ in 0 }
        c.pointee.prepare = { io in
            guard let device = FakeALSADevice.device(io) else { return -EIO }
            device.prepares += 1
            device.played = 0
            return 0
        }
        c.pointee.pointer = { io in
            guard let io, let device = FakeALSADevice.device(io) else { return -Int(EIO) }
            return device.pointer(io)
        }
        c.pointee.transfer = { io, areas, offset, size in
            guard let io, let areas, let device = FakeALSADevice.device(io) else { return -Int(EIO) }
            return device.transfer(io, areas, offset: Int(offset), size: Int(size))
        }
        c.pointee.close = { io in
            if let device = FakeALSADevice.device(io), device.current == io { device.current = nil }
            return 0
        }
        if canResume {
            c.pointee.resume = { io in
                guard let io else { return -EIO }
                return snd_pcm_ioplug_set_state(io, SND_PCM_STATE_RUNNING)
            }
        }
    }

    private func pointer(_ io: UnsafeMutablePointer<snd_pcm_ioplug_t>) -> Int {
        let appl = Int(io.pointee.appl_ptr)
        let state = io.pointee.state
        if state == SND_PCM_STATE_RUNNING || state == SND_PCM_STATE_DRAINING {
            let before = played
            switch playback {
            case .instant: played = max(played, appl)
            case .step(let n): played = max(played, min(appl, played + n))
            case .manual: break
            }
            totalPlayed += played - before
        }
        return played > appl ? -Int(EPIPE) : played
    }

    private func transfer(_ io: UnsafeMutablePointer<snd_pcm_ioplug_t>, _ areas: UnsafePointer<snd_pcm_channel_area_t>,
                          offset: Int, size: Int) -> Int {
        let area = areas.pointee
        guard let base = area.addr else { return -Int(EIO) }
        let frameBytes = Int(area.step) / 8
        let start = base + Int(area.first) / 8 + offset * frameBytes
        received += UnsafeRawBufferPointer(start: start, count: size * frameBytes)
        return size
    }
}
