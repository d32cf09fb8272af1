/// An item made ready to play: for spoken items the finished plan (the slow part is done), for
/// generators and recordings just what to open. `ProgramBuilder.makeSource` turns it into a
/// source cheaply.
public enum PreparedProgram: Sendable {
    /// A script or timeline, laid out and rendered.
    case spoken(ProgramPlan)
    /// An ambient generator, with the seed of its randomness.
    case generator(GeneratorItem, seed: UInt64)
    /// A mix, its layers found in the library, with the seed of its randomness.
    case mix(MixItem, seed: UInt64)
    /// A recording's audio file.
    case audio(path: String)

    /// The plan of a spoken item.
    public var plan: ProgramPlan? {
        if case .spoken(let plan) = self { return plan }
        return nil
    }
}
