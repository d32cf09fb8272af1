import SleepBoxTOML
import SleepBoxCore

/// An audio item (`recordings/<id>.toml`): a recorded file, which may not be there yet.
public struct AudioItem: Sendable, Equatable {
    /// The `.toml` file it came from.
    public var path: String
    /// The name shown on the display.
    public var title: String
    /// Any kind, `ambient` included (music).
    public var kind: ContentKind
    /// Who made it.
    public var author: String
    /// Who reads or plays it.
    public var narrator: String
    /// One sentence about the item.
    public var description: String
    /// The language, if given.
    public var language: String?
    /// The audio file's name as written (a bare name, in the same folder as the `.toml`).
    public var audioName: String
    /// The audio file's full path.
    public var audioPath: String
    /// Things `content check` should mention.
    public var warnings: [FileIssue] = []
    /// The audio file's sample rate, read when the library is loaded (nil when it is not there or
    /// cannot be read): the daemon plays it at this rate when the device takes it.
    public var sampleRate: Int?

    /// The shortest recording the box plays: 0.1 s. A shorter file is no item to listen to, and
    /// looped in a mix it becomes a steady offset or a buzz (a one-sample file plays its one value,
    /// a DC offset, for hours), so it is refused where the library is loaded.
    public static let minimumSeconds = 0.1
    /// How much of each recording the library decodes when it loads it, to refuse a file whose
    /// samples break `SampleGuard`'s rule before it plays (the loudness measurement reads the rest).
    public static let checkedSeconds = 1.0
}
