import CALSA
@testable import SleepBoxAudio

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's loop in miniature: poll() on the sink's descriptors, handlePoll, retry when due,
/// write while the device wants frames. Time is a virtual monotonic clock: it advances by the audio
/// written, and jumps to `nextRetry` while the device is away.
struct ALSADaemonLoop {
    var now: Double = 0
    var events: [ALSASinkEvent] = []
    /// Frames the engine renders per block (10 ms).
    var blockFrames = 480
    var turns = 0
    var polls = 0

    /// Plays frames `start..<signal.frames` and returns the frame offset reached; `onTurn` runs after
    /// every turn (to unplug or replug things). Stops after `maxTurns`.
    mutating func play(_ signal: ALSATestSignal, on sink: ALSASink, from start: Int = 0, maxTurns: Int = 50_000,
                       onTurn: (inout ALSADaemonLoop, ALSASink) -> Void = { _, _ in }) throws(AudioSinkError) -> Int {
        var offset = start
        try signal.samples.withUnsafeBufferPointer { (samples) throws(AudioSinkError) in
            guard let base = samples.baseAddress else { return }
            while offset < signal.frames && turns < maxTurns {
                turns += 1
                var fds = sink.pollDescriptors
                if !fds.isEmpty {
                    let ready = poll(&fds, nfds_t(fds.count), 100)
                    if ready > 0 { polls += 1 }
                }
                events += sink.handlePoll(revents: fds)
                if let due = sink.nextRetry {
                    now = max(now, due)
                    events += sink.retry(now: now)
                }
                let wanted = sink.framesWanted
                if wanted > 0 {
                    let frames = min(wanted, blockFrames, signal.frames - offset)
                    let accepted = try sink.write(base + offset * 2, frames: frames)
                    offset += accepted
                    now += Double(accepted) / Double(sink.format.sampleRate)
                }
                onTurn(&self, sink)
            }
        }
        return offset
    }
}
