import SleepBoxHardware
import SleepBoxTOML

/// `[board]`: which board profile, and the buttons' debounce.
enum BoardSection {
    static let debounceMilliseconds = TOMLRange(1, 50, unit: "ms")

    static let section = TOMLSection<ConfigDraft>("board", keys: [
        TOMLKey("profile") { reader, value, draft in
            guard let text = reader.string(value, expected: "\"auto\", a profile name such as \"pi-4\", or a file path") else { return }
            if text.isEmpty {
                reader.report(value.path, "empty; write \"auto\", one of \(BoardProfile.supportedNames.joined(separator: ", ")), or a path")
            } else {
                draft.devices.boardProfile = text
            }
        },
        .number("debounce_ms", debounceMilliseconds, into: \.devices.debounceMilliseconds),
    ])
}
