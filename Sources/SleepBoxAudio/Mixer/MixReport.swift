/// What happened during one `Mixer.render` call: which buses' sources ran out and which stop
/// fades finished, each with the exact frame offset (within the rendered block) of the first
/// frame that no longer carries the bus's sound. Fixed size; no allocation.
public struct MixReport: Sendable, Equatable {
    /// Buses whose source ended (returned fewer frames than asked).
    public private(set) var ended: MixerBusSet = []
    /// Buses whose stop fade reached silence; the bus is idle from then on.
    public private(set) var stopped: MixerBusSet = []
    /// Buses whose source was dropped for rendering samples that break `SampleGuard`'s rule
    /// (each also in `ended`).
    public private(set) var dropped: MixerBusSet = []
    private var offsets: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)

    /// An empty report.
    public init() {}

    /// True when nothing ended or stopped.
    public var isEmpty: Bool { ended.isEmpty && stopped.isEmpty }

    /// The frame offset at which `bus` ended or stopped in this block, if it did.
    public func frameOffset(of bus: MixerBus) -> Int? {
        guard ended.contains(bus) || stopped.contains(bus) else { return nil }
        return offset(bus)
    }

    mutating func markEnded(_ bus: MixerBus, at frame: Int) {
        ended.insert(MixerBusSet(bus))
        setOffset(bus, frame)
    }

    mutating func markDropped(_ bus: MixerBus, at frame: Int) {
        dropped.insert(MixerBusSet(bus))
        markEnded(bus, at: frame)
    }

    mutating func markStopped(_ bus: MixerBus, at frame: Int) {
        stopped.insert(MixerBusSet(bus))
        setOffset(bus, frame)
    }

    /// Folds in the report of a later chunk of the same block that started at `base`.
    mutating func merge(_ other: MixReport, shiftedBy base: Int) {
        for bus in MixerBus.allCases {
            if other.dropped.contains(bus) { dropped.insert(MixerBusSet(bus)) }
            if other.ended.contains(bus) { markEnded(bus, at: base + other.offset(bus)) }
            if other.stopped.contains(bus) { markStopped(bus, at: base + other.offset(bus)) }
        }
    }

    /// Equal when the same buses ended and stopped at the same offsets.
    public static func == (a: MixReport, b: MixReport) -> Bool {
        guard a.ended == b.ended, a.stopped == b.stopped, a.dropped == b.dropped else { return false }
        return MixerBus.allCases.allSatisfy { a.frameOffset(of: $0) == b.frameOffset(of: $0) }
    }

    private func offset(_ bus: MixerBus) -> Int {
        switch bus {
        case .item: return offsets.0
        case .partner: return offsets.1
        case .bed: return offsets.2
        case .alarm: return offsets.3
        case .speech: return offsets.4
        case .cue: return offsets.5
        }
    }

    private mutating func setOffset(_ bus: MixerBus, _ value: Int) {
        switch bus {
        case .item: offsets.0 = value
        case .partner: offsets.1 = value
        case .bed: offsets.2 = value
        case .alarm: offsets.3 = value
        case .speech: offsets.4 = value
        case .cue: offsets.5 = value
        }
    }
}
