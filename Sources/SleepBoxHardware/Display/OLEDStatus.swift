/// What a panel operation came to; the driver never throws in steady state.
public enum OLEDStatus: Sendable, Hashable, CustomStringConvertible {
    /// The panel took everything.
    case ok
    /// The panel is not answering; the driver retries later (the reason says why, with advice).
    case unavailable(String)

    public var isOK: Bool { self == .ok }

    /// "ok" or "unavailable: nothing answers at 0x3c on /dev/i2c-1 — …".
    public var description: String {
        switch self {
        case .ok: return "ok"
        case .unavailable(let reason): return "unavailable: \(reason)"
        }
    }
}
