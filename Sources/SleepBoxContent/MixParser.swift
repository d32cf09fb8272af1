import SleepBoxCore
import SleepBoxTOML

/// Reads mixes (`mixes/<id>.toml`) by docs/content.md ("Mix"). A layer with an error (a level out
/// of range, no `sound`, a seventh layer) is reported with its line and left out; the mix keeps
/// its other layers; so is a layer whose sound an earlier layer plays already. Whether each layer's item exists is checked against the library
/// (`ContentLibrary`), which reports a missing one the same way.
public enum MixParser {
    /// A mix while it is read.
    struct Draft {
        var title: String?
        var description: String?
        var length: Double?
        var layerTables: [TOMLValue] = []
    }

    /// A `[[layer]]` while it is read.
    struct LayerDraft {
        var sound: String?
        var levelDB: Double = 0
    }

    static let keys = TOMLSection<Draft>("", place: "in a mix", keys: [
        .itemTitle(into: \.title),
        .ambientKind("a mix"),
        .itemDescription(into: \.description),
        .itemLength(into: \.length),
        TOMLKey("layer", missing: .item("layer", "[[layer]] tables, each with sound = \"ambient-rain\"")) { reader, value, draft in
            draft.layerTables = reader.tables(value)
        },
        .itemAuthor,
    ])

    static let layerKeys = TOMLSection<LayerDraft>("layer", place: "in a [[layer]]", keys: [
        TOMLKey("sound", missing: .item("sound", "\"ambient-rain\"")) { reader, value, draft in
            draft.sound = reader.text(value, what: "\"ambient-rain\" (the id of an ambient item or a recording)", nonBlank: true)
        },
        TOMLKey("level_db") { reader, value, draft in
            let range = TOMLRange(MixItem.levelRange.lowerBound, MixItem.levelRange.upperBound, unit: "dB")
            if let level = reader.number(value, range) { draft.levelDB = level }
        },
    ])

    /// Reads and parses the file at `path`.
    public static func parse(fileAt path: String) throws(ContentError) -> MixItem {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path`.
    public static func parse(text: String, path: String) throws(ContentError) -> MixItem {
        var reader = try TOMLReader.item(text: text, path: path)
        var draft = Draft()
        reader.read(TOMLSchema(top: keys, unknownKeys: .ignored), into: &draft)
        guard !reader.hasErrors, let title = draft.title, let length = draft.length else {
            throw ContentError(reader.issues)
        }
        var layers: [MixItem.Layer] = []
        for (index, table) in draft.layerTables.enumerated() {
            let errors = reader.issues.count { $0.severity == .error }
            var layer = LayerDraft()
            reader.read(table, layerKeys, into: &layer)
            let line = reader.line(of: table.path + ["sound"]) ?? reader.line(of: table.path)
            if index >= MixItem.maximumLayers {
                reader.report(table.path, "a mix has at most \(MixItem.maximumLayers) layers: this one is left out")
                continue
            }
            guard reader.issues.count(where: { $0.severity == .error }) == errors, let sound = layer.sound else {
                reader.report(table.path, "this layer is left out (the mix plays its other layers)", severity: .note)
                continue
            }
            if let first = layers.firstIndex(where: { $0.sound == sound }) {
                let place = layers[first].line.map { " (line \($0))" } ?? ""
                reader.report(table.path + ["sound"], "\"\(sound)\" is already layer \(first + 1) of this mix\(place): "
                              + "each sound plays once in a mix; this layer is left out")
                continue
            }
            layers.append(MixItem.Layer(sound: sound, levelDB: layer.levelDB, line: line))
        }
        if draft.layerTables.count > 0, layers.isEmpty {
            reader.report([], "no layer of this mix can play: fix the layers above", severity: .error)
            throw ContentError(reader.issues)
        }
        return MixItem(path: path, title: title, description: draft.description, length: length, layers: layers,
                       warnings: reader.sortedIssues)
    }
}
