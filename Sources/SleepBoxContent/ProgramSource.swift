import SleepBoxAudio
import SleepBoxCore

/// Plays a finished `ProgramPlan`: speech clips, bells and breathing cues at their exact frames,
/// exact digital silence everywhere else. Cheap to create and to render (no speech is rendered
/// here); seekable to any frame, the middle of a clip or a pause included.
///
/// Speech clips held at the voice's rate are resampled to the engine's as they play
/// (`ClipResampler`, one per rate, made when the source is and reused clip after clip), to the
/// frame length the plan counts for them; a seek into a clip is exact as a file's is.
///
/// Bells and cues are generators made when they start (one small object, as `WakeSound` makes its
/// chimes). They cannot jump: after a seek into one, it is made anew and run forward to the
/// position (at most one bell's ring, about ten seconds of sound, a few milliseconds of work).
public final class ProgramSource: SeekableSource {
    /// The plan played.
    public let plan: ProgramPlan
    /// Frames rendered since the start (after a seek: the frame sought).
    public private(set) var positionFrames = 0

    /// An element that is sounding, and its generator or resampler when it has one.
    private struct Voice {
        var element: Int
        var generator: (any AudioSource)?
        var resampler: ClipResampler?
    }

    private var voices: [Voice] = []
    /// The first element not started yet.
    private var nextElement = 0
    private let scratch: UnsafeMutablePointer<Float>
    private static let scratchFrames = 1024
    /// Resamplers not in use, for clips at another rate than the engine's (made once, reused
    /// clip after clip: designing libsoxr's filter is the costly part).
    private var idleResamplers: [ClipResampler] = []

    /// The resampler quality for speech clips at `rate`: as for a file at that rate
    /// (`ResamplerQuality.forSource(rate:)`).
    public static func speechQuality(rate: Int) -> ResamplerQuality { .forSource(rate: rate) }

    /// A source at the start of `plan`; `previous` hands over its resamplers (a growing program
    /// replaces its source with each partial plan, on the audio thread).
    public init(plan: ProgramPlan, reusing previous: ProgramSource? = nil) {
        self.plan = plan
        voices.reserveCapacity(plan.maxOverlap + 1)
        scratch = .allocate(capacity: 2 * Self.scratchFrames)
        if let previous {
            idleResamplers = previous.idleResamplers + previous.voices.compactMap(\.resampler)
            previous.idleResamplers.removeAll()
            previous.voices.removeAll()
        }
        // One resampler per rate the clips are at, made here rather than when the first clip sounds.
        for rate in Set(plan.clips.rates) where rate > 0 && rate != plan.format.sampleRate
            && !idleResamplers.contains(where: { $0.inputRate == rate && $0.outputRate == plan.format.sampleRate }) {
            if let made = try? ClipResampler(inputRate: rate, outputRate: plan.format.sampleRate, quality: Self.speechQuality(rate: rate)) {
                idleResamplers.append(made)
            }
        }
    }

    deinit { scratch.deallocate() }

    /// The plan's length (the end bell's ring included).
    public var lengthFrames: Int? { plan.lengthFrames }

