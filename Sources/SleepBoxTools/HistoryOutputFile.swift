import Foundation
import SleepBoxSystem

/// A file `history export --out` or `history chart --png` writes: checked before anything is read
/// and written whole or not at all (a temporary file beside it, renamed over it at the end).
///
/// Refused, with the reason: anything in the box's state folder (state.json, history.db and its
/// -wal and -shm, the lock, the caches: the box's own), a file that is the same file as one there
/// (a hard link), an SQLite database anywhere, and anything that exists and is not a regular
/// file (a folder, a FIFO, a device, a socket, a symbolic link): none is replaced or opened.
public final class HistoryOutputFile {
    public let path: String
    private let temporary: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var failure: String?

    /// Why `path` may not be written (nil when it may).
    public static func refusal(_ path: String, stateDirectory: String) -> String? {
        let name = (path as NSString).lastPathComponent
        let parent = (path as NSString).deletingLastPathComponent
        let folder = realpath(parent.isEmpty ? "." : parent)
        let state = realpath(stateDirectory)
        if let folder, let state, folder == state {
            return "\(path) is in the box's state folder (\(stateDirectory)), whose files are the box's own: write elsewhere"
        }
        var target = stat()
        guard lstat(path, &target) == 0 else { return nil }
        guard target.st_mode & S_IFMT == S_IFREG else {
            return "\(path) exists and is not a regular file (\(kind(target.st_mode))): it is not replaced"
        }
        if let state, let entries = try? FileManager.default.contentsOfDirectory(atPath: state) {
            for entry in entries {
                var own = stat()
                if lstat(state + "/" + entry, &own) == 0, own.st_dev == target.st_dev, own.st_ino == target.st_ino {
                    return "\(path) is the box's \(entry) (the same file, another name): it is not replaced"
                }
            }
        }
        if let head = try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 16),
           head == Data("SQLite format 3\0".utf8) {
            return "\(path) is an SQLite database (\(name)): it is not replaced; name a new file"
        }
        return nil
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    private static func realpath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Checks `path` and opens the temporary file beside it.
    public init(_ path: String, stateDirectory: String) throws(HistoryToolError) {
        if let refusal = HistoryOutputFile.refusal(path, stateDirectory: stateDirectory) {
            throw HistoryToolError("cannot write \(path): \(refusal)", .cantCreate)
        }
        self.path = path
        let parent = (path as NSString).deletingLastPathComponent
        temporary = (parent.isEmpty ? "" : parent + "/") + "." + (path as NSString).lastPathComponent
            + ".tmp-" + String(getpid())
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw HistoryToolError("cannot write \(path): \(String(cString: strerror(errno)))", .cantCreate)
        }
    }

    deinit {
        if fd >= 0 {
            close(fd)
            unlink(temporary)
        }
    }

    /// Adds `text` (written out in blocks of 64 KB).
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 65_536 { flush() }
    }

    /// Adds `bytes`.
    public func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 65_536 { flush() }
    }

    private func flush() {
        guard failure == nil else { buffer.removeAll(); return }
        var written = 0
        buffer.withUnsafeBytes { raw in
            while written < raw.count, let base = raw.baseAddress {
                let n = Glibc.write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes out the rest, syncs and renames the file over `path`.
    public func finish() throws(HistoryToolError) {
        flush()
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        fd = -1
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw HistoryToolError("cannot write \(path): \(failure)", .cantCreate)
        }
    }
}
