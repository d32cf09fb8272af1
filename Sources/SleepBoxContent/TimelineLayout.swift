import SleepBoxTOML
import SleepBoxAudio
import SleepBoxSystem

/// Checks a timeline's timing once it is known how long each text lasts: that nothing overlaps
/// (segments, interjection windows with their longest option, the breathing phase, the end) and
/// that speech keeps 5 seconds clear of the bells. `content check` runs it with estimated lengths,
/// `ProgramBuilder` with the measured clips. Everything is in frames after `start_delay`.
struct TimelineLayout {
    /// The timeline.
    let timeline: Timeline
    /// The rate the frames count at.
    let format: AudioFormat
    /// The frames of each segment (speech and its markers), in `timeline.segments` order.
    let segmentFrames: [Int]
    /// The frames of each option of each interjection.
    let optionFrames: [[Int]]
    /// True when the frames come from rendered clips, false for estimates (changes the wording).
    let isMeasured: Bool

    /// How far bells should stay from speech.
    static let bellClearanceSeconds = 5.0

    /// Something that takes time on the timeline.
    private struct Block {
        var name: String
        var line: Int?
        var start: Int
        var end: Int
        /// "lasts about 1m32s" / "can end as late as 2m38s" ..., for messages.
        var extent: String
        var isSpeech: Bool
    }

    /// Overlaps (errors) and bell clearance (warnings), in time order.
    func issues() -> [FileIssue] {
        var issues: [FileIssue] = []
        let blocks = self.blocks().sorted { $0.start < $1.start }
        let end = format.frames(timeline.length)
        var latest: Block?
        for block in blocks {
            if let previous = latest, previous.end > block.start {
                issues.append(error(previous, "\(previous.name) \(previous.extent), so it ends at \(time(previous.end)), after \(block.name) begins at \(time(block.start)): shorten the text or move the later part (leave a few seconds of room: voices differ in speed)"))
            }
            if latest.map({ block.end > $0.end }) ?? true { latest = block }
        }
        if let last = latest, last.end > end {
            let lineText = timeline.lengthLine.map { ", line \($0)" } ?? ""
            issues.append(error(last, "\(last.name) \(last.extent), so it ends at \(time(last.end)), after the end of the item (length = \"\(DurationText.format(timeline.length))\"\(lineText)): shorten the text, start it earlier or make length longer"))
        }
        issues += bellWarnings(blocks)
        return issues
    }

    private func blocks() -> [Block] {
        var blocks: [Block] = []
        let about = isMeasured ? "" : "about "
        let voice = isMeasured ? " with this voice" : ""
        for (index, segment) in timeline.segments.enumerated() {
            let start = format.frames(segment.at)
            let frames = index < segmentFrames.count ? segmentFrames[index] : 0
            blocks.append(Block(name: "the segment at \(DurationText.format(segment.at))\(lineText(segment.line))",
                                line: segment.line, start: start, end: start + frames,
                                extent: "lasts \(about)\(time(frames))\(voice)", isSpeech: true))
        }
        for (index, interjection) in timeline.interjections.enumerated() {
            let longest = (index < optionFrames.count ? optionFrames[index].max() : nil) ?? 0
            let start = format.frames(interjection.from)
            let end = format.frames(interjection.to) + longest
            blocks.append(Block(name: "the interjection from \(DurationText.format(interjection.from)) to \(DurationText.format(interjection.to))\(lineText(interjection.line))",
                                line: interjection.line, start: start, end: end,
                                extent: "has an option lasting \(about)\(time(longest))\(voice)", isSpeech: true))
        }
        if let breathing = timeline.breathing {
            blocks.append(Block(name: "the breathing phase from \(DurationText.format(breathing.startsAt)) to \(DurationText.format(breathing.endsAt))\(lineText(breathing.line))",
                                line: breathing.line, start: format.frames(breathing.startsAt),
                                end: format.frames(breathing.endsAt),
                                extent: "lasts \(time(format.frames(breathing.totalSeconds)))", isSpeech: false))
        }
        return blocks
    }

    private func bellWarnings(_ blocks: [Block]) -> [FileIssue] {
        var bells: [(time: Double, name: String)] = timeline.intervalBellTimes.map { ($0, "the interval bell") }
        if timeline.endBell { bells.append((timeline.length, "the end bell")) }
        let clearance = format.frames(Self.bellClearanceSeconds)
        var issues: [FileIssue] = []
        for block in blocks where block.isSpeech {
            for bell in bells {
                let frame = format.frames(bell.time)
                guard frame >= block.start - clearance, frame <= block.end + clearance else { continue }
                issues.append(FileIssue(.warning, path: timeline.path, line: block.line,
                                           message: "\(bell.name) at \(DurationText.format(bell.time)) rings within \(Int(Self.bellClearanceSeconds)) seconds of \(block.name), which runs from \(time(block.start)) to \(time(block.end))\(isMeasured ? "" : " (estimated)"): keep speech at least \(Int(Self.bellClearanceSeconds)) seconds clear of the bells"))
            }
        }
        return issues
    }

    private func error(_ block: Block, _ message: String) -> FileIssue {
        FileIssue(.error, path: timeline.path, line: block.line, message: message)
    }

    private func time(_ frames: Int) -> String { DurationText.format(format.seconds(frames)) }

    private func lineText(_ line: Int?) -> String { line.map { " (line \($0))" } ?? "" }
}
