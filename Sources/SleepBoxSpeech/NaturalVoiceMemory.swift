import SleepBoxSystem

/// Whether this machine has the memory for the natural voice's process, decided from
/// `/proc/meminfo` (`MemoryInfo`) before the process is started.
///
/// The process peaks near `voicePeakBytes` while it speaks the longest stretch of the bundled
/// library (it speaks in bounded pieces: docs/performance.md, "The natural voice's memory"). It is
/// started when the machine has at least `minimumTotalBytes` in all and `voicePeakBytes` plus
/// `headroomBytes` available now; otherwise not: the package's pre-rendered speech still plays in
/// the natural voice (reading a file needs no voice), and espeak-ng reads what it lacks (the
/// owner's own items). A Pi Zero 2 W (512 MB) has too little; a Pi 3 (1 GB) enough. When the file
/// cannot be read, the voice is started (the check must never cost a box that could afford it).
public struct NaturalVoiceMemory: Sendable, Equatable {
    /// The voice process's peak budget: 300 MiB.
    public static let voicePeakBytes = 300 << 20
    /// What must stay free beside it for the box, the page cache and the system: 64 MiB.
    public static let headroomBytes = 64 << 20
    /// The least memory a board must have in all: twice the voice's peak, 600 MiB.
    public static let minimumTotalBytes = 2 * voicePeakBytes

    /// Whether the voice may be started.
    public var affordable: Bool
    /// What was found and what follows, for the log and `sleepbox doctor`.
    public var summary: String

    public init(affordable: Bool, summary: String) {
        self.affordable = affordable
        self.summary = summary
    }

    /// The verdict for `reading` (`MemoryInfo.read()`).
    public static func check(_ reading: Result<MemoryInfo, MemoryInfo.Failure>) -> NaturalVoiceMemory {
        switch reading {
        case .failure(let failure):
            return NaturalVoiceMemory(affordable: true, summary: "the memory could not be read (\(failure)); the natural voice is started anyway")
        case .success(let info):
            let has = "MemTotal \(mib(info.totalBytes)), MemAvailable \(mib(info.availableBytes))"
            let needs = "the natural voice's process needs \(mib(voicePeakBytes + headroomBytes)) available "
                + "on a board of at least \(mib(minimumTotalBytes))"
            guard info.totalBytes >= minimumTotalBytes, info.availableBytes >= voicePeakBytes + headroomBytes else {
                return NaturalVoiceMemory(affordable: false, summary: "\(has): too little memory for the natural voice (\(needs)); "
                    + "the pre-rendered speech of sleepbox-speech still plays in the natural voice, espeak-ng reads the rest "
                    + "(your own items)")
            }
            return NaturalVoiceMemory(affordable: true, summary: "\(has): enough for the natural voice (\(needs))")
        }
    }

    /// The verdict for this machine (`path`: tests give a file of their own).
    public static func check(path: String = MemoryInfo.procPath) -> NaturalVoiceMemory {
        check(MemoryInfo.read(path: path))
    }

    static func mib(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }
}
