#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Logging
import SleepBoxSystem

/// The control socket: a Unix stream socket (mode 0660) speaking JSON lines, one answer line for
/// each request line (`ControlProtocol` says what they mean), served from the poll loop.
///
/// Nothing a client does can hold the loop or lock others out: the socket and every client are
/// non-blocking, a partial line waits in the client's buffer, a line longer than
/// `maximumLineBytes` is answered with an error and the client closed, a client has
/// `idleSeconds` to finish each request (from its connection or its last answer), and when
/// `maximumClients` are connected a new one takes the place of the one that has waited longest.
public final class ControlServer {
    /// The longest request line taken (the protocol's limit).
    public static let maximumLineBytes = ControlProtocol.maximumLineBytes
    /// Seconds a client has to send a whole request line; `sleepbox ctl` needs milliseconds.
    public static let idleSeconds = 10.0
    /// Clients connected at once.
    public static let maximumClients = 16
    /// Bytes read from one client in one wake-up; the rest waits for the next turn of the loop.
    static let readBudget = 64 << 10

    public let path: String
    private let listenFD: Int32
    private struct Client {
        var buffer: [UInt8] = []
        /// When the request being read began: the connection, or the last answer.
        var waitingSince: Double
    }
    private var clients: [Int32: Client] = [:]
    private let logger: Logger

    /// Why the socket's path cannot be taken.
    public struct InUse: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var description: String {
            "another sleepbox answers on the control socket \(path); stop it first, or give this one another socket"
        }
        /// 75 (`EX_TEMPFAIL`): it may start once the other one has stopped.
        public var exitStatus: ExitStatus { .tempFail }
    }

    /// Removes a socket at `path` that nobody answers on (left by a crash). Throws `InUse` when a
    /// process answers there: its socket is never taken.
    public static func removeStaleSocket(at path: String) throws(InUse) {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFSOCK else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard var addr = address(path) else { return }
        let ok = withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        let e = errno
        // Connected, or a listener whose queue is full: someone is there.
        if ok == 0 || e == EAGAIN || e == EINPROGRESS { throw InUse(path: path) }
        if e == ECONNREFUSED { unlink(path) }
    }

    private static func address(_ path: String) -> sockaddr_un? {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        return addr
    }

    /// Creates the socket at `path`, replacing a stale one left by a crash; a socket another
    /// process answers on is left alone (`bind` fails with EADDRINUSE).
    public init(path: String, logger: Logger) throws(SystemError) {
        self.path = path
        self.logger = logger
        do { try Self.removeStaleSocket(at: path) } catch { throw SystemError("bind", errno: EADDRINUSE, path: path) }
        guard var addr = Self.address(path) else { throw SystemError("bind", errno: ENAMETOOLONG, path: path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
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

    /// Clients connected now.
    public var clientCount: Int { clients.count }

    /// When the next client runs out of time (monotonic seconds), nil with no client.
    public var nextIdleDeadline: Double? {
        clients.values.map { $0.waitingSince + Self.idleSeconds }.min()
    }

    /// Closes the clients that have not finished a request within `idleSeconds` by `now`.
    public func closeIdleClients(at now: Double) {
        for (fd, client) in clients where now >= client.waitingSince + Self.idleSeconds {
            logger.debug("control client closed: no whole request in \(Int(Self.idleSeconds)) s")
            drop(fd)
        }
    }

    /// Serves a readable descriptor at `now` (monotonic seconds): accepts clients, reads their
    /// lines and answers each with `answer`. Never waits.
    public func service(_ fd: Int32, at now: Double, answer: (String) -> JSONValue) {
        if fd == listenFD {
            acceptClients(at: now)
            return
        }
        guard var client = clients[fd] else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var finished = false
        var taken = 0
        while taken < Self.readBudget {
            let n = SystemCall.retryingEINTR { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n <= 0 {
                if n == 0 || errno != EAGAIN { finished = true }
                break
            }
            taken += n
            client.buffer += chunk[0..<n]
            while let nl = client.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: client.buffer[..<nl], as: UTF8.self)
                client.buffer.removeSubrange(...nl)
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                send(answer(line).serialized + "\n", to: fd)
                client.waitingSince = now
            }
            if client.buffer.count > Self.maximumLineBytes {
                send(ControlProtocol.failure("request longer than \(Self.maximumLineBytes) bytes").serialized + "\n", to: fd)
                finished = true
                break
            }
        }
        if finished {
            drop(fd)
        } else {
            clients[fd] = client
        }
    }

    private func acceptClients(at now: Double) {
        while true {
            let c = accept(listenFD, nil, nil)
            if c < 0 { break }
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            if clients.count >= Self.maximumClients,
               let longest = clients.min(by: { ($0.value.waitingSince, $0.key) < ($1.value.waitingSince, $1.key) })?.key {
                logger.debug("control clients full: closed the one waiting longest")
                drop(longest)
            }
            clients[c] = Client(waitingSince: now)
        }
    }

    private func drop(_ fd: Int32) {
        close(fd)
        clients[fd] = nil
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
