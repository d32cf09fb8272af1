import Foundation
import SleepBoxAudio

/// Plays a spoken item while its speech is still being rendered: the worker hands in partial
/// plans (`ProgramBuilder.Progress`), each final up to a frame, and this source plays up to that
/// frame, so the first sentence sounds as soon as it is rendered and the rest is rendered while
/// it plays. Should playback catch up with the rendering, it waits in silence (the pause before
/// the next sentence grows) instead of playing anything that could still change.
///
/// `update` and `finish` may be called from any thread; `render` and `seek` from the audio
/// thread. The hand-over is one lock held for a pointer swap.
public final class GrowingProgramSource: SeekableSource, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: (plan: ProgramPlan, final: Int, complete: Bool)?
    private var pendingFailure = false

    private var current: ProgramSource?
    private var finalFrames = 0
    private var complete = false
    private var failed = false
    /// Frames of the item played (or sought to).
    public private(set) var positionFrames: Int
    /// Frames of silence played while waiting for the voice.
    public private(set) var waitedFrames = 0

    /// A source that starts at `frame` of the item once speech arrives.
    public init(startFrame: Int = 0) {
        positionFrames = max(0, startFrame)
    }

    /// The item's length once the whole plan is there.
    public var lengthFrames: Int? { complete ? current?.plan.lengthFrames : nil }

    /// The whole plan arrived.
    public var isComplete: Bool { complete }

    /// A newer plan, final up to `finalFrames` (everything when `complete`).
    public func update(_ plan: ProgramPlan, finalFrames: Int, complete: Bool) {
        lock.lock()
        pending = (plan, complete ? plan.lengthFrames : finalFrames, complete)
        lock.unlock()
    }

    /// The item cannot be prepared: it ends where the rendered part ends.
    public func fail() {
        lock.lock()
        pendingFailure = true
        lock.unlock()
    }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        takePending()
        if complete, let current { return advance(current.render(into: buffer, frames: frames)) }
        let playable = max(0, min(frames, finalFrames - positionFrames))
        var done = 0
        if playable > 0, let current { done = current.render(into: buffer, frames: playable) }
        positionFrames += done
        if failed { return done }
        // Not final yet: silence, and the position stays where the voice will come in.
        (buffer + 2 * done).update(repeating: 0, count: 2 * (frames - done))
        waitedFrames += frames - done
        return frames
    }

    public func seek(toFrame frame: Int) throws(AudioError) {
        takePending()
        positionFrames = max(0, frame)
        if let current {
            try current.seek(toFrame: positionFrames)
            positionFrames = current.positionFrames
        }
    }

    private func advance(_ n: Int) -> Int {
        positionFrames += n
        return n
    }

    private func takePending() {
        lock.lock()
        let next = pending
        pending = nil
        let failure = pendingFailure
        lock.unlock()
        if failure { failed = true }
        guard let next else { return }
        let source = ProgramSource(plan: next.plan, reusing: current)
        try? source.seek(toFrame: positionFrames)
        current = source
        finalFrames = next.final
        complete = next.complete
    }
}
