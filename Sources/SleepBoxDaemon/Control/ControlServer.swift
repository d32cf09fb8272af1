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
/// non-blocking; a partial line waits in the client's buffer (the last one is answered when the
/// client ends its side without a newline); a line longer than `maximumLineBytes` is answered
/// with an error and the client closed; a client has `idleSeconds` to finish each request (from
/// its connection or its last answer); when `maximumClients` are connected a new one takes the
/// place of the one that has waited longest. Each wake-up answers at most `requestBudget`
/// requests across all clients, taken in turn one at a time, so flooding clients cost the loop a
/// bounded time and a quiet client's request still gets its turn; answers a client does not read
/// wait in its own buffer, and a client that lets more than `outputLimit` bytes of them pile up
/// is closed.
///
/// A client that asks to watch (`{"cmd":"watch"}`) stays connected without the idle limit and is
/// sent what `publish` is given, as lines, until it goes; at most `maximumWatchers` at once, and
/// a flood of new clients pushes out the others before a watcher.
public final class ControlServer {
    /// The longest request line taken (the protocol's limit).
    public static let maximumLineBytes = ControlProtocol.maximumLineBytes
    /// Seconds a client has to send a whole request line; `sleepbox ctl` needs milliseconds.
    public static let idleSeconds = 10.0
    /// Clients connected at once.
    public static let maximumClients = 16
    /// Requests answered in one wake-up, all clients together (one each while they last).
    public static let requestBudget = 16
    /// Unsent answer bytes kept for a client that does not read them; past this it is closed.
    public static let outputLimit = 64 << 10
    /// Clients watching at once (a companion and a few `sleepbox ctl watch`).
    public static let maximumWatchers = 4
    /// Connections the kernel holds for the loop to accept (the kernel may cap it lower).
    public static let backlog: Int32 = 128
    /// Connections accepted in one wake-up; the rest wait in the backlog, so a burst of them
    /// cannot push out a client accepted a moment ago before it has been read.
    static let acceptsPerWakeup = maximumClients / 2
    /// Bytes read from one client in one wake-up; the rest waits for the next turn of the loop.
    static let readBudget = 16 << 10

    public let path: String
    private let listenFD: Int32
    private struct Client {
        var input: [UInt8] = []
        /// Answers not yet taken by the client.
        var output: [UInt8] = []
        /// When the request being read began: the connection, or the last answer.
        var waitingSince: Double
        /// The client has ended its side: what it sent is answered, then it is closed.
        var ended = false
        /// The client watches: `publish` sends to it, and it has no idle limit.
        var watching = false
        /// Whether a whole line waits in `input`.
        var hasLine: Bool { input.contains(UInt8(ascii: "\n")) }
    }
    private var clients: [Int32: Client] = [:]
    /// Where the next wake-up's first turn begins among the clients (in descriptor order).
    private var nextTurn: Int32 = 0
    private let logger: Logger

