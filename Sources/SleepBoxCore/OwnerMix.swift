/// A mix the owner made on the box (Settings > Sound > My mixes): up to six sounds of the
/// library (ambient generators, tones, recordings), each at its own level, played at once as one
/// item. The state holds the definitions (`BoxState.ownerMixes`, saved in the snapshot); the core
/// lists each one in the library as an ambient item with an id of its own (`mix-mine-<number>`)
/// and hands the definition to the sound side with every start of it (`Command.play`'s `mix`), which
/// builds and plays it as it plays a bundled mix.
public struct OwnerMix: Sendable, Equatable, Codable {
    /// One sound of the mix.
    public struct Layer: Sendable, Equatable, Codable {
        /// The id of the library item it plays (a generator, a tone or a recording).
        public var sound: ItemID
        /// Its level in dB (`OwnerMix.levelRange`), relative to the item at the box's one loudness.
        public var levelDB: Int

        public init(sound: ItemID, levelDB: Int) {
            self.sound = sound
            self.levelDB = levelDB
        }
    }

    /// 1 ... `maximumCount`: the mix's id is `mix-mine-<number>`, and its numbered name
    /// ("My mix 2") says the number.
    public var number: Int
    /// One of `names` ("calm"), or nil for the numbered name.
    public var name: String?
    /// One to `maximumLayers` layers, in the order the editor shows them.
    public var layers: [Layer]

    public init(number: Int, name: String? = nil, layers: [Layer]) {
        self.number = number
        self.name = name
        self.layers = layers
    }

    /// The item id the library lists it by.
    public var id: ItemID { Self.idPrefix + String(number) }

    /// The start of every owner mix's id (no content file may take one: `ContentID`).
    public static let idPrefix = "mix-mine-"
    /// How many mixes the box keeps.
    public static let maximumCount = 6
    /// At most six layers, as a bundled mix (`MixItem.maximumLayers`; why six:
    /// docs/performance.md, "A mix's layers").
    public static let maximumLayers = 6
    /// The levels a layer may take, in dB.
    public static let levelRange = -40...0
    /// The knob's step for a level, in dB.
    public static let levelStep = 2
    /// How long an owner mix plays at most, as the bundled mixes (the sleep timer ends it sooner).
    public static let lengthSeconds = 8.0 * 3600
    /// The names the editor offers besides the numbered one, in knob order (keys of
    /// `StringTable.mixName`).
    public static let names = ["calm", "deep", "rain", "night", "ocean", "forest", "soft", "quiet"]

    /// The number in an owner mix's id, or nil for any other id.
    public static func number(in id: ItemID) -> Int? {
        guard id.hasPrefix(idPrefix), let n = Int(id.dropFirst(idPrefix.count)), (1...maximumCount).contains(n),
              id == idPrefix + String(n) else { return nil }
        return n
    }

    /// True for an id of the owner mixes' space (`mix-mine-...`), whatever follows.
    public static func isOwnerID(_ id: ItemID) -> Bool { id.hasPrefix(idPrefix) }
}
