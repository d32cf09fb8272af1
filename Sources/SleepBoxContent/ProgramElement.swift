import SleepBoxAudio
import SleepBoxCore

/// Something that sounds in a program, from an exact frame for an exact number of frames.
public struct ProgramElement: Sendable, Equatable {
    /// What sounds.
    public enum Sound: Sendable, Equatable {
        /// A rendered speech clip (an index into the plan's `SpeechClips`).
        case speech(clip: Int)
        /// A bell strike.
        case bell(BellSound)
        /// A breathing cue.
        case breathCue(BreathStep.Kind, BreathCue)
    }

    /// The first frame, from the start of the program.
    public var startFrame: Int
    /// How many frames it lasts.
    public var lengthFrames: Int
    /// What sounds.
    public var sound: Sound
    /// For speech: the text spoken.
    public var text: String?
    /// The line of the file it comes from, when known.
    public var line: Int?

    /// Creates an element.
    public init(startFrame: Int, lengthFrames: Int, sound: Sound, text: String? = nil, line: Int? = nil) {
        self.startFrame = startFrame
        self.lengthFrames = lengthFrames
        self.sound = sound
        self.text = text
        self.line = line
    }

    /// The frame just after the element.
    public var endFrame: Int { startFrame + lengthFrames }
}