    /// Renders up to `frames` frames; fewer (then 0) at the end.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = max(0, min(frames, plan.lengthFrames - positionFrames))
        guard n > 0 else { return 0 }
        buffer.update(repeating: 0, count: 2 * n)
        let blockStart = positionFrames, blockEnd = positionFrames + n
        let elements = plan.elements
        while nextElement < elements.count, elements[nextElement].startFrame < blockEnd {
            let element = elements[nextElement]
            voices.append(Voice(element: nextElement, generator: makeGenerator(element),
                                resampler: resampler(for: element, offset: max(0, blockStart - element.startFrame))))
            nextElement += 1
        }
        for index in voices.indices {
            let element = elements[voices[index].element]
            let from = max(element.startFrame, blockStart), to = min(element.endFrame, blockEnd)
            guard from < to else { continue }
            let out = buffer + 2 * (from - blockStart)
            if let resampler = voices[index].resampler {
                _ = resampler.mix(into: out, frames: to - from)
            } else if case .speech(let clip) = element.sound {
                mixClip(clip, offset: from - element.startFrame, frames: to - from, into: out)
            } else if let generator = voices[index].generator {
                mix(generator, frames: to - from, into: out)
            }
        }
        retire { elements[$0.element].endFrame <= blockEnd }
        positionFrames = blockEnd
        return n
    }

    /// Moves to `frame` (clamped to 0…length); the next render starts exactly there.
    public func seek(toFrame frame: Int) throws(AudioError) {
        let target = min(max(0, frame), plan.lengthFrames)
        let elements = plan.elements
        retire { _ in true }
        var first = 0, last = elements.count
        while first < last {
            let mid = (first + last) / 2
            if elements[mid].startFrame < target { first = mid + 1 } else { last = mid }
        }
        nextElement = first
        for index in 0..<first where elements[index].endFrame > target {
            let generator = makeGenerator(elements[index])
            if let generator { skip(generator, frames: target - elements[index].startFrame) }
            voices.append(Voice(element: index, generator: generator,
                                resampler: resampler(for: elements[index], offset: target - elements[index].startFrame)))
        }
        positionFrames = target
    }

    // MARK: Sounds

    private func makeGenerator(_ element: ProgramElement) -> (any AudioSource)? {
        switch element.sound {
        case .speech:
            return nil
        case .bell(let bell):
            return bell.makeGenerator(format: plan.format)
        case .breathCue(_, let cue):
            return cue.makeGenerator(frames: element.lengthFrames, format: plan.format)
        }
    }

    /// Removes the voices for which `done` is true, keeping their resamplers for later clips.
    private func retire(where done: (Voice) -> Bool) {
        for voice in voices where done(voice) {
            if let resampler = voice.resampler { idleResamplers.append(resampler) }
        }
        voices.removeAll(where: done)
    }

    /// A resampler started at output frame `offset` of `element`'s clip when the clip is at
    /// another rate than the engine's; nil for everything else.
    private func resampler(for element: ProgramElement, offset: Int) -> ClipResampler? {
        guard case .speech(let clip) = element.sound, plan.clips.rates.indices.contains(clip) else { return nil }
        let rate = plan.clips.rates[clip], output = plan.format.sampleRate
        guard rate > 0, rate != output else { return nil }
        let resampler: ClipResampler
        if let index = idleResamplers.firstIndex(where: { $0.inputRate == rate && $0.outputRate == output }) {
            resampler = idleResamplers.remove(at: index)
        } else if let made = try? ClipResampler(inputRate: rate, outputRate: output, quality: Self.speechQuality(rate: rate)) {
            resampler = made
        } else {
            return nil
        }
        resampler.start(plan.clips.samples[clip], atOutputFrame: offset)
        return resampler
    }

    /// Adds `frames` frames of clip `clip` (at the engine's rate) from `offset` to both channels of `out`.
    private func mixClip(_ clip: Int, offset: Int, frames: Int, into out: UnsafeMutablePointer<Float>) {
        guard plan.clips.samples.indices.contains(clip), plan.clips.rates[clip] == plan.format.sampleRate else { return }
        plan.clips.samples[clip].withUnsafeBufferPointer { samples in
            let n = max(0, min(frames, samples.count - offset))
            for i in 0..<n {
                let s = SpeechClips.float(samples[offset + i])
                out[2 * i] += s
                out[2 * i + 1] += s
            }
        }
    }

    /// Adds `frames` frames of `generator` to `out`.
    private func mix(_ generator: any AudioSource, frames: Int, into out: UnsafeMutablePointer<Float>) {
        var done = 0
        while done < frames {
            let chunk = min(Self.scratchFrames, frames - done)
            let got = generator.render(into: scratch, frames: chunk)
            guard got > 0 else { return }
            let target = out + 2 * done
            for i in 0..<(2 * got) { target[i] += scratch[i] }
            done += got
        }
    }

    /// Runs `generator` forward by `frames` frames, discarding the sound.
    private func skip(_ generator: any AudioSource, frames: Int) {
        var left = frames
        while left > 0 {
            let got = generator.render(into: scratch, frames: min(Self.scratchFrames, left))
            guard got > 0 else { return }
            left -= got
        }
    }
}
