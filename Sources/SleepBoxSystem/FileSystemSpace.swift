#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Space on the file system that holds a path.
public enum FileSystemSpace {
    /// Bytes an unprivileged process may still write on the file system of `path` (`statvfs`'s
    /// `f_bavail` blocks of `f_frsize` bytes).
    public static func available(at path: String) throws(SystemError) -> Int64 {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw SystemError("statvfs", path: path) }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
