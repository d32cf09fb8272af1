/// The default wake sound: a slow, soft chime motif (a major pentatonic phrase, one note every
/// 1.2 s, a pause after each phrase), endless. It starts on a bell's soft attack, so the alarm's
/// ramp begins without a click.
public final class WakeSound: AudioSource {
    private let format: AudioFormat
    /// Notes of one phrase (Hz) and when each starts within the phrase (seconds).
    private static let phrase: [(Double, Double)] = [(523.25, 0), (659.25, 1.2), (783.99, 2.4), (880.0, 3.6), (783.99, 4.8)]
    private static let phraseSeconds = 8.4
    private var voices: [ChimeGenerator] = []
    private var frame = 0
    private var nextNote = 0
    private let scratch: UnsafeMutablePointer<Float>
    private let scratchFrames = 1024

    public init(format: AudioFormat = .engine) {
        self.format = format
        scratch = .allocate(capacity: 2 * scratchFrames)
    }

    deinit { scratch.deallocate() }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        buffer.initialize(repeating: 0, count: 2 * frames)
        var done = 0
        while done < frames {
            // Render up to the next note start, then start that note.
            let phraseFrames = format.frames(Self.phraseSeconds)
            let (hz, at) = Self.phrase[nextNote % Self.phrase.count]
            let noteFrame = (nextNote / Self.phrase.count) * phraseFrames + format.frames(at)
            if noteFrame <= frame {
                voices.append(ChimeGenerator(frequency: hz, decay: 5, level: 0.35, format: format))
                nextNote += 1
                continue
            }
            let n = min(frames - done, noteFrame - frame, scratchFrames)
            var v = 0
            while v < voices.count {
                let got = voices[v].render(into: scratch, frames: n)
                let out = buffer + 2 * done
                for i in 0..<(2 * got) { out[i] += scratch[i] }
                if got < n { voices.remove(at: v) } else { v += 1 }
            }
            frame += n
            done += n
        }
        return frames
    }
}
