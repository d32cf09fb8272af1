/// One owner setting's value being chosen with the value picker: its values as a list, the one
/// the knob is on selected; a press takes it and goes back to the list.
public struct ValuePage: Sendable, Equatable, PageBehaviour {
    /// The setting (`OwnerSetting.key`).
    public var key: String
    /// Where the knob is among the setting's values.
    public var picker: ValuePicker
    public var index: Int { picker.index }

    public init(key: String, index: Int, lastTurn: Double? = nil) {
        self.key = key
        picker = .choice(index, count: OwnerSetting.named(key)?.values.count ?? 1)
        picker.lastTurn = lastTurn
    }

    /// Opens on the value `config` holds (or the nearest of the values).
    init(_ setting: OwnerSetting, in config: BoxConfig) {
        let current = setting.value(in: config)
        self.init(key: setting.key, index: setting.values.firstIndex(of: current) ?? Self.nearestIndex(setting, current))
    }

    var page: Page { .value(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        guard let setting = OwnerSetting.named(key), setting.values.indices.contains(index) else {
            return .menu(MenuScreen(title: words(.settings), rows: [], selected: 0))
        }
        let rows = setting.values.map { MenuRow(kind: .category, label: setting.display($0, words)) }
        return .menu(MenuScreen(title: words(setting.label), rows: rows, selected: index))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        picker.turn(detents, at: now.uptime)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        guard let setting = OwnerSetting.named(key), setting.values.indices.contains(index), picker.press() else { return .stay }
        box.state.settings[key] = setting.values[index]
        box.applySettings()
        box.capVolumeAtNight(at: now, into: &out)
        return .back
    }

    static func nearestIndex(_ setting: OwnerSetting, _ value: String) -> Int {
        guard let n = Double(value) else { return 0 }
        return setting.values.indices.min { abs((Double(setting.values[$0]) ?? 0) - n) < abs((Double(setting.values[$1]) ?? 0) - n) } ?? 0
    }
}
