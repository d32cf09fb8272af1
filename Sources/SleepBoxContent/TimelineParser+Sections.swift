import SleepBoxCore
import SleepBoxTOML
import SleepBoxSystem

/// The tables of a timeline: `[[segment]]`, `[[interjection]]` and `[breathing]`, each read into
/// its draft and checked against the item's length once the whole file was read.
extension TimelineParser {
    /// A `[[segment]]` while it is read.
    struct SegmentDraft {
        var path: [String]
        var at: Double?
        var text: String?
        var parts: [ScriptPart]?

        /// The segment, when everything in it was right.
        func segment(_ reader: inout TOMLReader, length: Double?) -> TimelineSegment? {
            checkBeforeEnd(&reader, path + ["at"], at, length: length)
            guard let at, let text, let parts else { return nil }
            return TimelineSegment(at: at, text: text, parts: parts, line: reader.line(of: path))
        }
    }

    static let segmentKeys = TOMLSection<SegmentDraft>("segment", place: "in a [[segment]]", keys: [
        TOMLKey("at", missing: .item("at", "\"0s\"")) { reader, value, draft in draft.at = reader.duration(value, example: "0s") },
        TOMLKey("text", missing: .item("text", "\"Words to say. (2s) More words.\"")) { reader, value, draft in
            draft.text = reader.text(value, what: "\"Words to say. (2s) More words.\"", nonBlank: true)
            if let text = draft.text { draft.parts = spoken(&reader, text, value.path) }
        },
    ])

    /// An `[[interjection]]` while it is read.
    struct InterjectionDraft {
        var path: [String]
        var from: Double?
        var to: Double?
        var options: [TimelineInterjection.Option]?

        /// The interjection, when everything in it was right.
        func interjection(_ reader: inout TOMLReader, length: Double?) -> TimelineInterjection? {
            checkBeforeEnd(&reader, path + ["to"], to, length: length)
            if let from, let to, to < from {
                reader.report(path + ["to"], "\(DurationText.format(to)) is before from (\(DurationText.format(from))): the window runs from from to to")
            }
            guard let from, let to, let options, to >= from else { return nil }
            return TimelineInterjection(from: from, to: to, options: options, line: reader.line(of: path))
        }
    }

    static let interjectionKeys = TOMLSection<InterjectionDraft>("interjection", place: "in an [[interjection]]", keys: [
        TOMLKey("from", missing: .item("from", "\"2m\"")) { reader, value, draft in draft.from = reader.duration(value, example: "2m") },
        TOMLKey("to", missing: .item("to", "\"2m30s\"")) { reader, value, draft in draft.to = reader.duration(value, example: "2m30s") },
        TOMLKey("options", missing: .item("options", optionsExample)) { reader, value, draft in
            guard let texts = reader.strings(value, expected: "a list of strings such as \(optionsExample)") else { return }
            var options: [TimelineInterjection.Option] = []
            var isValid = true
            if texts.isEmpty {
                reader.report(value.path, "the list is empty: give at least one text to choose from")
                isValid = false
            }
            for (n, text) in texts.enumerated() {
                if let parts = spoken(&reader, text, value.path, entry: n + 1) {
                    options.append(.init(text: text, parts: parts))
                } else {
                    isValid = false
                }
            }
            draft.options = isValid ? options : nil
        },
    ])

    private static let optionsExample = "[\"One reminder.\", \"Another reminder.\"]"
    private static let patternExample = "[\"inhale 4\", \"hold 7\", \"exhale 8\", \"rest 1\"]"

    /// `[breathing]` while it is read.
    struct BreathingDraft {
        var pattern: [BreathStep]?
        var cycles: Int?
        var startsAt: Double?
        var countAloud = false

        /// The breathing phase, when everything in it was right and it ends before the item.
        func breathing(_ reader: inout TOMLReader, length: Double?) -> TimelineBreathing? {
            guard let pattern, let cycles, let startsAt else { return nil }
            let breathing = TimelineBreathing(pattern: pattern, cycles: cycles, startsAt: startsAt, countAloud: countAloud,
                                              line: reader.line(of: ["breathing"]))
            if let length, breathing.endsAt > length {
                reader.report(["breathing"], "the breathing phase ends at \(DurationText.format(breathing.endsAt)) (starts_at \(DurationText.format(startsAt)) + \(cycles) cycles of \(DurationText.format(breathing.cycleSeconds))), after the end of the item (length = \"\(DurationText.format(length))\"): use fewer cycles or make length longer")
            }
            return breathing
        }
    }

    /// "0.5 to 30 s": `BreathStep.secondsRange` in words.
    static var stepSecondsText: String {
        "\(DurationText.format(BreathStep.secondsRange.lowerBound)) to \(DurationText.format(BreathStep.secondsRange.upperBound))"
    }

    static let breathingKeys = TOMLSection<BreathingDraft>("breathing", place: "in [breathing]", keys: [
        TOMLKey("pattern", missing: .item("pattern", patternExample)) { reader, value, draft in
            guard let texts = reader.strings(value, expected: "a list of strings such as \(patternExample)") else { return }
            var pattern: [BreathStep] = []
            var isValid = true
            for (n, text) in texts.enumerated() {
                if let step = BreathStep(text: text) {
                    pattern.append(step)
                } else {
                    reader.report(value.path, "\"\(text)\" is not a step: write inhale, hold, exhale or rest and the seconds (\(Self.stepSecondsText)), e.g. \"hold 7\" or \"exhale 6.5\"",
                                  entry: n + 1)
                    isValid = false
                }
            }
            if texts.isEmpty {
                reader.report(value.path, "the list is empty: give one cycle, e.g. [\"inhale 4\", \"exhale 8\"]")
                isValid = false
            }
            draft.pattern = isValid ? pattern : nil
        },
        TOMLKey("cycles", missing: .item("cycles", "12")) { reader, value, draft in
            draft.cycles = reader.integer(value, TOMLRange(1...10_000), expected: "a whole number such as 12")
        },
        TOMLKey("starts_at", missing: .item("starts_at", "\"1m30s\"")) { reader, value, draft in
            draft.startsAt = reader.duration(value, example: "1m30s")
        },
        TOMLKey("count_aloud") { reader, value, draft in draft.countAloud = reader.bool(value) ?? false },
    ])
}
