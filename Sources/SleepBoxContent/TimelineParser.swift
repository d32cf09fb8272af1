import SleepBoxTOML
import SleepBoxCore
import TOMLKit

/// Reads guided timelines (`<id>.timeline.toml`), breathing timelines included, by
/// docs/content.md ("Guided timeline"). Errors name the file and the line of the key and say what
/// to do; all errors of a file are reported together.
///
/// What needs the length of speech (that nothing overlaps, that bells are clear of speech) is
/// not checked here but by `TimelineLayout`, with estimated lengths in `content check` and with
/// the measured clips when a program is built.
public enum TimelineParser {
    /// Keys known at the top of the file.
    public static let topLevelKeys = ["title", "kind", "author", "description", "narrator", "language", "length",
                                      "start_delay", "end_bell", "bell_interval", "segment", "interjection", "breathing"]
    /// Keys known in a `[[segment]]`.
    public static let segmentKeys = ["at", "text"]
    /// Keys known in an `[[interjection]]`.
    public static let interjectionKeys = ["from", "to", "options"]
    /// Keys known in `[breathing]`.
    public static let breathingKeys = ["pattern", "cycles", "starts_at", "count_aloud"]

    /// Reads and parses the file at `path` (also the name used in messages).
    public static func parse(fileAt path: String) throws(ContentError) -> Timeline {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path` (the name is used in messages only).
    public static func parse(text: String, path: String) throws(ContentError) -> Timeline {
        var reader = try TOMLItemReader(text: text, path: path)
        let root = reader.root
        reader.warnUnknownKeys(root, at: [], allowed: topLevelKeys, place: "in a timeline")

        let title = reader.string(root, "title", required: true, what: "\"The name shown on the display\"")
        let author = reader.string(root, "author", required: true, what: "\"sleepbox\" or your name")
        let kind = readKind(&reader)
        let description = reader.string(root, "description", what: "\"One sentence.\"")
        let narrator = reader.string(root, "narrator", what: "\"calm female\"")
        var language = "en"
        if let text = reader.string(root, "language", what: "\"en\"") {
            language = text
            if text != "en" {
                reader.add(.note, ["language"], "\"\(text)\": the bundled voices read en only; a voice for \(text) must be installed")
            }
        }
        let length = reader.duration(root, "length", required: true, example: "12m")
        if let length, length <= 0 {
            reader.error(["length"], "must be more than 0s: how long the item lasts after start_delay, e.g. \"12m\"")
        }
        let startDelay = reader.duration(root, "start_delay", example: "3s") ?? 0
        let endBell = reader.bool(root, "end_bell") ?? false
        let bellInterval = reader.duration(root, "bell_interval", example: "3m")
        if let bellInterval, bellInterval <= 0 {
            reader.error(["bell_interval"], "must be more than 0s, e.g. \"3m\"; remove the key for no interval bells")
        } else if let bellInterval, bellInterval < Timeline.shortestBellInterval {
            reader.error(["bell_interval"], "must be at least \(DurationText.format(Timeline.shortestBellInterval)) (bells closer together ring over each other), e.g. \"3m\"; remove the key for no interval bells")
        }
        let limit = length.flatMap { $0 > 0 ? $0 : nil }

        let segments = readSegments(&reader, length: limit)
        let interjections = readInterjections(&reader, length: limit)
        let breathing = readBreathing(&reader, length: limit)
        if segments.isEmpty, breathing == nil, root["segment"] == nil, root["breathing"] == nil {
            reader.error([], "a timeline needs at least one [[segment]] (at and text) or a [breathing] table")
        }

        guard !reader.hasErrors, let title, let author, let kind, let length else {
            throw ContentError(reader.issues)
        }
        var timeline = Timeline(path: path, title: title, kind: kind, author: author, narrator: narrator,
                                description: description, language: language, length: length,
                                startDelay: startDelay, endBell: endBell, bellInterval: bellInterval,
                                segments: segments, interjections: interjections, breathing: breathing,
                                warnings: reader.issues.sorted(by: ContentIssue.byLocation))
        timeline.lengthLine = reader.line(["length"])
        timeline.bellIntervalLine = reader.line(["bell_interval"])
        timeline.endBellLine = reader.line(["end_bell"])
        return timeline
    }

    private static func readKind(_ reader: inout TOMLItemReader) -> ContentKind? {
        let names = ScriptHeader.spokenKinds.map(\.rawValue)
        guard let text = reader.string(reader.root, "kind", required: true, what: "\"meditation\" or \"breathing\"") else {
            return nil
        }
        guard let kind = ContentKind(rawValue: text), ScriptHeader.spokenKinds.contains(kind) else {
            let message = Suggestion.appending(to: "unknown kind \"\(text)\"", for: text, among: names)
            reader.error(["kind"], message + " (a timeline is one of \(names.joined(separator: ", ")), usually meditation or breathing)")
            return nil
        }
        return kind
    }

    /// Checks that a time is before the end of the item.
    private static func checkBeforeEnd(_ reader: inout TOMLItemReader, _ keyPath: [String], _ time: Double?,
                                       length: Double?) {
        guard let time, let length, time >= length else { return }
        reader.error(keyPath, "\(DurationText.format(time)) is not before the end of the item (length = \"\(DurationText.format(length))\"): move it earlier or make length longer")
    }

    /// The spoken text at `keyPath` as parts, with errors for bad markers and empty text.
    private static func spoken(_ reader: inout TOMLItemReader, _ text: String, _ keyPath: [String],
                               entry: Int? = nil) -> [ScriptPart]? {
        let line = reader.line(keyPath) ?? 0
        let result = ScriptParser.parseSpokenText(text, path: reader.path, line: line)
        let entryText = entry.map { "entry \($0): " } ?? ""
        for issue in result.issues {
            reader.add(issue.severity, keyPath, entryText + issue.message)
        }
        guard result.issues.isEmpty else { return nil }
        guard result.parts.contains(where: { $0.text != nil }) else {
            reader.error(keyPath, entryText + "there is nothing to say: write the words the voice should read")
            return nil
        }
        return result.parts
    }

    private static func readSegments(_ reader: inout TOMLItemReader, length: Double?) -> [TimelineSegment] {
        var segments: [TimelineSegment] = []
        for (index, table) in reader.tableArray(reader.root, "segment").enumerated() {
            let prefix = ["segment", String(index)]
            reader.warnUnknownKeys(table, at: prefix, allowed: segmentKeys, place: "in a [[segment]]")
            let at = reader.duration(table, "at", at: prefix, required: true, example: "0s")
            checkBeforeEnd(&reader, prefix + ["at"], at, length: length)
            let text = reader.string(table, "text", at: prefix, required: true, what: "\"Words to say. (2s) More words.\"")
            var parts: [ScriptPart]?
            if let text { parts = spoken(&reader, text, prefix + ["text"]) }
            guard let at, let text, let parts else { continue }
            segments.append(TimelineSegment(at: at, text: text, parts: parts, line: reader.line(prefix)))
        }
        return segments
    }

    private static func readInterjections(_ reader: inout TOMLItemReader, length: Double?) -> [TimelineInterjection] {
        var interjections: [TimelineInterjection] = []
        for (index, table) in reader.tableArray(reader.root, "interjection").enumerated() {
            let prefix = ["interjection", String(index)]
            reader.warnUnknownKeys(table, at: prefix, allowed: interjectionKeys, place: "in an [[interjection]]")
            let from = reader.duration(table, "from", at: prefix, required: true, example: "2m")
            let to = reader.duration(table, "to", at: prefix, required: true, example: "2m30s")
            checkBeforeEnd(&reader, prefix + ["to"], to, length: length)
            if let from, let to, to < from {
                reader.error(prefix + ["to"], "\(DurationText.format(to)) is before from (\(DurationText.format(from))): the window runs from from to to")
            }
            let texts = reader.stringArray(table, "options", at: prefix, required: true,
                                           example: "[\"One reminder.\", \"Another reminder.\"]")
            var options: [TimelineInterjection.Option] = []
            var isValid = true
            if let texts {
                if texts.isEmpty {
                    reader.error(prefix + ["options"], "the list is empty: give at least one text to choose from")
                    isValid = false
                }
                for (n, text) in texts.enumerated() {
                    if let parts = spoken(&reader, text, prefix + ["options"], entry: n + 1) {
                        options.append(.init(text: text, parts: parts))
                    } else {
                        isValid = false
                    }
                }
            }
            guard let from, let to, texts != nil, isValid, to >= from else { continue }
            interjections.append(TimelineInterjection(from: from, to: to, options: options, line: reader.line(prefix)))
        }
        return interjections
    }

    private static func readBreathing(_ reader: inout TOMLItemReader, length: Double?) -> TimelineBreathing? {
        guard let table = reader.subtable(reader.root, "breathing") else { return nil }
        let prefix = ["breathing"]
        reader.warnUnknownKeys(table, at: prefix, allowed: breathingKeys, place: "in [breathing]")
        let texts = reader.stringArray(table, "pattern", at: prefix, required: true,
                                       example: "[\"inhale 4\", \"hold 7\", \"exhale 8\", \"rest 1\"]")
        var pattern: [BreathStep] = []
        var isValid = texts != nil
        for (n, text) in (texts ?? []).enumerated() {
            if let step = BreathStep(text: text) {
                pattern.append(step)
            } else {
                reader.error(prefix + ["pattern"], "entry \(n + 1): \"\(text)\" is not a step: write inhale, hold, exhale or rest and the seconds, e.g. \"hold 7\" or \"exhale 6.5\"")
                isValid = false
            }
        }
        if let texts, texts.isEmpty {
            reader.error(prefix + ["pattern"], "the list is empty: give one cycle, e.g. [\"inhale 4\", \"exhale 8\"]")
            isValid = false
        }
        let cycles = reader.integer(table, "cycles", at: prefix, required: true, range: 1...10_000, what: "12")
        let startsAt = reader.duration(table, "starts_at", at: prefix, required: true, example: "1m30s")
        let countAloud = reader.bool(table, "count_aloud", at: prefix) ?? false
        guard isValid, let cycles, let startsAt else { return nil }
        let breathing = TimelineBreathing(pattern: pattern, cycles: cycles, startsAt: startsAt, countAloud: countAloud,
                                          line: reader.line(prefix))
        if let length, breathing.endsAt > length {
            reader.error(prefix, "the breathing phase ends at \(DurationText.format(breathing.endsAt)) (starts_at \(DurationText.format(startsAt)) + \(cycles) cycles of \(DurationText.format(breathing.cycleSeconds))), after the end of the item (length = \"\(DurationText.format(length))\"): use fewer cycles or make length longer")
        }
        return breathing
    }
}
