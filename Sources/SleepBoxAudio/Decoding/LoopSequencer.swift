#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a file into an endless stereo stream at the file's own rate: it plays the file, then
/// jumps back, forever. Looping happens before any resampling so a file made to loop at its own
/// rate stays sample-exact gapless whatever the engine's rate is.
///
/// With a crossfade of `F` frames, each pass after the first starts at frame `F`, and the last
/// `F` frames of the file are mixed with the first `F` (kept in memory) under equal-power curves
/// (cos/sin), so the loop period is `length - F` frames and the seam has no step.
final class LoopSequencer: StereoFrameReader {
    var sampleRate: Int { reader.sampleRate }
    /// The loop's length in file frames; learnt at the first seam when the file does not declare it.
    private(set) var length: Int?
    /// Crossfade frames in use (at most half the loop).
    private(set) var fade: Int
    /// Why the loop stopped; nil while it plays (a WAV that is merely shorter than its header
    /// says loops what it has).
    var failure: AudioError? { ended ? reader.failure ?? stopReason : nil }

    private let reader: SoundFileReader
    private let requestedFade: Int
    /// The file's first `requestedFade` frames, interleaved stereo: the fade-in side of every seam.
    private let head: UnsafeMutablePointer<Float>
    private var headFrames = 0
    /// Fade-out gains, `cos((i + 0.5) / F * pi / 2)`; the fade-in gain of frame `i` is
    /// `gains[F - 1 - i]`, which is `sin` of the same angle.
    private var gains: [Float] = []
    /// Position in the file, in frames.
    private var position = 0
    private var ended = false
    private var stopReason: AudioError?

    init(reader: SoundFileReader, fadeFrames: Int) throws(AudioError) {
        self.reader = reader
        // The seam must sit on the last real frame, not on an MP3's estimated end.
        try reader.measureLength()
        length = reader.declaredFrames
        requestedFade = max(0, fadeFrames)
        fade = 0
        head = .allocate(capacity: 2 * max(1, requestedFade))
        head.initialize(repeating: 0, count: 2 * max(1, requestedFade))
        if requestedFade > 0 {
            headFrames = reader.readStereo(into: head, frames: requestedFade)
            try reader.seek(toFrame: 0)
        }
        configureFade()
    }

    deinit {
        head.deallocate()
    }

    func readStereo(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        var done = 0
        while done < frames && !ended {
            let target = buffer + 2 * done
            let wanted = frames - done
            guard let length else {
                let got = reader.readStereo(into: target, frames: wanted)
                done += got
                position += got
                if got < wanted {
                    // First end of a file of unknown length: now it is known.
                    if reader.failure != nil || position == 0 { ended = true; break }
                    self.length = position
                    configureFade()
                    restart(at: 0)
                }
                continue
            }
            let seamStart = length - fade
            if position < seamStart {
                let got = reader.readStereo(into: target, frames: min(wanted, seamStart - position))
                done += got
                position += got
                if got == 0 { endEarly() }
                continue
            }
            let offset = position - seamStart
            let got = reader.readStereo(into: target, frames: min(wanted, length - position))
            if got > 0 && fade > 0 {
                crossfade(target, frames: got, fadeOffset: offset)
            }
            done += got
            position += got
            if position >= length {
                restart(at: fade)
            } else if got == 0 {
                endEarly()
            }
        }
        return done
    }

    private func crossfade(_ buffer: UnsafeMutablePointer<Float>, frames: Int, fadeOffset: Int) {
        gains.withUnsafeBufferPointer { gains in
            for frame in 0..<frames {
                let index = fadeOffset + frame
                let fadeOut = gains[index]
                let fadeIn = gains[fade - 1 - index]
                let left = 2 * frame
                let headIndex = 2 * index
                buffer[left] = buffer[left] * fadeOut + head[headIndex] * fadeIn
                buffer[left + 1] = buffer[left + 1] * fadeOut + head[headIndex + 1] * fadeIn
            }
        }
    }

    private func configureFade() {
        let limit = length.map { $0 / 2 } ?? 0
        fade = min(requestedFade, headFrames, limit)
        gains = (0..<fade).map { index in
            Float(cos((Double(index) + 0.5) / Double(fade) * Double.pi / 2))
        }
    }

    private func restart(at frame: Int) {
        do {
            try reader.seek(toFrame: frame)
            position = frame
        } catch {
            stopReason = error
            ended = true
        }
    }

    private func endEarly() {
        ended = true
        if reader.failure == nil && stopReason == nil {
            stopReason = AudioError(
                path: reader.path, reason: "loop stopped: the file yielded no audio at frame \(position)")
        }
    }
}
