/// A set of mixer buses as a bitmask: fixed size, no allocation.
public struct MixerBusSet: OptionSet, Sendable, Hashable {
    /// Bit `n` is the bus with raw value `n`.
    public let rawValue: UInt8

    /// The set with the bits of `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding one bus.
    public init(_ bus: MixerBus) { rawValue = 1 << UInt8(bus.rawValue) }

    /// One-bus sets.
    public static let item = MixerBusSet(.item)
    public static let partner = MixerBusSet(.partner)
    public static let bed = MixerBusSet(.bed)
    public static let alarm = MixerBusSet(.alarm)
    public static let speech = MixerBusSet(.speech)
    public static let cue = MixerBusSet(.cue)

    /// Whether `bus` is in the set.
    public func contains(_ bus: MixerBus) -> Bool { contains(MixerBusSet(bus)) }

    /// The buses in the set, in bus order.
    public var buses: [MixerBus] { MixerBus.allCases.filter { contains($0) } }
}
