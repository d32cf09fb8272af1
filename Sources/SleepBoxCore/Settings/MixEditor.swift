/// A mix being made or edited on the box: a draft, the row the knob is on and the field it
/// changes. Nothing reaches the saved mixes until the "Save" row is pressed.
///
/// Rows: the layers (those in the draft and, while there is room, one empty row for the next,
/// up to `OwnerMix.maximumLayers`), the name, "Save", and "Delete" for a mix saved before. Every
/// field is set with the one `ValuePicker`: a press on a layer opens its sound (a choice among
/// "none" and the sounds a mix can play, those of the other layers left out: a sound twice would
/// only be louder), a press there takes the sound and opens its level (-40 ... 0 dB in steps of
/// 2), a press there closes it; a press on the name opens the names (a choice), a press there
/// takes the name. Choosing "none" takes the layer out. An open field is a level of its own in
/// the pages (the editor below it as it was), so holding the knob there leaves the draft as it was.
public struct MixEditor: Sendable, Equatable {
    /// The editor's rows, top to bottom.
    public enum Row: Int, Sendable, CaseIterable {
        case layer1, layer2, layer3, layer4, layer5, layer6, name, save, delete

        /// The row of layer `index` (0 ...), nil past the last.
        static func layer(_ index: Int) -> Row? {
            (0..<OwnerMix.maximumLayers).contains(index) ? Row(rawValue: index) : nil
        }
    }

    /// What a turn changes while a row is open: each a `ValuePicker`.
    public enum Field: Sendable, Equatable {
        /// The layer's sound: a choice among `choices(for:among:)` (0 is "none").
        case sound(ValuePicker)
        /// The layer's level: a number in `OwnerMix.levelRange` in steps of `OwnerMix.levelStep`.
        case level(ValuePicker)
        /// The name: a choice among `nameChoices` (0 is the numbered name).
        case name(ValuePicker)

        var picker: ValuePicker {
            switch self {
            case .sound(let p), .level(let p), .name(let p): return p
            }
        }

        func with(_ picker: ValuePicker) -> Field {
            switch self {
            case .sound: return .sound(picker)
            case .level: return .level(picker)
            case .name: return .name(picker)
            }
        }
    }

    public var draft: OwnerMix
    /// True when the draft is a mix saved before (it has a "Delete" row).
    public var isSaved: Bool
    public var row: Row
    /// nil: turning moves between rows.
    public var field: Field?
    /// Uptime of the last detent.
    public var lastTurn: Double?

    public init(draft: OwnerMix, isSaved: Bool, row: Row = .layer1, field: Field? = nil, lastTurn: Double? = nil) {
        self.draft = draft
        self.isSaved = isSaved
        self.row = row
        self.field = field
        self.lastTurn = lastTurn
    }

    /// The names offered: the numbered one (nil), then `OwnerMix.names`.
    public static let nameChoices: [String?] = [nil] + OwnerMix.names.map { Optional($0) }

    /// The level a new layer comes in at: the first at full level, the others under it.
    static func newLevel(layer: Int) -> Int { layer == 0 ? 0 : -10 }

    /// The rows shown: the layers and one empty layer while there is room, the name, "Save", and
    /// "Delete" only for a saved mix.
    public var rows: [Row] {
        let layers = (0..<min(draft.layers.count + 1, OwnerMix.maximumLayers)).compactMap(Row.layer)
        return layers + (isSaved ? [.name, .save, .delete] : [.name, .save])
    }

    /// The layer a row edits (0 ..< `OwnerMix.maximumLayers`), or nil.
    public var layerIndex: Int? {
        row.rawValue < OwnerMix.maximumLayers ? row.rawValue : nil
    }

    /// The picker for layer `index`'s sound, at `current` (nil: "none").
    func soundPicker(for index: Int, current: ItemID?, among sounds: [ItemID]) -> ValuePicker {
        let offered = choices(for: index, among: sounds)
        return .choice(offered.firstIndex(of: current) ?? 0, count: offered.count)
    }

    /// The picker for the name, at the draft's.
    var namePicker: ValuePicker {
        .choice(Self.nameChoices.firstIndex(of: draft.name) ?? 0, count: Self.nameChoices.count)
    }

