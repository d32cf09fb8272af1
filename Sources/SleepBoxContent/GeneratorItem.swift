import Foundation
import SleepBoxAudio
import SleepBoxTOML

/// An ambient generator item (`ambient/<id>.toml`): sound the box makes itself.
public struct GeneratorItem: Sendable, Equatable {
    /// Which generator makes the sound.
    public enum Generator: String, Sendable, Equatable, Hashable, CaseIterable {
        case rain, ocean, forest, white, pink, brown, silence
        /// A binaural beat at `state`'s rate (headphones).
        case binaural
        /// An isochronic tone pulsing at `state`'s rate.
        case isochronic

        /// The tone style, for the two tone generators.
        public var toneStyle: BrainwaveTone.Style? {
            switch self {
            case .binaural: return .binaural
            case .isochronic: return .isochronic
            default: return nil
            }
        }
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
    /// For a tone: the brainwave state whose rate it beats or pulses at.
    public var state: BrainwaveTone.State?
    /// For a tone: the carrier in Hz (`BrainwaveTone.defaultCarrierHz` when the file gives none).
    public var carrierHz: Double = BrainwaveTone.defaultCarrierHz
    /// The ids of the items that explain this sound (a tone's science piece), one per language
    /// (`explained_by`); the detail page links to the one in the box's language.
    public var explainedBy: [String] = []
    /// Things `content check` should mention.
    public var warnings: [FileIssue] = []

    /// The range `level_db` may take.
    public static let levelRange: ClosedRange<Double> = -60...6

    /// True for a binaural beat, which works only through headphones.
    public var needsHeadphones: Bool { generator == .binaural }

    /// `levelDB` as a linear gain.
    public var gain: Float {
        Float(Self.decibelsToGain(levelDB))
    }

    /// 10^(dB/20).
    static func decibelsToGain(_ decibels: Double) -> Double { pow(10, decibels / 20) }
}
