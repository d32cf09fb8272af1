#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

/// Checks, before a long run, that the files and folders it will write can be written: a night
/// simulated for minutes must not fail only at its end, and a folder named by a regular file
/// must not pass as "0 PNG".
enum OutputCheck {
    /// Why an output cannot be written, naming the option and the path.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var option: String
        var path: String
        var reason: String
        var description: String { "\(option) \(path): \(reason)" }
    }

    /// The folder `path` (made when missing) takes new files.
    static func folder(_ path: String, option: String) throws(Failure) {
        if let kind = kind(of: path), kind != S_IFDIR {
            throw Failure(option: option, path: path, reason: "\(name(kind)), not a folder")
        }
        do { try AtomicFile.makeDirectory(path) } catch {
            throw Failure(option: option, path: path, reason: "the folder cannot be made (\(error.reason))")
        }
        try probe(folder: path, option: option, path: path)
    }

    /// A file can be written at `path`: nothing but a regular file is there, and its folder exists
    /// and takes new files.
    static func file(_ path: String, option: String) throws(Failure) {
        if let kind = kind(of: path), kind != S_IFREG {
            throw Failure(option: option, path: path, reason: "\(name(kind)), not a file")
        }
        let folder = AtomicFile.directory(of: path)
        guard kind(of: folder) == S_IFDIR else {
            throw Failure(option: option, path: path, reason: "its folder \(folder) does not exist")
        }
        try probe(folder: folder, option: option, path: path)
    }

    /// Creates and removes a file in `folder`: what access(2) says is not what root may do on a
    /// read-only filesystem.
    private static func probe(folder: String, option: String, path: String) throws(Failure) {
        let probe = folder + "/.sleepbox-write-check-\(getpid())"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw Failure(option: option, path: path, reason: "cannot write in \(folder) (\(SystemError.reason(errno: errno)))")
        }
        close(fd)
        unlink(probe)
    }

    /// The file type at `path` (following a symbolic link), nil when nothing is there.
    private static func kind(of path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    private static func name(_ kind: mode_t) -> String {
        switch kind {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }
}
