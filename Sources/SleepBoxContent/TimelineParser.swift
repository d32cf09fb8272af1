import SleepBoxTOML
import SleepBoxCore
import SleepBoxSystem

/// Reads guided timelines (`<id>.timeline.toml`), breathing timelines included, by
/// docs/content.md ("Guided timeline"). Errors name the file and the line of the key and say what
/// to do; all errors of a file are reported together.
///
/// What needs the length of speech (that nothing overlaps, that bells are clear of speech) is
/// not checked here but by `TimelineLayout`, with estimated lengths in `content check` and with
/// the measured clips when a program is built.
public enum TimelineParser {
    /// A timeline while it is read.
    struct Draft {
        var title: String?
        var kind: ContentKind?
        var author: String?
        var description: String?
        var narrator: String?
        var language = "en"
        var length: Double?
        var startDelay: Double = 0
        var endBell = false
        var bellInterval: Double?
        var segments: [SegmentDraft] = []
        var interjections: [InterjectionDraft] = []
        var breathing: BreathingDraft?
        /// `series`, `part` and `category` as written, with their key paths: checked together
        /// once the whole file is read (the part's range depends on the series, the category on
        /// the kind).
        var series: (text: String, path: [String])?
        var part: (number: Int, path: [String])?
        var partPath: [String]?
        var category: (text: String, path: [String])?
    }

    /// The keys known at the top of the file.
    static let keys = TOMLSection<Draft>("", place: "in a timeline", keys: [
        TOMLKey("title", missing: .item("title", "\"The name shown on the display\"")) { reader, value, draft in
            draft.title = reader.text(value, what: "\"The name shown on the display\"", nonBlank: true)
        },
        TOMLKey("kind", missing: .item("kind", "\"meditation\" or \"breathing\""), read: kind),
        TOMLKey("author", missing: .item("author", "\"sleepbox\" or your name")) { reader, value, draft in
            draft.author = reader.text(value, what: "\"sleepbox\" or your name", nonBlank: true)
        },
        TOMLKey("description") { reader, value, draft in draft.description = reader.text(value, what: "\"One sentence.\"") },
        TOMLKey("narrator") { reader, value, draft in draft.narrator = reader.text(value, what: "\"calm female\"") },
        TOMLKey("language") { reader, value, draft in
            guard let text = reader.text(value, what: "\"en\"") else { return }
            draft.language = text
            if !SpeechTiming.builtInLanguages.contains(SpeechTiming.languageCode(text)) {
                reader.report(value.path, "\"\(text)\": the bundled voices read \(SpeechTiming.builtInLanguages.joined(separator: " and ")) only; a voice for \(text) must be installed",
                              severity: .note)
            }
        },
        TOMLKey("length", missing: .item("length", "\"12m\"")) { reader, value, draft in
            draft.length = reader.duration(value, example: "12m")
            if let length = draft.length, length <= 0 {
                reader.report(value.path, "must be more than 0s: how long the item lasts after start_delay, e.g. \"12m\"")
            }
        },
        TOMLKey("start_delay") { reader, value, draft in draft.startDelay = reader.duration(value, example: "3s") ?? 0 },
        TOMLKey("end_bell") { reader, value, draft in draft.endBell = reader.bool(value) ?? false },
        TOMLKey("bell_interval") { reader, value, draft in
            draft.bellInterval = reader.duration(value, example: "3m")
            if let interval = draft.bellInterval, interval <= 0 {
                reader.report(value.path, "must be more than 0s, e.g. \"3m\"; remove the key for no interval bells")
            } else if let interval = draft.bellInterval, interval < Timeline.shortestBellInterval {
                reader.report(value.path, "must be at least \(DurationText.format(Timeline.shortestBellInterval)) (bells closer together ring over each other), e.g. \"3m\"; remove the key for no interval bells")
            }
        },
        TOMLKey("series") { reader, value, draft in
            draft.series = reader.text(value, what: "\"reactivity\"", nonBlank: true).map { ($0, value.path) }
        },
        TOMLKey("part") { reader, value, draft in
            draft.partPath = value.path
            // The range depends on the series: checked with it, after the whole file is read.
            if let number = value.int {
                draft.part = (number, value.path)
            } else {
                _ = reader.integer(value, TOMLRange(1...1), expected: "a whole number from 1, the item's place in its series")
            }
        },
        TOMLKey("category") { reader, value, draft in
            draft.category = reader.text(value, what: "\"fiction\"", nonBlank: true).map { ($0, value.path) }
        },
        TOMLKey("segment") { reader, value, draft in
            for entry in reader.tables(value) {
                var segment = SegmentDraft(path: entry.path)
                reader.read(entry, segmentKeys, into: &segment)
                draft.segments.append(segment)
            }
        },
        TOMLKey("interjection") { reader, value, draft in
            for entry in reader.tables(value) {
                var interjection = InterjectionDraft(path: entry.path)
                reader.read(entry, interjectionKeys, into: &interjection)
                draft.interjections.append(interjection)
            }
        },
        TOMLKey("breathing") { reader, value, draft in
            guard let table = reader.table(value) else { return }
            var breathing = BreathingDraft()
            reader.read(table, breathingKeys, into: &breathing)
            draft.breathing = breathing
        },
    ])

