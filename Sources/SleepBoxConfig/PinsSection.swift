import SleepBoxHardware
import SleepBoxTOML

/// `[pins]`: lines moved away from the board profile's, one key per pin (`leaf = 23`).
enum PinsSection {
    static let offset = TOMLRange(0, 511)

    static let section = TOMLSection<ConfigDraft>("pins", keys: BoardPin.allCases.map { pin in
        TOMLKey(pin.rawValue) { reader, value, draft in
            guard let x = reader.wholeNumber(value, offset) else { return }
            draft.devices.pinOverrides.append(BoardPinOverride(pin: pin, offset: x, path: reader.path,
                                                               line: reader.line(of: value.path)))
        }
    }, finish: { _, draft in
        draft.devices.pinOverrides.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    })
}
