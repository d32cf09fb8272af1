#if canImport(Glibc)
import Glibc
#endif
import CLinux


/// The other end of the control socket, for `sleepbox ctl`: sends one request line and reads
/// one answer line.
public enum ControlClient {
    /// A connection to the socket at `path`, answers awaited up to `timeoutSeconds` (nil: for ever).
    private static func connected(to path: String, timeoutSeconds: Double?) throws(SystemError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        guard UnixSocketAddress.connect(fd, to: path) == 0 else {
            let e = errno
            close(fd)
            throw SystemError("connect", errno: e, path: path)
        }
        if let timeoutSeconds {
            var tv = timeval(tv_sec: Int(timeoutSeconds), tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
        return fd
    }

    private static func sendLine(_ request: String, to fd: Int32, path: String) throws(SystemError) {
        let line = Array((request + "\n").utf8)
        var off = 0
        while off < line.count {
            let n = SystemCall.retryingEINTR { line[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            guard n > 0 else { throw SystemError("send", path: path) }
            off += n
        }
    }

    /// Sends `request` (a JSON line) to the socket at `path` and returns the answer line.
    public static func send(_ request: String, to path: String, timeoutSeconds: Double = 5) throws(SystemError) -> String {
        let fd = try connected(to: path, timeoutSeconds: timeoutSeconds)
        defer { close(fd) }
        try sendLine(request, to: fd, path: path)
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(UInt8(ascii: "\n")) {
            let n = SystemCall.retryingEINTR { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
            if n > 0 { answer += chunk[0..<n] } else if n == 0 { break } else { throw SystemError("recv", path: path) }
        }
        return String(decoding: answer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// Sends `{"cmd":"watch"}` and hands every line the box sends to `line` (the answer first)
    /// until `line` returns false or the box closes the connection; a line longer than 64 KiB
    /// ends it with an error.
    public static func watch(_ path: String, line: (String) -> Bool) throws(SystemError) {
        let fd = try connected(to: path, timeoutSeconds: nil)
        defer { close(fd) }
        try sendLine(#"{"cmd":"watch"}"#, to: fd, path: path)
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = SystemCall.retryingEINTR { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
            if n == 0 { return }
            guard n > 0 else { throw SystemError("recv", path: path) }
            pending += chunk[0..<n]
            while let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
                guard line(String(decoding: pending[..<nl], as: UTF8.self)) else { return }
                pending.removeSubrange(...nl)
            }
            guard pending.count <= 64 << 10 else { throw SystemError("recv", errno: EMSGSIZE, path: path) }
        }
    }
}
