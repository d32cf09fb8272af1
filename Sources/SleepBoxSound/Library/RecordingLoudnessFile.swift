import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxSystem

/// The measured loudness of the recordings, kept in the state folder (`recording-loudness.tsv`),
/// so a recording is decoded and measured once, not at every start: one line per recording, its
/// key (path, size and modification time: a changed file is measured again) after the integrated
/// loudness, the loudness range and the true peak, tab-separated. A line that cannot be read is
/// skipped (its recording is measured again); the file is written whole and atomically.
public struct RecordingLoudnessFile: Sendable {
    /// The file.
    public let path: String

    public static let name = "recording-loudness.tsv"

    public init(stateDirectory: String) {
        path = stateDirectory + "/" + Self.name
    }

    /// What the file holds, by key; empty when it is not there or cannot be read.
    public func load() -> [String: Loudness] {
        guard let bytes = try? AtomicFile.read(path) else { return [:] }
        var out: [String: Loudness] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let integrated = Double(fields[0]), let range = Double(fields[1]),
                  let peak = Double(fields[2]), fields[3].hasPrefix("audio:") else { continue }
            out[String(fields[3])] = Loudness(integrated: integrated, range: range, peak: peak)
        }
        return out
    }

    /// Replaces the file with `entries` (keys with a tab or a line break in them are left out).
    public func save(_ entries: [String: Loudness], logger: Logger) {
        let lines = entries.keys.sorted().compactMap { key -> String? in
            guard let l = entries[key], !key.contains("\t"), !key.contains("\n") else { return nil }
            return "\(l.integrated)\t\(l.range)\t\(l.peak)\t\(key)\n"
        }
        do {
            try AtomicFile.write(Array(lines.joined().utf8), to: path)
        } catch {
            logger.warning("cannot keep the recordings' loudness: \(error)")
        }
    }
}
