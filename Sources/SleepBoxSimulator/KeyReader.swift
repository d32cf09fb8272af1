import SleepBoxRunner

/// Turns the bytes the interactive simulator reads from its terminal into keys, every one of
/// them: a read may hold several keys at once (auto-repeat, a fast hand, a paste), and an arrow's
/// escape sequence may be split between two reads; its start is kept for the next.
public struct KeyReader: Sendable, Equatable {
    /// What a key asks for.
    public enum Key: Sendable, Equatable {
        /// A press, hold or turn for the box.
        case request(BoxRequest)
        /// Move the simulated time on one minute at once.
        case fastForward
        /// Leave the simulator (q, Ctrl-C, Ctrl-D).
        case quit
    }

    /// The start of an escape sequence still waiting for the rest of its bytes.
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes`, in order, after whatever the last read left unfinished.
    public mutating func keys(in bytes: [UInt8]) -> [Key] {
        let all = pending + bytes
        pending = []
        var keys: [Key] = []
        var i = 0
        while i < all.count {
            let c = all[i]
            i += 1
            if c == 0x1B {
                // Arrow keys: ESC [ C (right) and ESC [ D (left); other sequences are skipped whole.
                guard i < all.count else {
                    pending = [c]
                    break
                }
                guard all[i] == UInt8(ascii: "[") || all[i] == UInt8(ascii: "O") else { continue }
                guard i + 1 < all.count else {
                    pending = Array(all[(i - 1)...])
                    break
                }
                // Parameters (digits, ';') up to the final byte.
                var end = i + 1
                while end < all.count, all[end] >= 0x30, all[end] <= 0x3F { end += 1 }
                guard end < all.count else {
                    pending = Array(all[(i - 1)...])
                    break
                }
                switch all[end] {
                case UInt8(ascii: "C"): keys.append(.request(.turn(1)))
                case UInt8(ascii: "D"): keys.append(.request(.turn(-1)))
                default: break
                }
                i = end + 1
                continue
            }
            if let key = KeyReader.key(for: c) { keys.append(key) }
        }
        return keys
    }

    /// The key of a single byte, or nil for one that means nothing.
    static func key(for c: UInt8) -> Key? {
        switch c {
        case UInt8(ascii: "q"), 3, 4: return .quit
        case UInt8(ascii: "l"): return .request(.press(.leaf))
        case UInt8(ascii: "s"): return .request(.press(.skip))
        case UInt8(ascii: "t"): return .request(.press(.timer))
        case UInt8(ascii: "k"), UInt8(ascii: " "): return .request(.press(.knob))
        case UInt8(ascii: "L"): return .request(.hold(.leaf, seconds: 2.5))
        case UInt8(ascii: "S"): return .request(.hold(.skip, seconds: 2.0))
        case UInt8(ascii: "T"): return .request(.hold(.timer, seconds: 2.0))
        case UInt8(ascii: "K"): return .request(.hold(.knob, seconds: 1.0))
        case UInt8(ascii: "."), UInt8(ascii: ">"): return .request(.turn(1))
        case UInt8(ascii: ","), UInt8(ascii: "<"): return .request(.turn(-1))
        case UInt8(ascii: "f"): return .fastForward
        default: return nil
        }
    }
}
