import SleepBoxCore

/// The audio side without sound: a `SimulatedPlayer` on the real monotonic clock, reporting when
/// items end. Used by `run --hardware sim` with `--audio none`.
public final class SimulatedAudioOutput: AudioOutput {
    private var player: SimulatedPlayer
    /// The device lost by fault injection, and the report of it still to give.
    private var lost = false
    private var pending: [Event] = []

    public init(catalog: Catalog) { player = SimulatedPlayer(catalog: catalog) }

    public func perform(_ command: Command, at now: Moment) { player.apply(command, at: now.uptime) }
    public var pollDescriptors: [(fd: Int32, events: Int16)] { [] }
    public func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event] {
        defer { pending.removeAll() }
        return pending + player.reports(at: now.uptime)
    }
    public var nextWake: Double? { player.nextReport }
    public func shutDown(fadeSeconds: Double) {}
    public var statusText: String { "simulated (no sound)" + (lost ? ", device lost; retrying" : "") }

    public func injectFault(lost: Bool) -> Bool {
        if lost != self.lost { pending.append(.audioAvailabilityChanged(!lost)) }
        self.lost = lost
        return true
    }
}
