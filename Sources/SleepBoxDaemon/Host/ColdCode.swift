#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The program's start-up code, given back once the box is up.
///
/// The daemon is one statically linked program (the Swift runtime, Foundation and its ICU data
/// inside): starting it, reading the configuration and the content library and rendering the
/// library's speech touch some 19 MiB of its code and read-only data, of which about 9 MiB are
/// used again while it plays (measured: docs/performance.md, "The program's start-up pages"). The
/// kernel would drop the rest under memory pressure, but until then it counts against the box's
/// 512 MB and, on a Pi Zero 2 W, against the natural voice's synthesiser. `release` asks the
/// kernel to reclaim the program's code pages now (`madvise(MADV_PAGEOUT)` on its own
/// read-and-execute mapping only: no data, no library another process shares); the pages still in
/// use come back from the file at their next use.
public enum ColdCode {
    /// Reclaims the pages of this program's read-and-execute mappings; returns the bytes advised,
    /// or nil when the kernel refused (before Linux 5.4) or the mappings could not be read.
    @discardableResult
    public static func release() -> Int? {
        guard let program = executablePath(), let maps = readMaps() else { return nil }
        var advised = 0
        for mapping in codeMappings(maps: maps, program: program) {
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            let length = mapping.end - mapping.start
            if sleepbox_madvise_pageout(address, Int(length)) != 0 { return nil }
            advised += Int(length)
        }
        return advised
    }

    /// The `r-xp` mappings of `program` in `/proc/self/maps` text.
    static func codeMappings(maps: String, program: String) -> [(start: UInt, end: UInt)] {
        var found: [(start: UInt, end: UInt)] = []
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1] == "r-xp",
                  fields[5].trimmingPrefix(while: { $0 == " " }) == program else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  end > start else { continue }
            found.append((start, end))
        }
        return found
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func readMaps() -> String? {
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// When to release the start-up code (`ColdCode`): once the box has started, and again after the
/// library's speech has been rendered ahead, each time only while nothing sounds and nothing is
/// rendered, so no sound waits for a page read back from the SD card.
public struct ColdCodeSchedule: Sendable, Equatable {
    /// Seconds after the start before the first release: the start-up work is done by then.
    public static let settleSeconds = 5.0
    /// Whether a release is due when the box is next quiet.
    public private(set) var pending = true
    private var startedAt: Double?
    private var wasRendering = false

    public init() {}

    /// True when the code should be released now (the caller then releases it). `uptime`: the
    /// monotonic clock; `quiet`: nothing sounds; `rendering`: the library's speech is being rendered.
    public mutating func isDue(uptime: Double, quiet: Bool, rendering: Bool) -> Bool {
        if startedAt == nil { startedAt = uptime }
        if wasRendering && !rendering { pending = true }
        wasRendering = rendering
        guard pending, quiet, !rendering, let start = startedAt, uptime - start >= Self.settleSeconds else { return false }
        pending = false
        return true
    }
}
