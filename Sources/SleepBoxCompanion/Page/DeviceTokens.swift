#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SleepBoxSystem

/// The devices paired with the page: each holds a token (32 random bytes, 64 hex digits, in an
/// HttpOnly cookie); the companion keeps only each token's SHA-256, with the box's "forget devices"
/// epoch it was paired under, in a file of its own (mode 0600). A token is good while the box's
/// epoch is the one it was paired under: "forget devices" on the box raises the epoch, and every
/// device is unpaired at once, without the companion having to be running.
///
/// The file: a first line `sleepbox-companion devices 1`, then a line a device:
/// `<sha-256 hex> <epoch> <paired at, seconds since 1970>`.
public struct DeviceTokens: Sendable {
    public struct Device: Equatable, Sendable {
        public var hash: String
        public var epoch: Int
        public var pairedAt: Int
    }

    public private(set) var devices: [Device] = []
    /// Where they are kept; nil: in memory only (tests).
    public let path: String?

    /// The most devices kept; pairing one more forgets the oldest.
    public static let maximumDevices = 16
    static let header = "sleepbox-companion devices 1"
    static let maximumFileBytes = 4096

    public struct FileError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The devices in `path` (none when it is missing). A file that cannot be read as written is
    /// refused with its path and line, and put aside as `<path>.bad` (kept, not lost); pairing
    /// starts again from none.
    public static func load(_ path: String) -> (DeviceTokens, FileError?) {
        var tokens = DeviceTokens(path: path)
        switch AtomicFile.readRegularFile(path, limit: maximumFileBytes) {
        case .missing:
            return (tokens, nil)
        case .refused(let why):
            return (tokens, FileError(description: "\(path): \(why); paired devices forgotten"))
        case .bytes(let bytes):
            do {
                tokens.devices = try parse(String(decoding: bytes, as: UTF8.self), path: path)
                return (tokens, nil)
            } catch {
                rename(path, path + ".bad")
                return (tokens, FileError(description: error.description + "; kept as \(path).bad, paired devices forgotten"))
            }
        }
    }

    public init(path: String?) { self.path = path }

    /// The devices a file's text lists; an error names the path and line.
    public static func parse(_ text: String, path: String) throws(FileError) -> [Device] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else {
            throw FileError(description: "\(path), line 1: expected \"\(header)\"")
        }
        var devices: [Device] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0].count == 64, parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
                  let epoch = Int(parts[1]), (0...1_000_000).contains(epoch), let at = Int(parts[2]), at >= 0 else {
                throw FileError(description: "\(path), line \(index + 1): expected \"<sha-256 in hex> <epoch 0-1000000> <seconds>\"")
            }
            devices.append(Device(hash: String(parts[0]), epoch: epoch, pairedAt: at))
        }
        guard devices.count <= maximumDevices else {
            throw FileError(description: "\(path): \(devices.count) devices, more than \(maximumDevices)")
        }
        return devices
    }

    var text: String {
        ([DeviceTokens.header] + devices.map { "\($0.hash) \($0.epoch) \($0.pairedAt)" }).joined(separator: "\n") + "\n"
    }

    /// Whether `token` belongs to a device paired under `epoch`.
    public func isPaired(_ token: String?, epoch: Int) -> Bool {
        guard let token, token.utf8.count == 64 else { return false }
        let hash = SHA256Hex.digest(token)
        return devices.contains { $0.hash == hash && $0.epoch == epoch }
    }

    /// A new device paired under `epoch` at `now`: its token (for the cookie). Devices of older
    /// epochs are dropped; past the limit, the oldest.
    public mutating func pair(epoch: Int, now: Int) throws(SystemError) -> String {
        let token = try DeviceTokens.randomToken()
        devices.removeAll { $0.epoch != epoch }
        devices.append(Device(hash: SHA256Hex.digest(token), epoch: epoch, pairedAt: now))
        if devices.count > DeviceTokens.maximumDevices { devices.removeFirst(devices.count - DeviceTokens.maximumDevices) }
        try save()
        return token
    }

    /// Forgets every device (the page's Forget; the box raises its epoch as well).
    public mutating func forgetAll() throws(SystemError) {
        devices = []
        try save()
    }

    /// How many devices are paired under `epoch`.
    public func count(epoch: Int) -> Int { devices.filter { $0.epoch == epoch }.count }

    private func save() throws(SystemError) {
        guard let path else { return }
        try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600)
    }

    /// 32 bytes from getrandom(2), as 64 hex digits.
    static func randomToken() throws(SystemError) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        var got = 0
        while got < bytes.count {
            let n = bytes[got...].withUnsafeMutableBytes { getrandom($0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError("getrandom")
            }
            got += n
        }
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }
}
