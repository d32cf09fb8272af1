#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The free space the speech cache leaves on the state filesystem for the state file and the
/// history: a cache may be rebuilt, a lost alarm or night may not. A quarter of the filesystem,
/// at least 1 MiB and at most 64 MiB (a 2 MB tmpfs keeps 1 MiB free, a 64 MB one 16 MiB, an SD
/// card 64 MiB).
public struct SpaceReserve: Sendable, Equatable {
    /// Bytes an unprivileged process may still write on the filesystem, and its size.
    public struct Reading: Sendable, Equatable {
        public var availableBytes: Int
        public var filesystemBytes: Int
        public init(availableBytes: Int, filesystemBytes: Int) {
            self.availableBytes = availableBytes
            self.filesystemBytes = filesystemBytes
        }
    }

    /// Reads the free space of the filesystem holding a path; nil when it cannot be read.
    public typealias Reader = @Sendable (String) -> Reading?

    public static let smallest = 1 << 20
    public static let largest = 64 << 20

    /// The bytes kept free on a filesystem of `filesystemBytes`.
    public static func bytes(filesystemBytes: Int) -> Int {
        min(largest, max(smallest, filesystemBytes / 4))
    }

    /// statvfs(3): `f_bavail` and `f_blocks` blocks of `f_frsize` bytes.
    public static let statvfsReader: Reader = { path in
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        let block = Int(info.f_frsize)
        return Reading(availableBytes: Int(info.f_bavail) * block, filesystemBytes: Int(info.f_blocks) * block)
    }

    /// The reading this was computed from.
    public var reading: Reading
    /// The bytes to keep free there.
    public var reserveBytes: Int { Self.bytes(filesystemBytes: reading.filesystemBytes) }

    public init(reading: Reading) { self.reading = reading }

    /// Bytes to free before `adding` more can be written without cutting into the reserve (0:
    /// there is room).
    public func shortfall(adding: Int) -> Int {
        max(0, reserveBytes + adding - reading.availableBytes)
    }

    /// "keeps 16 MiB free on the state filesystem for the state and the history (40.2 MiB free now)".
    public var summary: String {
        func mib(_ b: Int) -> String {
            let m = Double(b) / 1_048_576
            return m >= 10 ? "\(Int(m.rounded())) MiB" : "\((m * 10).rounded() / 10) MiB"
        }
        return "keeps \(mib(reserveBytes)) free on the state filesystem for the state and the history (\(mib(reading.availableBytes)) free now)"
    }
}
