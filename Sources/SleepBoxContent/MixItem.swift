import SleepBoxCore
import SleepBoxTOML

/// A mix (`mixes/<id>.toml`): up to six sounds of the library played at once, each at its own
/// level, as one item.
public struct MixItem: Sendable, Equatable {
    /// One sound of a mix.
    public struct Layer: Sendable, Equatable {
        /// What a layer plays, once its item was found in the library.
        public enum Sound: Sendable, Equatable {
            /// An ambient generator (a noise, a soundscape, a tone).
            case generator(GeneratorItem)
            /// A recording's audio file, looped.
            case recording(path: String)
        }

        /// The id of the item the layer plays.
        public var sound: ItemID
        /// The layer's level in dB, relative to the item at the box's one loudness (0 or less).
        public var levelDB: Double
        /// The line of the layer's `sound` key (of `[[layer]]` when it has none).
        public var line: Int?
        /// The item, once found in the library (`ContentLibrary` resolves it); nil before, and for
        /// a layer naming no playable item (the mix plays its other layers).
        public var resolved: Sound?

        public init(sound: ItemID, levelDB: Double = 0, line: Int? = nil, resolved: Sound? = nil) {
            self.sound = sound
            self.levelDB = levelDB
            self.line = line
            self.resolved = resolved
        }

        /// `levelDB` as a linear gain.
        public var gain: Float { Float(GeneratorItem.decibelsToGain(levelDB)) }
    }

    /// The file it came from.
    public var path: String
    /// The name shown on the display.
    public var title: String
    /// One sentence about the item.
    public var description: String?
    /// How long it plays at most, in seconds.
    public var length: Double
    /// The layers, in the file's order (those with errors left out).
    public var layers: [Layer]
    /// Things `content check` should mention (a layer with an error is one of them).
    public var warnings: [FileIssue] = []

    /// At most six layers: what a Pi Zero 2 W mixes with room to spare (docs/performance.md,
    /// "A mix's layers"); the owner's mixes keep the same limit (`OwnerMix.maximumLayers`).
    public static let maximumLayers = 6
    /// The range a layer's `level_db` may take.
    public static let levelRange: ClosedRange<Double> = -40...0
    /// Seconds over which the layers fade in together.
    public static let fadeInSeconds = 4.0

    /// The layers that found their item.
    public var playableLayers: [Layer] { layers.filter { $0.resolved != nil } }
}
