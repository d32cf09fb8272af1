#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SleepBoxSystem
import Testing
@testable import SleepBoxDaemon

/// The other end of a control socket at `path` in a test, and one wake-up of the server as the
/// daemon's loop serves it: what the control socket's suites share.
protocol ControlSocketPeer {
    var path: String { get }
}

extension ControlSocketPeer {
    /// A client socket; nil when connect() was refused (EAGAIN: the backlog is full).
    func tryConnect() -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else { close(fd); return nil }
        return fd
    }

    /// A connected, non-blocking client socket.
    func connectClient() throws -> Int32 {
        try #require(tryConnect())
    }

    /// Writes as much of `bytes` as the socket takes now.
    @discardableResult
    func write(_ bytes: [UInt8], to fd: Int32) -> Int {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            off += n
        }
        return off
    }

    func write(_ text: String, to fd: Int32) {
        write(Array(text.utf8), to: fd)
    }

    /// What the server has sent to `fd` so far, and whether it has closed it.
    func received(_ fd: Int32) -> (text: String, closed: Bool) {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { out += chunk[0..<n]; continue }
            return (String(decoding: out, as: UTF8.self), n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
        }
    }

    /// Serves one wake-up at `t`, as the poll loop does: poll() (not waiting) over what the
    /// server asks for, then the server with what was ready; returns the requests answered.
    @discardableResult
    func serve(_ server: ControlServer, at t: Double,
               answer: (String) -> JSONValue = { line in .object([("echo", .string(line))]) }) -> Int {
        var fds = server.pollDescriptors.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), 0)
        var ready: [Int32: Int16] = [:]
        for p in fds where p.revents != 0 { ready[p.fd] = p.revents }
        var answered = 0
        server.serve(ready: ready, at: t) { line in answered += 1; return answer(line) }
        return answered
    }
}