    /// The sound the open sound field is on (nil: "none", or no sound field open).
    public func pickedSound(among sounds: [ItemID]) -> ItemID? {
        guard case .sound(let picker)? = field, let layer = layerIndex else { return nil }
        let offered = choices(for: layer, among: sounds)
        return offered.indices.contains(picker.index) ? offered[picker.index] : nil
    }

    /// The name the open name field is on, else the draft's.
    public var pickedName: String? {
        guard case .name(let picker)? = field else { return draft.name }
        return Self.nameChoices.indices.contains(picker.index) ? Self.nameChoices[picker.index] : nil
    }

    /// What the sound field offers for layer `index`: nil ("none"), then every sound in `sounds`
    /// not taken by another layer.
    public func choices(for index: Int, among sounds: [ItemID]) -> [ItemID?] {
        let others = Set(draft.layers.enumerated().filter { $0.offset != index }.map(\.element.sound))
        return [nil] + sounds.filter { !others.contains($0) }.map { Optional($0) }
    }

    /// A turn of `detents` at `uptime`: the open field's picker moves (faster on a fast turn;
    /// a level is taken into the draft as it moves, so it is heard), or the row moves.
    /// Lists stop at their ends.
    public mutating func turn(_ detents: Int, at uptime: Double) {
        guard var picker = field?.picker else {
            let shown = rows
            let i = shown.firstIndex(of: row) ?? 0
            row = shown[min(max(0, i + detents), shown.count - 1)]
            return
        }
        picker.turn(detents, at: uptime)
        if case .level? = field, let layer = layerIndex, draft.layers.indices.contains(layer) {
            draft.layers[layer].levelDB = picker.value
        }
        field = field?.with(picker)
    }

    /// The picker for a layer's level `db`.
    public static func levelPicker(_ db: Int) -> ValuePicker {
        .number(db, in: OwnerMix.levelRange, step: OwnerMix.levelStep)
    }

    /// True while a level is open.
    public var isLevelOpen: Bool {
        if case .level? = field { return true }
        return false
    }

    /// What a press asks of the box besides moving in the editor.
    public enum PressOutcome: Sendable, Equatable {
        /// Stays on the editor, or on the open field (the sound, then its level).
        case none
        /// A field opened: a level of its own over the editor as it was.
        case opened
        /// The field closed, its value in the draft: back to the editor.
        case closed
        case save, delete
    }

    /// A press: opens the row's field, takes the sound and opens its level, closes the level,
    /// or takes the name. Returns `.save` on the "Save" row, `.delete` on the "Delete" row.
    public mutating func press(sounds: [ItemID]) -> PressOutcome {
        switch field {
        case nil:
            switch row {
            case .name:
                field = .name(namePicker)
                return .opened
            case .save: return .save
            case .delete: return .delete
            default:
                // An empty row below the last layer stands for the next one.
                let layer = min(layerIndex ?? 0, draft.layers.count)
                row = Row.layer(layer) ?? row
                let current = draft.layers.indices.contains(layer) ? draft.layers[layer].sound : nil
                field = .sound(soundPicker(for: layer, current: current, among: sounds))
                return .opened
            }
        case .sound?:
            guard let layer = layerIndex else { field = nil; return .closed }
            guard let sound = pickedSound(among: sounds) else {
                // "None": the layer goes, the ones below move up.
                if draft.layers.indices.contains(layer) { draft.layers.remove(at: layer) }
                field = nil
                return .closed
            }
            if draft.layers.indices.contains(layer) {
                draft.layers[layer].sound = sound
            } else {
                draft.layers.append(OwnerMix.Layer(sound: sound, levelDB: Self.newLevel(layer: draft.layers.count)))
            }
            field = .level(Self.levelPicker(draft.layers[min(layer, draft.layers.count - 1)].levelDB))
            return .none
        case .level?:
            field = nil
            // On to the next layer while there is room, else to the name.
            row = Row.layer((layerIndex ?? 0) + 1) ?? .name
        case .name?:
            draft.name = pickedName
            field = nil
            row = .save
        }
        return .closed
    }
}
