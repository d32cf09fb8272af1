/// Wrong pairing codes slow the next try: from one address the next try waits 1 s after a wrong
/// one, doubling to a minute; ten wrong tries within 15 minutes, from anywhere, close pairing until
/// the box shows a new code. (The box itself voids a code after 5 wrong tries; this keeps a guesser
/// from going through code after code.) Times are seconds on a monotonic clock.
public struct PairingThrottle: Sendable {
    struct Peer: Sendable {
        var failures: Int
        var retryAt: Double
    }

    private var peers: [String: Peer] = [:]
    private var failures: [Double] = []
    /// The code shown when pairing closed; pairing opens again when the box shows another.
    public private(set) var closedOnCode: String?

    public static let firstWait = 1.0
    public static let longestWait = 60.0
    public static let failuresToClose = 10
    public static let window = 15.0 * 60
    static let maximumPeers = 256

    public init() {}

    public enum Verdict: Equatable, Sendable {
        case allowed
        /// Try again after this many seconds.
        case wait(Double)
        /// Closed until the box shows a new code.
        case closed
    }

    /// Whether `peer` may try now; `shownCode` is the code the box shows (nil: none).
    public mutating func verdict(peer: String, now: Double, shownCode: String?) -> Verdict {
        if let closed = closedOnCode {
            guard let shownCode, shownCode != closed else { return .closed }
            closedOnCode = nil
            failures = []
            peers = [:]
        }
        if let p = peers[peer], now < p.retryAt { return .wait(p.retryAt - now) }
        return .allowed
    }

    /// A wrong code from `peer` at `now`, with the code the box showed.
    public mutating func failed(peer: String, now: Double, shownCode: String?) {
        var p = peers[peer] ?? Peer(failures: 0, retryAt: now)
        p.failures += 1
        p.retryAt = now + min(PairingThrottle.longestWait, PairingThrottle.firstWait * Double(1 << min(p.failures - 1, 10)))
        if peers[peer] == nil, peers.count >= PairingThrottle.maximumPeers {
            // Forget the peer whose wait ends first: a flood of addresses cannot grow this table.
            if let oldest = peers.min(by: { $0.value.retryAt < $1.value.retryAt })?.key { peers[oldest] = nil }
        }
        peers[peer] = p
        failures = failures.filter { now - $0 < PairingThrottle.window } + [now]
        if failures.count >= PairingThrottle.failuresToClose { closedOnCode = shownCode ?? "" }
    }

    /// A device paired: its address starts afresh.
    public mutating func succeeded(peer: String) { peers[peer] = nil }
}
