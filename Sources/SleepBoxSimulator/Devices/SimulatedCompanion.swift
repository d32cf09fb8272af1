import SleepBoxCore
import SleepBoxRunner

/// The companion's side in the simulator: it keeps the switch as it was last set (no file), draws
/// pairing codes from the run's seed (a run with the same seed shows the same codes) and gives
/// the companion's page a home network's address.
public final class SimulatedCompanion: CompanionLink {
    /// The address the simulator's companion page is at.
    public static let address = "192.168.1.20:8080"

    /// The switch as last kept (nil: never told).
    public private(set) var link: CompanionSwitch?
    /// Codes drawn so far.
    public private(set) var codesDrawn = 0
    private var rng: SplitMix64

    public init(seed: UInt64) {
        // A stream of its own: the box's choices from the same seed stay as they were.
        rng = SplitMix64(seed: seed ^ 0x636F_6D70_616E_696F)
    }

    /// Where the companion said its page answers (nil: it has not; the simulator's own address).
    public private(set) var served: String?

    public func keep(_ link: CompanionSwitch) {
        self.link = link
        if !link.enabled { served = nil }
    }

    public func serving(at address: String) { served = address }

    public func drawCode() -> (code: String, address: String?) {
        codesDrawn += 1
        return (NoCompanion.code(UInt64.random(in: 0..<1_000_000, using: &rng)), served ?? SimulatedCompanion.address)
    }

    public var flagPath: String? { nil }

    public var statusText: String {
        guard let link else { return "simulated, off" }
        return link.enabled ? "simulated, on, epoch \(link.epoch)" : "simulated, off"
    }
}