    /// Why the socket's path cannot be used: something that is not a socket is there.
    public struct NotASocket: Error, CustomStringConvertible, Equatable {
        public var path: String
        /// "a regular file", "a folder", ...
        public var what: String
        public var description: String {
            "the control socket's path \(path) is \(what), not a socket; remove it or give another path (--socket)"
        }
    }

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
        let ok = UnixSocketAddress.connect(fd, to: path)
        let e = errno
        // Connected, or a listener whose queue is full: someone is there.
        if ok == 0 || e == EAGAIN || e == EINPROGRESS { throw InUse(path: path) }
        if e == ECONNREFUSED { unlink(path) }
    }

    /// Throws `NotASocket` when something other than a socket (a file, a folder, a FIFO) is at
    /// `path`: it is never removed, and binding there would only say "Address already in use".
    public static func checkPath(_ path: String) throws(NotASocket) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        let what: String
        switch st.st_mode & S_IFMT {
        case S_IFSOCK: return
        case S_IFREG: what = "a regular file"
        case S_IFDIR: what = "a folder"
        case S_IFLNK: what = "a symbolic link"
        case S_IFIFO: what = "a FIFO"
        case S_IFCHR, S_IFBLK: what = "a device"
        default: what = "not a socket"
        }
        throw NotASocket(path: path, what: what)
    }

    /// Creates the socket at `path`, replacing a stale one left by a crash; a socket another
    /// process answers on is left alone (`bind` fails with EADDRINUSE), and a path taken by
    /// anything else throws `NotASocket`.
    public init(path: String, logger: Logger) throws {
        self.path = path
        self.logger = logger
        try Self.checkPath(path)
        do { try Self.removeStaleSocket(at: path) } catch { throw SystemError("bind", errno: EADDRINUSE, path: path) }
        guard var addr = UnixSocketAddress.make(path) else { throw SystemError("bind", errno: ENAMETOOLONG, path: path) }
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
        guard listen(fd, Self.backlog) == 0 else {
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

    /// The descriptors to poll and for what: the socket for new clients, a client for input
    /// unless a whole request of it already waits, and for room to write while answers wait.
    public var pollDescriptors: [(fd: Int32, events: Int16)] {
        [(listenFD, Int16(POLLIN))] + clients.sorted { $0.key < $1.key }.map { fd, c in
            let read = c.ended || c.hasLine ? 0 : Int16(POLLIN)
            return (fd, read | (c.output.isEmpty ? 0 : Int16(POLLOUT)))
        }
    }

    /// Whether requests already read wait for their answer (the next poll must not sleep).
    public var hasWaitingRequests: Bool { clients.values.contains { $0.hasLine } }

    /// Clients connected now.
    public var clientCount: Int { clients.count }

    /// When the next client runs out of time (monotonic seconds), nil with no client.
    public var nextIdleDeadline: Double? {
        clients.values.filter { !$0.watching }.map { $0.waitingSince + Self.idleSeconds }.min()
    }

    /// Clients watching now.
    public var watcherCount: Int { clients.values.filter(\.watching).count }

    /// Sends `lines` to every watcher (each as it reads; one that lets them pile up is closed).
    public func publish(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        for (fd, client) in clients where client.watching {
            clients[fd]?.output += bytes
            flush(fd)
        }
    }

    /// Closes the clients that have not finished a request within `idleSeconds` by `now`.
    public func closeIdleClients(at now: Double) {
        for (fd, client) in clients where !client.watching && now >= client.waitingSince + Self.idleSeconds {
            logger.debug("control client closed: no whole request in \(Int(Self.idleSeconds)) s")
            drop(fd)
        }
    }

    /// Serves one wake-up at `now` (monotonic seconds), given the descriptors poll() found ready
    /// (with their `revents`): sends waiting answers, reads clients, answers up to
    /// `requestBudget` requests with `answer` (clients in turn), then accepts new clients.
    /// Never waits.
    public func serve(ready: [Int32: Int16], at now: Double, answer: (String) -> JSONValue) {
        for (fd, revents) in ready where fd != listenFD && clients[fd] != nil {
            if revents & Int16(POLLOUT) != 0 { flush(fd) }
            if clients[fd] != nil, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(fd) }
        }
        answerRequests(at: now, answer: answer)
        for (fd, client) in clients where client.ended && !client.hasLine && client.output.isEmpty { drop(fd) }
        if ready[listenFD] != nil { acceptClients(at: now) }
    }

    /// Reads what `fd` has sent, up to a whole line (one waits already: nothing is read) or
    /// `readBudget` bytes.
    private func read(_ fd: Int32) {
        guard var client = clients[fd], !client.ended else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var taken = 0
        while taken < Self.readBudget && !client.hasLine {
            let n = SystemCall.retryingEINTR { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if n < 0 { return drop(fd) }
            if n == 0 {
                // The client has ended its side: a last line without its newline is still a request.
                client.ended = true
                if client.input.contains(where: { !Self.isBlank($0) }) { client.input.append(UInt8(ascii: "\n")) }
                break
            }
            taken += n
            client.input += chunk[0..<n]
        }
        let lineLength = client.input.firstIndex(of: UInt8(ascii: "\n")) ?? client.input.count
        if lineLength > Self.maximumLineBytes {
            clients[fd] = client
            send(Array((ControlProtocol.failure("request longer than \(Self.maximumLineBytes) bytes").serialized + "\n").utf8), to: fd)
            return drop(fd)
        }
        clients[fd] = client
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Answers up to `requestBudget` waiting requests, one per client in turn.
    private func answerRequests(at now: Double, answer: (String) -> JSONValue) {
        var budget = Self.requestBudget
        var order = clients.keys.sorted()
        guard !order.isEmpty else { return }
        let first = order.firstIndex { $0 >= nextTurn } ?? 0
        order = Array(order[first...] + order[..<first])
        var answeredAny = true
        while budget > 0 && answeredAny {
            answeredAny = false
            for fd in order where budget > 0 {
                guard var client = clients[fd], let nl = client.input.firstIndex(of: UInt8(ascii: "\n")) else { continue }
                let line = String(decoding: client.input[..<nl], as: UTF8.self)
                client.input.removeSubrange(...nl)
                budget -= 1
                answeredAny = true
                nextTurn = fd + 1
                guard !line.allSatisfy(\.isWhitespace) else {
                    clients[fd] = client
                    continue
                }
                let reply: JSONValue
                if ControlProtocol.isWatchRequest(line) {
                    if client.watching || watcherCount < Self.maximumWatchers {
                        client.watching = true
                        reply = .object([("ok", .bool(true)), ("watching", .bool(true))])
                    } else {
                        reply = ControlProtocol.failure("\(Self.maximumWatchers) clients watch already; try again when one has gone")
                    }
                } else {
                    reply = answer(line)
                }
                client.output += Array((reply.serialized + "\n").utf8)
                client.waitingSince = now
                clients[fd] = client
                flush(fd)
            }
        }
    }

    private func acceptClients(at now: Double) {
        for _ in 0..<Self.acceptsPerWakeup {
            let c = accept(listenFD, nil, nil)
            if c < 0 { break }
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            if clients.count >= Self.maximumClients,
               let longest = clients.min(by: { a, b in
                   // Watchers go last: they wait on purpose.
                   (a.value.watching ? 1 : 0, a.value.waitingSince, a.key) < (b.value.watching ? 1 : 0, b.value.waitingSince, b.key)
               })?.key {
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

    /// Sends what waits for `fd` as far as the socket takes it; a client whose unread answers
    /// pass `outputLimit` is closed, one that has gone away too.
    private func flush(_ fd: Int32) {
        guard var client = clients[fd], !client.output.isEmpty else { return }
        let sent = send(client.output, to: fd)
        guard sent >= 0 else { return drop(fd) }
        client.output.removeFirst(sent)
        if client.output.count > Self.outputLimit {
            logger.info("control client closed: it does not read its answers (\(client.output.count) bytes wait)")
            return drop(fd)
        }
        clients[fd] = client
    }

    /// Sends `bytes` to `fd` without waiting: the count the socket took, -1 when it is gone.
    @discardableResult
    private func send(_ bytes: [UInt8], to fd: Int32) -> Int {
        var off = 0
        while off < bytes.count {
            let n = SystemCall.retryingEINTR { bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            guard n > 0 else { return -1 }
            off += n
        }
        return off
    }
}
