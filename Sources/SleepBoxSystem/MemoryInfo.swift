/// The memory the machine has, as `/proc/meminfo` says it: what there is in all (`MemTotal`) and
/// what can be had now without swapping (`MemAvailable`, which counts the page cache the kernel
/// can drop; `MemFree` on kernels older than 3.14, which lack it).
public struct MemoryInfo: Sendable, Equatable {
    /// "/proc/meminfo".
    public static let procPath = "/proc/meminfo"
    /// The largest file read: 64 KiB (the kernel's is about 1.5 KiB).
    public static let sizeLimit = 64 * 1024

    /// `MemTotal`, in bytes.
    public var totalBytes: Int
    /// `MemAvailable` (else `MemFree`), in bytes.
    public var availableBytes: Int

    public init(totalBytes: Int, availableBytes: Int) {
        self.totalBytes = totalBytes
        self.availableBytes = availableBytes
    }

    /// Why the file could not be used.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// It could not be read (missing, not a regular file, too large).
        case unreadable(path: String, reason: String)
        /// A field is missing or not a number of kB.
        case missing(path: String, field: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): return "\(path): \(reason)"
            case .missing(let path, let field): return "\(path): no \(field) line in kB"
            }
        }
    }

    /// Reads `path` (a regular file of at most `sizeLimit` bytes: tests give a file of their own).
    public static func read(path: String = procPath) -> Result<MemoryInfo, Failure> {
        switch RegularFile.read(path, limit: sizeLimit) {
        case .failure(let error): return .failure(.unreadable(path: path, reason: "\(error)"))
        case .success(let bytes): return parse(String(decoding: bytes, as: UTF8.self), path: path)
        }
    }

    /// The fields of `text` in `/proc/meminfo`'s format (`MemTotal:  948304 kB`, one a line).
    public static func parse(_ text: String, path: String = procPath) -> Result<MemoryInfo, Failure> {
        var kilobytes: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let halves = line.split(separator: ":", maxSplits: 1)
            guard halves.count == 2 else { continue }
            let words = halves[1].split(separator: " ")
            // Capped far above any machine: the product below must not overflow.
            guard words.count == 2, words[1] == "kB", let value = Int(words[0]), value >= 0, value < 1 << 40 else { continue }
            kilobytes[String(halves[0])] = value
        }
        guard let total = kilobytes["MemTotal"] else { return .failure(.missing(path: path, field: "MemTotal")) }
        guard let available = kilobytes["MemAvailable"] ?? kilobytes["MemFree"] else {
            return .failure(.missing(path: path, field: "MemAvailable"))
        }
        return .success(MemoryInfo(totalBytes: total * 1024, availableBytes: available * 1024))
    }
}
