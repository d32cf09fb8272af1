import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

/// An exclusive lock on a state folder (`flock` on `<folder>/lock`), held for the life of the
/// process, so that two daemons never share one state file and one control socket. The kernel
/// drops the lock when the process ends, however it ends.
public final class StateDirectoryLock {
    /// The lock file's path.
    public let path: String
    private let fd: Int32

    /// Why the lock was not taken.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var path: String
        /// The process that holds the lock, when it wrote its id.
        public var holder: Int32?
        /// The call that failed, when the lock is not simply held by another process.
        public var cause: SystemError?

        public var description: String {
            if let cause {
                return "cannot lock \(path): \(cause)"
            }
            let who = holder.map { " (process \($0))" } ?? ""
            return "another sleepbox\(who) is running with this state folder (\(path) is locked); stop it first, or give this one another --state-dir"
        }

        /// Held by another daemon: try again once it has stopped; else the lock file cannot be made.
        public var exitStatus: ExitStatus { cause == nil ? .tempFail : .cantCreate }
    }

    /// Takes the lock on `directory` without waiting, and writes this process's id into it. On a
    /// folder that cannot be written (read-only), a lock file already there is still locked, read
    /// only, so that a second daemon is kept out all the same.
    public init(directory: String) throws(Failure) {
        let path = directory + "/lock"
        var fd = SystemCall.retryingEINTR { open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644) }
        if fd < 0, [EROFS, EACCES, EPERM].contains(errno) {
            let first = SystemError("open", path: path)
            fd = SystemCall.retryingEINTR { open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            guard fd >= 0 else { throw Failure(path: path, cause: first) }
        }
        guard fd >= 0 else { throw Failure(path: path, cause: SystemError("open", path: path)) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(path: path, cause: SystemError("fstat", errno: EINVAL, path: path))
        }
        if SystemCall.retryingEINTR({ flock(fd, LOCK_EX | LOCK_NB) }) != 0 {
            let error = SystemError("flock", path: path)
            let holder = Self.holder(fd)
            close(fd)
            throw error.errno == EWOULDBLOCK ? Failure(path: path, holder: holder) : Failure(path: path, cause: error)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// The process id written in the lock file, if it reads as one.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
