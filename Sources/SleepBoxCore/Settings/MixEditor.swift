/// A mix being made or edited on the box: a draft, the row the knob is on and the field it
/// changes. Nothing reaches the saved mixes until the "Save" row is pressed.
///
/// Rows: the three layers, the name, "Save", and "Delete" for a mix saved before. A press on a
/// layer opens its sound (the knob walks "none" and the sounds a mix can play, those of the
/// other layers left out: a sound twice would only be louder), a press there opens its level
/// (-40 ... 0 dB in steps of 2, the value picker), a press there closes it. Choosing "none" takes
/// the layer out. An open field is a level of its own in the pages (the editor below it as it was),
/// so holding the knob there leaves the draft as it was.
public struct MixEditor: Sendable, Equatable {
    /// The editor's rows, top to bottom.
    public enum Row: Int, Sendable, CaseIterable {
        case layer1, layer2, layer3, name, save, delete
    }

    /// What a turn changes while a row is open.
    public enum Field: Sendable, Equatable {
        /// The layer's sound: an index into `choices(for:among:)` (0 is "none").
        case sound(Int)
        /// The layer's level: the value picker on `OwnerMix.levelRange` in steps of `OwnerMix.levelStep`.
        case level(ValuePicker)
        /// The name: an index into `nameChoices` (0 is the numbered name).
        case name
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

    /// The rows shown: "Delete" only for a saved mix.
    public var rows: [Row] { isSaved ? Row.allCases : Row.allCases.filter { $0 != .delete } }

    /// The layer a row edits (0 ... 2), or nil.
    public var layerIndex: Int? {
        switch row {
        case .layer1: return 0
        case .layer2: return 1
        case .layer3: return 2
        default: return nil
        }
    }

    /// What the sound field offers for layer `index`: nil ("none"), then every sound in `sounds`
    /// not taken by another layer.
    public func choices(for index: Int, among sounds: [ItemID]) -> [ItemID?] {
        let others = Set(draft.layers.enumerated().filter { $0.offset != index }.map(\.element.sound))
        return [nil] + sounds.filter { !others.contains($0) }.map { Optional($0) }
    }

    /// A turn of `steps` on the open field, or between rows; `sounds` are the library's sounds a
    /// layer may play, in library order. Lists stop at their ends.
    public mutating func turn(_ steps: Int, sounds: [ItemID]) {
        switch field {
        case nil:
            let shown = rows
            let i = shown.firstIndex(of: row) ?? 0
            row = shown[min(max(0, i + steps), shown.count - 1)]
        case .sound(let i)?:
            guard let layer = layerIndex else { return }
            let count = choices(for: layer, among: sounds).count
            field = .sound(min(max(0, i + steps), count - 1))
        case .level?:
            // A level is turned with the picker (`turnLevel`), which speeds up on a fast turn.
            break
        case .name?:
            let i = Self.nameChoices.firstIndex(of: draft.name) ?? 0
            draft.name = Self.nameChoices[min(max(0, i + steps), Self.nameChoices.count - 1)]
        }
    }

    /// The open level's picker turned `detents` at `uptime`; the layer takes its level.
    public mutating func turnLevel(_ detents: Int, at uptime: Double) {
        guard case .level(var picker)? = field, let layer = layerIndex, draft.layers.indices.contains(layer) else { return }
        picker.turn(detents, at: uptime)
        draft.layers[layer].levelDB = picker.value
        field = .level(picker)
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

    /// A press: opens the row's field, takes the sound and opens its level, or closes the field.
    /// Returns `.save` on the "Save" row, `.delete` on the "Delete" row.
    public mutating func press(sounds: [ItemID]) -> PressOutcome {
        switch field {
        case nil:
            switch row {
            case .layer1, .layer2, .layer3:
                // An empty row below the last layer stands for the next one.
                let layer = min(layerIndex ?? 0, draft.layers.count)
                row = Row(rawValue: layer) ?? row
                let current = draft.layers.indices.contains(layer) ? draft.layers[layer].sound : nil
                field = .sound(choices(for: layer, among: sounds).firstIndex(of: current) ?? 0)
                return .opened
            case .name:
                field = .name
                return .opened
            case .save: return .save
            case .delete: return .delete
            }
        case .sound(let i)?:
            guard let layer = layerIndex else { field = nil; return .closed }
            let offered = choices(for: layer, among: sounds)
            let chosen = offered.indices.contains(i) ? offered[i] : nil
            guard let sound = chosen else {
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
            let next = (layerIndex ?? 0) + 1
            row = next < OwnerMix.maximumLayers ? (Row(rawValue: next) ?? .name) : .name
        case .name?:
            field = nil
            row = .save
        }
        return .closed
    }
}
