import SleepBoxCore

/// The companion's side of the box (`sleepbox-companion`, a process of its own): its switch, kept
/// where the companion's service looks for it, and the pairing codes. The companion itself
/// speaks to the box only through the control socket.
public protocol CompanionLink: AnyObject {
    /// Keeps the switch: while enabled, where the companion finds it with the epoch; gone when off.
    func keep(_ link: CompanionSwitch)
    /// A new pairing code (six digits, each as likely as any other) and the address of the
    /// companion's page ("192.168.1.20:8080"; nil with no network address).
    func drawCode() -> (code: String, address: String?)
    /// The companion says where its page answers: the address the next codes are shown with
    /// (until the switch goes off).
    func serving(at address: String)
    /// Where the switch is kept (the daemon's file), for the status; nil when nowhere.
    var flagPath: String? { get }
    /// A line for the status: "off", "on, epoch 3", "cannot keep ...".
    var statusText: String { get }
}

/// No companion: the switch is kept nowhere, and the codes are drawn from a seed.
public final class NoCompanion: CompanionLink {
    private var rng: SplitMix64

    public init(seed: UInt64 = 0) { rng = SplitMix64(seed: seed) }

    public func keep(_ link: CompanionSwitch) {}

    public func serving(at address: String) {}

    public func drawCode() -> (code: String, address: String?) {
        (NoCompanion.code(UInt64.random(in: 0..<1_000_000, using: &rng)), nil)
    }

    public var flagPath: String? { nil }
    public var statusText: String { "none" }

    /// `n` (below a million) as six digits.
    public static func code(_ n: UInt64) -> String {
        let digits = String(n % 1_000_000)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}
