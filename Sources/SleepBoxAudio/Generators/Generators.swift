/// The ambient generators by name, as configuration and content files name them.
public enum Generators {
    public static let names = ["rain", "ocean", "forest", "white", "pink", "brown"]

    /// A new generator, or nil for an unknown name.
    public static func make(_ name: String, seed: UInt64, format: AudioFormat) -> (any AudioSource)? {
        switch name {
        case "rain": return RainGenerator(seed: seed, format: format)
        case "ocean": return OceanGenerator(seed: seed, format: format)
        case "forest": return ForestGenerator(seed: seed, format: format)
        case "white": return NoiseGenerator(color: .white, seed: seed, format: format)
        case "pink": return NoiseGenerator(color: .pink, seed: seed, format: format)
        case "brown": return NoiseGenerator(color: .brown, seed: seed, format: format)
        default: return nil
        }
    }
}
