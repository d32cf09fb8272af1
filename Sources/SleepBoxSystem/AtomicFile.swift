import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that survive a power cut: a temporary file beside the target, fsync, rename over the
/// target, fsync of the directory.
public enum AtomicFile {
    /// Replaces `path` with `bytes` atomically and durably; the file gets `mode` (0644 unless said).
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
        let dir = directory(of: path)
        // A name of its own per write: two writers (a save in flight and the last one on exit)
        // never share a temporary file.
        let temp = path + ".tmp-\(getpid())-\(AtomicFile.nextSerial())"
        let fd = SystemCall.retryingEINTR { open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
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

    /// The whole file when it is a regular file of at most `limit` bytes; nil when it is not there,
    /// or is refused (`readRegularFile`): for small files the box keeps beside its state, read
    /// again from scratch when they are not usable.
    public static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard case .bytes(let bytes) = readRegularFile(path, limit: limit) else { return nil }
        return bytes
    }

    /// The file at `path` when it is a regular file (not a symbolic link, FIFO, device, socket or
    /// folder) of at most `limit` bytes. Never blocks: a FIFO is opened with O_NONBLOCK and
    /// refused after fstat, before any read.
    public static func readRegularFile(_ path: String, limit: Int) -> Contents {
        switch RegularFile.read(path, limit: limit, followingLinks: false) {
        case .success(let bytes): return .bytes(bytes)
        case .failure(.cannotOpen(let error)) where error.errno == ENOENT: return .missing
        case .failure(.cannotOpen(let error)) where error.errno == ELOOP: return .refused("it is a symbolic link, not a regular file")
        case .failure(.cannotOpen(let error)): return .refused("cannot open it: \(error.reason)")
        case .failure(.cannotRead(let error)): return .refused("cannot read it: \(error.reason)")
        case .failure(.tooLarge(let size, _)): return .refused("it is \(size) bytes, more than the \(limit) a state file may have")
        case .failure(.grew): return .refused("it grew past \(limit) bytes while being read")
        case .failure(let failure): return .refused(failure.reason)
        }
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
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
