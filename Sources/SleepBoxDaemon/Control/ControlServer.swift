#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Logging
import SleepBoxSystem

/// The control socket: a Unix stream socket (mode 0660) speaking JSON lines, one answer line for
/// each request line (`ControlProtocol` says what they mean). Non-blocking, served from the poll loop.
public final class ControlServer {
    public let path: String
    private let listenFD: Int32
    private var clients: [Int32: [UInt8]] = [:]
    private let logger: Logger

    /// Creates the socket at `path`, replacing a stale one left by a crash.
    public init(path: String, logger: Logger) throws(SystemError) {
        self.path = path
        self.logger = logger
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFSOCK { unlink(path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else {
            close(fd)
            throw SystemError("bind", errno: ENAMETOOLONG, path: path)
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else {
            let e = errno
            close(fd)
            throw SystemError("bind", errno: e, path: path)
        }
        chmod(path, 0o660)
        guard listen(fd, 8) == 0 else {
            let e = errno
            close(fd)
            throw SystemError("listen", errno: e, path: path)
        }
        listenFD = fd
    }

    private var closed = false

    deinit { shutDown() }

    /// Closes the clients and the socket and removes its file (on exit; again is harmless).
    public func shutDown() {
        guard !closed else { return }
        closed = true
        for fd in clients.keys { close(fd) }
        clients.removeAll()
        close(listenFD)
        unlink(path)
    }

    /// The descriptors to poll for input.
    public var pollDescriptors: [Int32] { [listenFD] + clients.keys.sorted() }

    /// Serves a readable descriptor: accepts clients, reads their lines and answers each with
    /// `answer`.
    public func service(_ fd: Int32, answer: (String) -> JSONValue) {
        if fd == listenFD {
            while true {
                let c = accept(listenFD, nil, nil)
                if c < 0 { break }
                _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
                _ = fcntl(c, F_SETFD, FD_CLOEXEC)
                if clients.count >= 16 {
                    close(c)
                    continue
                }
                clients[c] = []
            }
            return
        }
        guard var buffer = clients[fd] else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while true {
            let n = SystemCall.retryingEINTR { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n > 0 {
                buffer += chunk[0..<n]
                if buffer.count > 65536 {
                    closed = true
                    break
                }
            } else {
                if n == 0 || errno != EAGAIN { closed = true }
                break
            }
        }
        while let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[..<nl], as: UTF8.self)
            buffer.removeSubrange(...nl)
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            send(answer(line).serialized + "\n", to: fd)
        }
        if closed {
            close(fd)
            clients[fd] = nil
        } else {
            clients[fd] = buffer
        }
    }

    private func send(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var off = 0
        // Answers are a few kilobytes at most and fit the socket buffer; a client that lets the
        // buffer fill is not waited for (the loop must never block).
        while off < bytes.count {
            let n = SystemCall.retryingEINTR { bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            guard n > 0 else { break }
            off += n
        }
    }
}
