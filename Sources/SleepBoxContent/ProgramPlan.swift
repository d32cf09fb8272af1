import SleepBoxAudio
import SleepBoxCore

/// The finished layout of a spoken program (a script or a timeline): which clip, bell and cue
/// sounds at which frame, with the rendered speech. Building it is the slow part
/// (`ProgramBuilder.plan`, on a worker thread); playing it (`ProgramSource`) is cheap.
///
/// Between the elements there is exact digital silence: pauses are never left to the engine.
public struct ProgramPlan: Sendable, Equatable {
    /// The item played.
    public var itemID: ItemID
    /// The engine format the frames count in.
    public var format: AudioFormat
    /// Everything that sounds, by start frame.
    public var elements: [ProgramElement]
    /// The rendered speech the elements refer to.
    public var clips: SpeechClips
    /// The length of the item as its file states it: a script's speech and pauses; a timeline's
    /// `start_delay + length`.
    public var nominalFrames: Int
    /// The length of the sound: `nominalFrames`, or longer when a bell near the end (the end
    /// bell) rings on after it.
    public var lengthFrames: Int
    /// The breathing phase's step times, for a breathing timeline.
    public var breathing: BreathingSchedule?
    /// The voice the speech was rendered with (`SpeechRenderer.voiceDescription`).
    public var voiceDescription: String

    /// Creates a plan; the elements are sorted by start frame here.
    public init(itemID: ItemID, format: AudioFormat, elements: [ProgramElement], clips: SpeechClips,
                nominalFrames: Int, breathing: BreathingSchedule? = nil, voiceDescription: String = "") {
        self.itemID = itemID
        self.format = format
        self.elements = elements.enumerated().sorted { a, b in
            a.element.startFrame != b.element.startFrame ? a.element.startFrame < b.element.startFrame : a.offset < b.offset
        }.map(\.element)
        self.clips = clips
        self.nominalFrames = max(0, nominalFrames)
        self.lengthFrames = max(self.nominalFrames, elements.map(\.endFrame).max() ?? 0)
        self.breathing = breathing
        self.voiceDescription = voiceDescription
    }

    /// The item's length in seconds (`nominalFrames`).
    public var duration: Double { format.seconds(nominalFrames) }

    /// The speech element sounding at `frame`, if any (for the display or a log).
    public func speech(atFrame frame: Int) -> ProgramElement? {
        elements.last { element in
            if case .speech = element.sound { return element.startFrame <= frame && frame < element.endFrame }
            return false
        }
    }

    /// The silent stretches between the spoken ones, in seconds from the start, each at least
    /// `minimumSeconds` long (a pause within a sentence of the voice's own is not one): before the
    /// first speech, between speech elements, and after the last one up to the item's end. Bells and
    /// breathing cues count as silence: they never carry words.
    public func speechPauses(minimumSeconds: Double = 0.25) -> [ClosedRange<Double>] {
        var spans: [(start: Int, end: Int)] = []
        for element in elements {
            guard case .speech = element.sound else { continue }
            if let last = spans.last, element.startFrame <= last.end {
                spans[spans.count - 1].end = max(last.end, element.endFrame)
            } else {
                spans.append((element.startFrame, element.endFrame))
            }
        }
        var pauses: [ClosedRange<Double>] = []
        var previousEnd = 0
        for span in spans + [(start: lengthFrames, end: lengthFrames)] {
            let gap = span.start - previousEnd
            if gap > 0, format.seconds(gap) >= minimumSeconds {
                pauses.append(format.seconds(previousEnd)...format.seconds(span.start))
            }
            previousEnd = max(previousEnd, span.end)
        }
        return pauses
    }

    /// The most elements that sound at once.
    var maxOverlap: Int {
        var ends: [Int] = []
        var most = 0
        for element in elements {
            ends.removeAll { $0 <= element.startFrame }
            ends.append(element.endFrame)
            most = max(most, ends.count)
        }
        return most
    }
}