    private static func kind(_ reader: inout TOMLReader, _ value: TOMLValue, _ draft: inout Draft) {
        let names = ScriptHeader.spokenKinds.map(\.rawValue).joined(separator: ", ")
        guard let kind = reader.choice(value, what: "\"meditation\" or \"breathing\"", noun: "kind", among: ScriptHeader.spokenKinds,
                                       listed: "a timeline is one of \(names), usually meditation or breathing") else { return }
        draft.kind = kind
    }

    /// Reads and parses the file at `path` (also the name used in messages).
    public static func parse(fileAt path: String) throws(ContentError) -> Timeline {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path` (the name is used in messages only).
    public static func parse(text: String, path: String) throws(ContentError) -> Timeline {
        var reader = try TOMLReader.item(text: text, path: path)
        var draft = Draft()
        reader.read(TOMLSchema(top: keys, unknownKeys: .ignored), into: &draft)

        let limit = draft.length.flatMap { $0 > 0 ? $0 : nil }
        let segments = draft.segments.compactMap { $0.segment(&reader, length: limit) }
        let interjections = draft.interjections.compactMap { $0.interjection(&reader, length: limit) }
        let breathing = draft.breathing?.breathing(&reader, length: limit)
        if segments.isEmpty, breathing == nil, reader.top["segment"] == nil, reader.top["breathing"] == nil {
            reader.report([], "a timeline needs at least one [[segment]] (at and text) or a [breathing] table")
        }

        let (series, category) = grouping(&reader, draft)

        guard !reader.hasErrors, let title = draft.title, let author = draft.author, let kind = draft.kind,
              let length = draft.length else {
            throw ContentError(reader.issues)
        }
        var timeline = Timeline(path: path, title: title, kind: kind, author: author, narrator: draft.narrator,
                                description: draft.description, language: draft.language, length: length,
                                startDelay: draft.startDelay, endBell: draft.endBell, bellInterval: draft.bellInterval,
                                segments: segments, interjections: interjections, breathing: breathing,
                                warnings: reader.sortedIssues)
        timeline.series = series
        timeline.category = category
        timeline.lengthLine = reader.line(of: ["length"])
        timeline.bellIntervalLine = reader.line(of: ["bell_interval"])
        timeline.endBellLine = reader.line(of: ["end_bell"])
        return timeline
    }

    /// `series` and `part` (both or neither, the part within the series) and `category` (a
    /// story's), each error on its key's line.
    static func grouping(_ reader: inout TOMLReader, _ draft: Draft) -> (SeriesPart?, StoryCategory?) {
        var category: StoryCategory?
        if let written = draft.category {
            let read = ItemGrouping.category(written.text, kind: draft.kind)
            category = read.category
            if let message = read.error { reader.report(written.path, message) }
        }
        if let message = ItemGrouping.pairing(hasSeries: draft.series != nil, hasPart: draft.partPath != nil) {
            reader.report(draft.series?.path ?? draft.partPath ?? [], message)
            return (nil, category)
        }
        guard let written = draft.series else { return (nil, category) }
        let series = ItemGrouping.series(written.text)
        if let message = series.error { reader.report(written.path, message) }
        guard let part = draft.part else { return (nil, category) }
        let checked = ItemGrouping.part(part.number, in: series.series, named: false)
        if let message = checked.error { reader.report(part.path, message) }
        guard let name = series.series, let number = checked.part else { return (nil, category) }
        return (SeriesPart(series: name, part: number), category)
    }

    /// Reports a time that is not before the end of the item.
    static func checkBeforeEnd(_ reader: inout TOMLReader, _ path: [String], _ time: Double?, length: Double?) {
        guard let time, let length, time >= length else { return }
        reader.report(path, "\(DurationText.format(time)) is not before the end of the item (length = \"\(DurationText.format(length))\"): move it earlier or make length longer")
    }

    /// The spoken text at `path` as parts, with errors for bad markers and empty text.
    static func spoken(_ reader: inout TOMLReader, _ text: String, _ path: [String], entry: Int? = nil) -> [ScriptPart]? {
        let result = ScriptParser.parseSpokenText(text, path: reader.path, line: reader.line(of: path) ?? 0)
        let entryText = entry.map { "entry \($0): " } ?? ""
        for issue in result.issues {
            reader.report(path, entryText + issue.message, severity: issue.severity)
        }
        guard result.issues.isEmpty else { return nil }
        guard result.parts.contains(where: { $0.text != nil }) else {
            reader.report(path, entryText + "there is nothing to say: write the words the voice should read")
            return nil
        }
        return result.parts
    }
}
