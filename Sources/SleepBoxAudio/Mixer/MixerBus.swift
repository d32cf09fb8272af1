/// The mixer's fixed buses, in summing order. Each holds at most one source.
public enum MixerBus: Int, Sendable, Equatable, Hashable, CaseIterable {
    /// The item playing now.
    case item
    /// The item being crossfaded out.
    case partner
    /// An ambient bed under voice content, at its own level.
    case bed
    /// The wake sound.
    case alarm
    /// Speech (the wake greeting), over everything.
    case speech
    /// Short sounds: a bell, a confirmation tick.
    case cue
}
