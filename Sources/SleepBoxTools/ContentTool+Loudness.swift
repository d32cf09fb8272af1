import Foundation
import SleepBoxAudio
import SleepBoxContent

extension ContentTool {
    /// `content check --loudness`: each playable item's loudness (EBU R128: integrated, range,
    /// true peak) as the box plays it, and the voice's words a minute; one line each, after a
    /// line naming the target. Speech not cached yet is rendered. `raw` measures the items as
    /// they are made, without the box's levelling (load the tool with `levelled: false` too, so
    /// the speech is rendered anew rather than read from the levelled cache).
    public func loudness(file: String?, raw: Bool) -> [String] {
        loudness(files: file.map { [$0] }, raw: raw)
    }

    /// As `loudness(file:raw:)`, for the items in `files` (every item when nil).
    public func loudness(files: [String]?, raw: Bool) -> [String] {
        let format = format
        let builder = ProgramBuilder(speech: content.renderer, languageVoices: content.languageRenderers, format: format,
                                     loudness: raw ? nil : content.loudness, logger: Self.quietLogger,
                                     // Recordings measured as the box plays them: decoded at its rate.
                                     openAudio: ProgramBuilder.fileOpener(format: format))
        var lines = ["target: \(raw ? "none (--raw)" : String(format: "%.1f LUFS", content.loudness.target)), peaks under -1 dBTP"]
        let only = files.map { Set($0.map { URL(fileURLWithPath: $0).standardizedFileURL.path }) }
        for entry in content.library.entries where entry.item.isAvailable && (only == nil || only?.contains(entry.path) == true) {
            do { lines.append(try ItemLoudnessReport.measure(entry, builder: builder).line) } catch {
                lines.append("\(entry.id): cannot measure: \(error)")
            }
        }
        return lines
    }
}
