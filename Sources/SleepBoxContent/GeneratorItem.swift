import SleepBoxTOML
import Foundation

/// An ambient generator item (`ambient/<id>.toml`): sound the box makes itself.
public struct GeneratorItem: Sendable, Equatable {
    /// Which generator makes the sound.
    public enum Generator: String, Sendable, Equatable, Hashable, CaseIterable {
        case rain, ocean, forest, white, pink, brown, silence
    }

    /// The file it came from.
    public var path: String
    /// The name shown on the display.
    public var title: String
    /// One sentence about the item.
    public var description: String?
    /// The generator.
    public var generator: Generator
    /// Loudness relative to the generator's normal level, in dB (negative is quieter).
    public var levelDB: Double = 0
    /// How long it plays at most, in seconds.
    public var length: Double
    /// Things `content check` should mention.
    public var warnings: [FileIssue] = []

    /// The range `level_db` may take.
    public static let levelRange: ClosedRange<Double> = -60...6

    /// `levelDB` as a linear gain.
    public var gain: Float {
        Float(pow(10, levelDB / 20))
    }
}
