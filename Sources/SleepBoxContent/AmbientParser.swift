import SleepBoxAudio
import SleepBoxTOML

/// Reads ambient generator items (`ambient/<id>.toml`) by docs/content.md ("Ambient generator").
public enum AmbientParser {
    /// An item while it is read.
    struct Draft {
        var title: String?
        var description: String?
        var generator: GeneratorItem.Generator?
        var levelDB: Double = 0
        var length: Double?
        var state: BrainwaveTone.State?
        var statePath: [String]?
        var carrierHz: Double?
        var carrierPath: [String]?
        var explainedBy: [String] = []
    }

    /// The keys the box knows (`author` is accepted too, as in every other item).
    static let keys = TOMLSection<Draft>("", place: "in an ambient item", keys: [
        .itemTitle(into: \.title),
        .ambientKind("an ambient generator item"),
        .itemDescription(into: \.description),
        TOMLKey("generator", missing: .item("generator", "\"rain\"")) { reader, value, draft in
            draft.generator = reader.choice(value, what: "\"rain\"", noun: "generator", among: GeneratorItem.Generator.allCases)
        },
        TOMLKey("level_db") { reader, value, draft in
            let range = TOMLRange(GeneratorItem.levelRange.lowerBound, GeneratorItem.levelRange.upperBound, unit: "dB")
            if let level = reader.number(value, range) { draft.levelDB = level }
        },
        .itemLength(into: \.length),
        TOMLKey("state") { reader, value, draft in
            draft.statePath = value.path
            draft.state = reader.choice(value, what: "\"delta\"", noun: "state", among: BrainwaveTone.State.allCases)
        },
        TOMLKey("carrier_hz") { reader, value, draft in
            let range = TOMLRange(BrainwaveTone.carrierRange.lowerBound, BrainwaveTone.carrierRange.upperBound, unit: "Hz")
            draft.carrierPath = value.path
            if let hz = reader.number(value, range) { draft.carrierHz = hz }
        },
        TOMLKey("explained_by") { reader, value, draft in
            guard let ids = reader.strings(value, expected: "a list of item ids, e.g. [\"science-binaural-beats\"]") else { return }
            for (index, id) in ids.enumerated() {
                if let problem = ContentID.problem(with: id) {
                    reader.report(value.path, "\"\(id)\" is not an item id: \(problem)", entry: index + 1)
                }
            }
            draft.explainedBy = ids
        },
        .itemAuthor,
    ])

    /// Reads and parses the file at `path`.
    public static func parse(fileAt path: String) throws(ContentError) -> GeneratorItem {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path`.
    public static func parse(text: String, path: String) throws(ContentError) -> GeneratorItem {
        var reader = try TOMLReader.item(text: text, path: path)
        var draft = Draft()
        reader.read(TOMLSchema(top: keys, unknownKeys: .ignored), into: &draft)
        if let generator = draft.generator {
            if generator.toneStyle != nil, draft.state == nil, draft.statePath == nil {
                reader.report([], "a \(generator.rawValue) tone needs its state: state = \"delta\" (delta, theta, alpha, beta or gamma)")
            }
            if generator.toneStyle == nil, let path = draft.statePath ?? draft.carrierPath {
                reader.report(path, "only the tone generators (binaural, isochronic) take state and carrier_hz")
            }
        }
        guard !reader.hasErrors, let title = draft.title, let generator = draft.generator, let length = draft.length else {
            throw ContentError(reader.issues)
        }
        return GeneratorItem(path: path, title: title, description: draft.description, generator: generator,
                             levelDB: draft.levelDB, length: length, state: draft.state,
                             carrierHz: draft.carrierHz ?? BrainwaveTone.defaultCarrierHz, explainedBy: draft.explainedBy,
                             warnings: reader.sortedIssues)
    }
}
