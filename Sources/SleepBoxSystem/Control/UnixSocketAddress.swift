#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket's address from its path, for the control socket's server and its clients.
public enum UnixSocketAddress {
    /// The address of `path`; nil when the path is too long for one.
    public static func make(_ path: String) -> sockaddr_un? {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        return addr
    }

    /// connect(2) of `fd` to the socket at `path`: 0, or -1 with errno set (ENAMETOOLONG for a
    /// path too long).
    public static func connect(_ fd: Int32, to path: String) -> Int32 {
        guard var addr = make(path) else {
            errno = ENAMETOOLONG
            return -1
        }
        return withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
