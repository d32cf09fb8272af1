#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The program's start-up code, given back once the box is up and again once an item plays.
///
/// The daemon is one statically linked program (the Swift runtime, Foundation and its ICU data
/// inside): starting it, reading the configuration and the content library, rendering the
/// library's speech and starting an item touch some 19 MiB of its code and read-only data, of
/// which a small part is used again while it plays (measured: docs/performance.md, section 9). The
/// kernel would drop the rest under memory pressure, but until then it counts against the box's
/// 512 MB and, on a Pi Zero 2 W, against the natural voice's synthesiser. `release` asks the
/// kernel to reclaim the program's code pages now (`madvise(MADV_PAGEOUT)` on its own
/// read-and-execute mappings), `releaseFileData` its read-only data pages (only those still the
/// file's: nothing the process wrote, no library another process shares); the pages still in use
/// come back from the file at their next use.
public enum ColdCode {
    /// The program's code mappings (start, end, offset in the file) and its path, read once: they
    /// do not move while the process runs.
    static let program: (path: String, mappings: [Mapping], data: [Mapping])? = {
        guard let path = executablePath(), let maps = readMaps() else { return nil }
        return (path, codeMappings(maps: maps, program: path), codeMappings(maps: maps, program: path, code: false))
    }()

    /// Bytes of the program's code mappings (0 when they could not be read).
    public static var codeBytes: Int { program?.mappings.reduce(0) { $0 + Int($1.end - $1.start) } ?? 0 }

    /// Reclaims the pages of this program's read-and-execute mappings; returns the bytes advised,
    /// or nil when the kernel refused (before Linux 5.4) or the mappings could not be read.
    @discardableResult
    public static func release() -> Int? { release(from: 0, length: Int.max) }

    /// Reclaims the code pages from `offset` bytes into the program's code mappings (counted
    /// across them in order) for `length` bytes: the whole code at once while nothing sounds, a
    /// slice at a time while something does, so the pages still in use come back a few at a time.
    /// Each range is also marked for page-by-page reading (`MADV_RANDOM`: no read-around, where
    /// the kernel honours it for code, before Linux 6.16) and its now unmapped pages are dropped
    /// from the page cache (`POSIX_FADV_DONTNEED`), so a page used again does not bring back the
    /// start-up pages around it (the kernel maps up to 16 cached neighbours at each fault). Returns
    /// the bytes advised (0 past the end), or nil when the kernel refused.
    @discardableResult
    public static func release(from offset: Int, length: Int) -> Int? {
        guard let program else { return nil }
        let fd = open(program.path, O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        var advised = 0
        var skipped = 0
        var remaining = length
        for mapping in program.mappings where remaining > 0 {
            let size = Int(mapping.end - mapping.start)
            let from = max(0, offset - skipped)
            skipped += size
            guard from < size else { continue }
            let count = min(size - from, remaining)
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start + UInt(from)) else { continue }
            _ = sleepbox_madvise_random(address, count)
            if sleepbox_madvise_pageout(address, count) != 0 { return nil }
            if fd >= 0 { _ = posix_fadvise(fd, off_t(mapping.fileOffset) + off_t(from), off_t(count), Int32(POSIX_FADV_DONTNEED)) }
            advised += count
            remaining -= count
        }
        return advised
    }

    /// Reclaims the pages of the program's other mappings that are still the file's own (present
    /// and not written to: the read-only data Foundation's ICU tables are in, which this program's
    /// link puts in its writable segment), found page by page in `/proc/self/pagemap`; pages the
    /// process has written are left alone (reclaiming them would mean swapping). Returns the bytes
    /// advised, or nil when the kernel refused or the mappings could not be read.
    @discardableResult
    public static func releaseFileData() -> Int? {
        guard let program else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        guard page > 0, pagemap >= 0 else { return nil }
        defer { close(pagemap) }
        let fd = open(program.path, O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        var advised = 0
        for mapping in program.data {
            let pages = Int(mapping.end - mapping.start) / page
            var entries = [UInt64](repeating: 0, count: pages)
            let want = pages * 8
            let got = entries.withUnsafeMutableBytes { pread(pagemap, $0.baseAddress, want, off_t(Int(mapping.start) / page * 8)) }
            guard got == want else { continue }
            var i = 0
            while i < pages {
                guard Self.isFilePage(entries[i]) else { i += 1; continue }
                var j = i
                while j < pages, Self.isFilePage(entries[j]) { j += 1 }
                let from = i * page, count = (j - i) * page
                guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start + UInt(from)) else { break }
                if sleepbox_madvise_pageout(address, count) != 0 { return nil }
                if fd >= 0 { _ = posix_fadvise(fd, off_t(mapping.fileOffset) + off_t(from), off_t(count), Int32(POSIX_FADV_DONTNEED)) }
                advised += count
                i = j
            }
        }
        return advised
    }

