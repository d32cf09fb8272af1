#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// sd_notify(3) without libsystemd: datagrams to $NOTIFY_SOCKET saying READY=1, WATCHDOG=1,
/// STATUS=..., STOPPING=1. Without NOTIFY_SOCKET (not under systemd) every call does nothing.
public final class SystemdNotifier {
    private let path: String?
    /// The watchdog interval systemd asked for (WATCHDOG_USEC), if any; ping at half of it.
    public let watchdogInterval: Double?

    public init(environment: [String: String]) {
        path = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0,
           environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == getpid() }) ?? true {
            watchdogInterval = usec / 1e6
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { path != nil }

    /// Sends one notification; failures are ignored (systemd's own timeouts report them).
    public func notify(_ message: String) {
        guard let path else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        // An abstract socket name starts with "@", which stands for a leading NUL byte.
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else { return }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        let payload = Array(message.utf8)
        _ = withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                payload.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sa, length) }
            }
        }
    }
}
