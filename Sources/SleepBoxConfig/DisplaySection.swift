import SleepBoxSystem
import SleepBoxHardware
import SleepBoxTOML
import SleepBoxCore

/// `[display]`: night dimming, the screen timeout, the menu, the panel.
enum DisplaySection {
    static let hour = TOMLRange(0, 23)
    static let screenTimeout = TOMLRange(0, 86_400, unit: "seconds")
    static let menuCloseSeconds = TOMLRange(5, 600, unit: "seconds")

    static let section = TOMLSection<ConfigDraft>("display", keys: [
        .wholeNumber("dim_from", hour, into: \.config.display.dimFromHour),
        .wholeNumber("dim_until", hour, into: \.config.display.dimUntilHour),
        .number("screen_timeout_seconds", screenTimeout, into: \.config.display.screenTimeoutSeconds),
        .wholeNumber("day_brightness", .percent, into: \.config.display.dayBrightness),
        .wholeNumber("night_brightness", .percent, into: \.config.display.nightBrightness),
        .bool("clock_24h", into: \.config.display.twentyFourHour),
        .number("menu_close_seconds", menuCloseSeconds, into: \.config.menu.closeAfterSeconds),
        TOMLKey("controller") { reader, value, draft in
            guard let text = reader.string(value, expected: "\"ssd1306\" or \"sh1106\"") else { return }
            if let controller = OLEDController(rawValue: text.lowercased()) {
                draft.devices.displayController = controller
            } else {
                reader.report(value.path, "\(Quoting.quoted(text)) is not a display controller (\"ssd1306\" or \"sh1106\")")
            }
        },
        TOMLKey("address") { reader, value, draft in
            guard let x = value.int else {
                reader.wrongType(value, expected: "a number such as 0x3c")
                return
            }
            if x == 0x3c || x == 0x3d {
                draft.devices.displayAddress = x
            } else {
                reader.report(.outOfRange, value.path, "\(x) is not an address these displays use (0x3c or 0x3d)")
            }
        },
        .bool("rotate", into: \.devices.displayRotated),
        .bool("captions", into: \.config.display.captions),
        TOMLKey("night_face") { reader, value, draft in
            let expected = "\"no_clock\", \"clock\" or \"large_clock\""
            guard let text = reader.string(value, expected: expected) else { return }
            if let face = NightFace(rawValue: text.lowercased()) {
                draft.config.display.nightFace = face
            } else {
                reader.report(value.path, "\(Quoting.quoted(text)) is not a night face (\(expected))")
            }
        },
    ])
}
