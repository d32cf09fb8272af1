#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the box reads a file it is given: the configuration, a board profile, content
/// items, mixes, recordings' sidecars, simulator scripts, the state file and the files kept beside
/// it. Only a regular file of at most a stated size is read: the path is opened with `O_NONBLOCK`
/// (a FIFO never waits for a writer), `fstat(2)` must say `S_IFREG` before the first `read(2)`
/// (`/dev/zero`, `/dev/urandom`, a FIFO, a socket or a folder are refused), and the read stops at
/// the limit (a file that grows while it is read is refused too).
public enum RegularFile {
    /// Why a file was not read.
    public enum Failure: Error, Sendable, Hashable {
        /// open(2) failed (`ENOENT`: nothing is there; `ELOOP`: a link where none is followed, or
        /// a loop of links).
        case cannotOpen(SystemError)
        /// fstat(2) or read(2) failed.
        case cannotRead(SystemError)
        /// Something other than a regular file: "a folder", "a FIFO", "a device", "a socket".
        case notRegular(String)
        /// Larger than the limit, by fstat(2)'s size.
        case tooLarge(size: Int64, limit: Int)
        /// Grew past the limit while it was read.
        case grew(limit: Int)

        /// The errno of a failed call; nil when the file was refused for what it is.
        public var errno: Int32? {
            switch self {
            case .cannotOpen(let error), .cannotRead(let error): return error.errno
            case .notRegular, .tooLarge, .grew: return nil
            }
        }

        /// The reason in words: "No such file or directory", "it is a FIFO, not a regular file",
        /// "it is 5000000 bytes, more than the 1048576 it may have".
        public var reason: String {
            switch self {
            case .cannotOpen(let error), .cannotRead(let error): return error.reason
            case .notRegular(let what): return "it is \(what), not a regular file"
            case .tooLarge(let size, let limit): return "it is \(size) bytes, more than the \(limit) it may have"
            case .grew(let limit): return "it grew past \(limit) bytes while it was read"
            }
        }
    }

    /// The whole file at `path`, when it is a regular file of at most `limit` bytes.
    /// `followingLinks: false` refuses a symbolic link (`O_NOFOLLOW`): for the box's own files,
    /// which it never writes as links.
    public static func read(_ path: String, limit: Int, followingLinks: Bool = true) -> Result<[UInt8], Failure> {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let fd = SystemCall.retryingEINTR { open(path, flags) }
        guard fd >= 0 else { return .failure(.cannotOpen(SystemError("open", path: path))) }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.cannotRead(SystemError("fstat", path: path))) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            switch type {
            case S_IFDIR: return .failure(.notRegular("a folder"))
            case S_IFIFO: return .failure(.notRegular("a FIFO"))
            case S_IFCHR, S_IFBLK: return .failure(.notRegular("a device"))
            case S_IFSOCK: return .failure(.notRegular("a socket"))
            default: return .failure(.notRegular("not a file"))
            }
        }
        guard Int64(info.st_size) <= Int64(limit) else { return .failure(.tooLarge(size: Int64(info.st_size), limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingEINTR { systemRead(fd, buffer.baseAddress, buffer.count) }
            }
            guard count >= 0 else { return .failure(.cannotRead(SystemError("read", path: path))) }
            if count == 0 { return .success(bytes) }
            guard count <= limit - bytes.count else { return .failure(.grew(limit: limit)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// read(2), under a name that does not clash with `read` here.
    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #else
        return -1
        #endif
    }
}