    /// A pagemap entry of a page present in memory that is a page of the file (bit 63 present,
    /// bit 61 file page or shared; not an anonymous copy the process wrote).
    static func isFilePage(_ entry: UInt64) -> Bool { entry & (1 << 63) != 0 && entry & (1 << 61) != 0 }

    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var fileOffset: UInt
    }

    /// The `r-xp` mappings of `program` in `/proc/self/maps` text (with `code` false: its other
    /// private mappings).
    static func codeMappings(maps: String, program: String, code: Bool = true) -> [Mapping] {
        var found: [Mapping] = []
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, code ? fields[1] == "r-xp" : fields[1] != "r-xp" && fields[1].hasSuffix("p"),
                  fields[5].trimmingPrefix(while: { $0 == " " }) == program else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  end > start, let fileOffset = UInt(fields[2], radix: 16) else { continue }
            found.append(Mapping(start: start, end: end, fileOffset: fileOffset))
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

/// When to give the program's code back (`ColdCode`): once the box has started, and again after
/// the library's speech has been rendered ahead, the whole code at once while nothing sounds and
/// nothing is rendered; and once in each stretch of sound, when it has played long enough for the
/// item's start (its program, its first clips, its screens) to be done, a slice a second, so what
/// the playing uses comes back a few pages at a time (on a Pi, a page read from the SD card takes
/// about a millisecond; the sound device holds 100 ms).
public struct ColdCodeSchedule: Sendable, Equatable {
    /// Seconds after the start before the first release: the start-up work is done by then.
    public static let settleSeconds = 5.0
    /// Seconds of sound before the code is given back while playing.
    public static let playingSettleSeconds = 15.0
    /// Bytes of code given back at each check (once a second) while something sounds.
    public static let sliceBytes = 2 << 20

    public enum Action: Sendable, Equatable {
        case none
        /// The whole code, now.
        case all
        /// `length` bytes from `offset` into the code; `first`: the first slice of this stretch.
        case slice(offset: Int, length: Int, first: Bool)
    }

    /// Whether a release is due when the box is next quiet.
    public private(set) var pending = true
    private var startedAt: Double?
    private var wasRendering = false
    private var soundingSince: Double?
    private var nextSlice = 0
    private var givenBackWhileSounding = false

    public init() {}

    /// What to release now (the caller then releases it). `uptime`: the monotonic clock; `quiet`:
    /// nothing sounds; `rendering`: the library's speech is being rendered; `codeBytes`: the size
    /// of the program's code (`ColdCode.codeBytes`).
    public mutating func next(uptime: Double, quiet: Bool, rendering: Bool, codeBytes: Int) -> Action {
        if startedAt == nil { startedAt = uptime }
        if wasRendering && !rendering { pending = true }
        wasRendering = rendering
        guard let start = startedAt else { return .none }
        if quiet {
            soundingSince = nil
            nextSlice = 0
            givenBackWhileSounding = false
            guard pending, !rendering, uptime - start >= Self.settleSeconds else { return .none }
            pending = false
            return .all
        }
        let since = soundingSince ?? uptime
        soundingSince = since
        guard !givenBackWhileSounding, !rendering, uptime - since >= Self.playingSettleSeconds else { return .none }
        guard nextSlice < codeBytes else {
            givenBackWhileSounding = true
            pending = false
            return .none
        }
        let offset = nextSlice
        nextSlice += Self.sliceBytes
        return .slice(offset: offset, length: Self.sliceBytes, first: offset == 0)
    }
}
