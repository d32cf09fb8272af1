import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that survive a power cut: a temporary file beside the target, fsync, rename over the
/// target, fsync of the directory.
public enum AtomicFile {
    /// Replaces `path` with `bytes` atomically and durably.
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let dir = directory(of: path)
        // A name of its own per write: two writers (a save in flight and the last one on exit)
        // never share a temporary file.
        let temp = path + ".tmp-\(getpid())-\(AtomicFile.nextSerial())"
        let fd = SystemCall.retryingEINTR { open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw SystemError("open", path: temp) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { b in SystemCall.retryingEINTR { systemWrite(fd, b.baseAddress, b.count) } }
            if n < 0 {
                let error = SystemError("write", path: temp)
                close(fd)
                unlink(temp)
                throw error
            }
            written += n
        }
        if fsync(fd) != 0 {
            let error = SystemError("fsync", path: temp)
            close(fd)
            unlink(temp)
            throw error
        }
        close(fd)
        guard rename(temp, path) == 0 else {
            let error = SystemError("rename", path: path)
            unlink(temp)
            throw error
        }
        let dfd = SystemCall.retryingEINTR { open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    private static let serialLock = NSLock()
    nonisolated(unsafe) private static var serial = 0
    static func nextSerial() -> Int {
        serialLock.lock()
        defer { serialLock.unlock() }
        serial += 1
        return serial
    }

    /// What `readRegularFile` found at a path.
    public enum Contents: Equatable, Sendable {
        /// Nothing is there.
        case missing
        /// A regular file of at most the limit: its bytes.
        case bytes([UInt8])
        /// Something that is not to be read: why (a FIFO, a device, a link, a folder, too large,
        /// unreadable).
        case refused(String)
    }

    /// The whole file, or nil when it does not exist.
    public static func read(_ path: String) throws(SystemError) -> [UInt8]? {
        let fd = SystemCall.retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemError("open", path: path)
        }
        defer { close(fd) }
        return try readAll(fd, path: path, limit: Int.max)
    }

    /// The file at `path` when it is a regular file (not a symbolic link, FIFO, device, socket or
    /// folder) of at most `limit` bytes. Never blocks: a FIFO is opened with O_NONBLOCK and
    /// refused after fstat, before any read.
    public static func readRegularFile(_ path: String, limit: Int) -> Contents {
        let fd = SystemCall.retryingEINTR { open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            let e = SystemError.currentErrno
            switch e {
            case ENOENT: return .missing
            case ELOOP: return .refused("it is a symbolic link, not a regular file")
            default: return .refused("cannot open it: \(SystemError.reason(errno: e))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .refused("cannot stat it: \(SystemError.reason(errno: SystemError.currentErrno))") }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what: String
            switch type {
            case S_IFDIR: what = "a folder"
            case S_IFIFO: what = "a FIFO"
            case S_IFCHR, S_IFBLK: what = "a device"
            case S_IFSOCK: what = "a socket"
            default: what = "not a regular file"
            }
            return .refused("it is \(what), not a regular file")
        }
        guard info.st_size <= limit else { return .refused("it is \(info.st_size) bytes, more than the \(limit) a state file may have") }
        do {
            guard let bytes = try readAll(fd, path: path, limit: limit) else {
                return .refused("it grew past \(limit) bytes while being read")
            }
            return .bytes(bytes)
        } catch {
            return .refused("cannot read it: \(error.reason)")
        }
    }

    /// Reads `fd` to its end; nil when it holds more than `limit` bytes.
    private static func readAll(_ fd: Int32, path: String, limit: Int) throws(SystemError) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { b in SystemCall.retryingEINTR { systemRead(fd, b.baseAddress, b.count) } }
            if n < 0 { throw SystemError("read", path: path) }
            if n == 0 { break }
            if n > limit - out.count { return nil }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    /// Creates a directory and its parents (mode 0755) when missing.
    public static func makeDirectory(_ path: String) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw SystemError("mkdir", path: prefix)
            }
            prefix += "/"
        }
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
private let systemRead = Darwin.read
#endif
