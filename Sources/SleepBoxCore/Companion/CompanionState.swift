/// The companion: a page on the home network and a Home Assistant bridge, a process of its own
/// that speaks to the box only through the control socket. Off until the owner switches it on at
/// Settings > Connect; what the core keeps of it (`BoxState.companion`).
///
/// The switch and the epoch are saved; the pairing never is. A device paired under one epoch is
/// good while the epoch stays: "Forget devices" raises it, and every device must pair again.
public struct CompanionState: Sendable, Equatable {
    /// The home network is switched on: the runner keeps the companion's switch (`Command.companion`).
    public var enabled = false
    /// Raised by "Forget devices" (`epochRange`).
    public var epoch = 0
    /// The companion was switched on at some time (or the state saved says so): from then on the
    /// runner hears of the switch at each start, and the snapshot keeps it. A box never switched on
    /// makes no file at all.
    public var known = false
    /// The code the pairing page shows, while it is open.
    public var pairing: Pairing?

    public init() {}

    /// The epochs a box counts through.
    public static let epochRange = 0...1_000_000
    /// How long a pairing code is good for, in seconds.
    public static let pairingSeconds = 180.0
    /// Wrong tries a code takes; the next one voids it.
    public static let tries = 5

    /// The switch as the runner keeps it.
    public var link: CompanionSwitch { CompanionSwitch(enabled: enabled, epoch: epoch) }
}

/// The companion's switch as the runner keeps it (`Command.companion`): on or off, and the epoch
/// its paired devices must have.
public struct CompanionSwitch: Sendable, Equatable {
    public var enabled: Bool
    public var epoch: Int

    public init(enabled: Bool, epoch: Int) {
        self.enabled = enabled
        self.epoch = epoch
    }
}

/// A pairing code on the pairing page: drawn by the runner when the page opens (or asked for anew),
/// good for `CompanionState.pairingSeconds` and `CompanionState.tries` wrong tries, and only while
/// the page shows.
public struct Pairing: Sendable, Equatable {
    /// The six digits; nil while the runner draws them.
    public var code: String?
    /// Where the companion's page is, "192.168.1.20:8080"; nil with no network address.
    public var address: String?
    /// The uptime the code lapses at.
    public var until: Double
    public var triesLeft: Int
    /// The code lapsed (its time ran out or its tries were used up): the page offers a new one.
    public var lapsed: Bool

    public init(code: String?, address: String?, until: Double, triesLeft: Int = CompanionState.tries, lapsed: Bool = false) {
        self.code = code
        self.address = address
        self.until = until
        self.triesLeft = triesLeft
        self.lapsed = lapsed
    }

    /// A code is shown and may be tried.
    public var isLive: Bool { code != nil && !lapsed }

    /// Whole seconds the code has left at `now`, rounded up (3:00 as it is drawn, never 3:01 for
    /// a rounding error in the clock's sums).
    public func secondsLeft(at now: Moment) -> Int {
        let left = until - now.uptime
        guard left.isFinite, left > 0 else { return 0 }
        return Int((left - 1e-6).rounded(.up))
    }

    /// Whether `code` is a pairing code: exactly six ASCII digits.
    public static func isCode(_ code: String) -> Bool {
        code.utf8.count == 6 && code.utf8.allSatisfy { (48...57).contains($0) }
    }
}

/// What the owner asks of the companion from outside the box's screens (`sleepbox ctl companion`).
public enum CompanionChange: String, Sendable, Equatable {
    case on, off, forget
}

/// How a try of a pairing code goes (`Box.pairingVerdict`).
public enum PairingVerdict: Sendable, Equatable {
    /// The code is the one shown: the device is paired under the epoch.
    case paired(epoch: Int)
    /// Not the code shown; `triesLeft` more tries for it (0: the code is void now).
    case wrong(triesLeft: Int)
    /// The home network is switched off.
    case switchedOff
    /// No pairing page shows a code.
    case noCode
    /// The code shown has lapsed (its time, or its tries).
    case lapsed
}
