#if canImport(Glibc)
import Glibc
#endif

/// The machine's network addresses as digits, from getifaddrs(2): for the page's address on the
/// pairing screen and the names the companion's page answers to.
public enum NetworkAddresses {
    /// The first IPv4 address of an interface that is up and not the loopback ("192.168.1.20"),
    /// or nil when there is none.
    public static func firstIPv4() -> String? {
        addresses { family, flags in family == AF_INET && flags & Int32(IFF_UP) != 0 && flags & Int32(IFF_LOOPBACK) == 0 }.first
    }

    /// Every IPv4 and IPv6 address of every interface, without an IPv6 zone ("fe80::1", not
    /// "fe80::1%eth0": browsers leave it out).
    public static func all() -> [String] {
        addresses { family, _ in family == AF_INET || family == AF_INET6 }
    }

    private static func addresses(_ wanted: (Int32, Int32) -> Bool) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            guard let addr = entry.pointee.ifa_addr else { continue }
            let family = Int32(addr.pointee.sa_family)
            guard wanted(family, Int32(entry.pointee.ifa_flags)) else { continue }
            let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(addr, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            found.append(String(text.split(separator: "%").first ?? ""))
        }
        return found
    }
}
