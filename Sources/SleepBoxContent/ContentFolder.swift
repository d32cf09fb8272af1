/// The folders of a content library and what each may hold.
public enum ContentFolder: String, Sendable, Equatable, Hashable, CaseIterable {
    case yogaNidra = "yoga-nidra"
    case breathing
    case meditations
    case hypnosis
    case affirmations
    case stories
    case poems
    case science
    case ambient
    case tones
    case mixes
    case recordings

    /// Whether spoken scripts and guided timelines belong here (all but ambient, tones, mixes and
    /// recordings).
    public var holdsSpokenItems: Bool { self != .ambient && self != .tones && self != .mixes && self != .recordings }

    /// The folder names, for messages.
    static var namesText: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
