import Foundation
import SleepBoxAudio

/// One menu row being said: an `AudioSource` that is on the mixer at once, silent until the fast
/// voice has rendered the words on its own thread (`MenuVoice`), then plays them and ends. Made
/// on the loop thread, filled on the voice's thread, read on the loop thread: the hand-over is
/// behind a lock, held only to swap the samples in.
public final class MenuUtterance: AudioSource, @unchecked Sendable {
    /// The words.
    public let text: String
    private let lock = NSLock()
    private var delivered: [Float]?
    private var abandoned = false
    /// Owned by the reading side.
    private var samples: [Float]?
    private var position = 0
    private var ended = false
    /// The number of frames rendered before the first sample of the words (silence while the
    /// voice worked), for measurements; nil until the words have started.
    public private(set) var framesBeforeWords: Int?
    private var silentFrames = 0

    init(text: String) { self.text = text }

    /// The voice hands over the rendered words (mono at the engine rate), or nil when it could
    /// not say them or a newer row took their place: the utterance then ends.
    func deliver(_ mono: [Float]?) {
        lock.lock()
        if let mono { delivered = mono } else { abandoned = true }
        lock.unlock()
    }

    /// Whether the words are still to be rendered (a newer row drops them).
    var isWaiting: Bool {
        lock.lock()
        defer { lock.unlock() }
        return delivered == nil && !abandoned
    }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard !ended else { return 0 }
        if samples == nil {
            lock.lock()
            samples = delivered
            let gaveUp = abandoned
            lock.unlock()
            if gaveUp {
                ended = true
                return 0
            }
        }
        guard let samples else {
            // Still rendering: silence, so the bus stays and the words start within a period.
            buffer.update(repeating: 0, count: frames * 2)
            silentFrames += frames
            return frames
        }
        if framesBeforeWords == nil { framesBeforeWords = silentFrames }
        let n = max(0, min(frames, samples.count - position))
        for i in 0..<n {
            let x = samples[position + i]
            buffer[2 * i] = x
            buffer[2 * i + 1] = x
        }
        position += n
        if n < frames { ended = true }
        return n
    }
}
