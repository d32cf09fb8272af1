import SleepBoxCore
import SleepBoxHardware
import SleepBoxSystem
import SleepBoxTOML

/// `[light]`: the wake light's chip and channels (the kernel's PWM class), what its LEDs are,
/// and how bright and how long the dawn, the night light, the breathing guide and the hold after
/// the alarm are. Levels are in percent of lightness (CIE L*: 50 looks half as bright as 100).
enum LightSection {
    static let chip = TOMLRange(0, 1023)
    static let channel = TOMLRange(0, 255)
    static let period = TOMLRange(10_000, 100_000_000, unit: "nanoseconds")
    static let kelvin = TOMLRange(1000, 10_000, unit: "kelvin")
    static let output = TOMLRange(0.01, 100_000)
    static let dawnMinutes = TOMLRange(Double(LightSettings.dawnMinuteRange.lowerBound),
                                       Double(LightSettings.dawnMinuteRange.upperBound), unit: "minutes")
    static let holdMinutes = TOMLRange(0, 240, unit: "minutes")
    static let fadeSeconds = TOMLRange(1, 600, unit: "seconds")

    static let section = TOMLSection<ConfigDraft>("light", keys: [
        TOMLKey("chip") { reader, value, draft in draft.devices.light.chip = reader.wholeNumber(value, chip) },
        TOMLKey("channels") { reader, value, draft in
            guard let list = numbers(&reader, value, channel, whole: true, name: "channel numbers such as [0, 1]") else { return }
            guard (1...2).contains(list.count), Set(list).count == list.count else {
                reader.report(value.path, "give one channel, or two different ones (warm white first, then cool white)")
                return
            }
            draft.devices.light.channels = list.map { Int($0) }
        },
        TOMLKey("period_ns") { reader, value, draft in
            if let x = reader.wholeNumber(value, period) { draft.devices.light.periodNanoseconds = x }
        },
        TOMLKey("max") { reader, value, draft in draft.lightMax = numbers(&reader, value, .percent, whole: false, name: "percentages such as [100, 80]") },
        TOMLKey("kelvin") { reader, value, draft in draft.lightKelvin = numbers(&reader, value, kelvin, whole: false, name: "colour temperatures such as [1800, 5000]") },
        TOMLKey("output") { reader, value, draft in draft.lightOutput = numbers(&reader, value, output, whole: false, name: "relative outputs such as [1, 1.2]") },
        TOMLKey("dawn") { reader, value, draft in if let b = reader.bool(value) { draft.config.light.dawn = b } },
        TOMLKey("dawn_minutes") { reader, value, draft in
            if let x = reader.wholeNumber(value, dawnMinutes) { draft.config.light.dawnMinutes = x }
        },
        .number("dawn_start_kelvin", kelvin, into: \.config.light.dawnStartKelvin),
        .number("dawn_end_kelvin", kelvin, into: \.config.light.dawnEndKelvin),
        .number("alarm_level", .percent, into: \.config.light.alarmLightness),
        TOMLKey("hold_minutes") { reader, value, draft in
            if let x = reader.number(value, holdMinutes) { draft.config.light.holdSeconds = x * 60 }
        },
        .number("fade_seconds", fadeSeconds, into: \.config.light.fadeSeconds),
        .number("night_level", .percent, into: \.config.light.nightLightness),
        .number("night_max", .percent, into: \.config.light.nightMax),
        .number("night_kelvin", kelvin, into: \.config.light.nightKelvin),
        .number("breathing_level", .percent, into: \.config.light.breathingHigh),
    ], finish: finish)

    /// A list of numbers in `range`; nil (and an issue) otherwise.
    private static func numbers(_ reader: inout TOMLReader, _ value: TOMLValue, _ range: TOMLRange, whole: Bool,
                                name: String) -> [Double]? {
        guard let entries = reader.list(value, expected: "a list of " + name) else { return nil }
        var result: [Double] = []
        for (index, entry) in entries.enumerated() {
            guard let x = reader.number(entry, range, entry: index + 1) else { return nil }
            if whole, x != x.rounded() {
                reader.report(value.path, "\(Quoting.number(x)) is not a whole number (\(range.text))", entry: index + 1)
                return nil
            }
            result.append(x)
        }
        return result
    }

    /// The channels' calibration lists must match the channels; the dawn must grow warmer to
    /// cooler... or at least not end below where it starts.
    private static func finish(_ reader: inout TOMLReader, _ draft: inout ConfigDraft) {
        let count = draft.devices.light.channels.count
        var calibration = count == 1 ? [LightChannel(kelvin: 2700)] : PWMLightSettings.twoChannels
        for (key, list) in [("max", draft.lightMax), ("kelvin", draft.lightKelvin), ("output", draft.lightOutput)] {
            guard let list else { continue }
            guard list.count == count else {
                reader.report(["light", key], "\(list.count) value\(list.count == 1 ? "" : "s") for \(count) channel\(count == 1 ? "" : "s"); give one for each channel in `channels`")
                continue
            }
            for i in 0..<count {
                switch key {
                case "max": calibration[i].maximum = list[i] / 100
                case "kelvin": calibration[i].kelvin = list[i]
                default: calibration[i].output = list[i]
                }
            }
        }
        draft.devices.light.calibration = calibration
        draft.config.light.isPresent = draft.devices.light.chip != nil
        let l = draft.config.light
        if l.dawnEndKelvin < l.dawnStartKelvin {
            reader.report(["light", "dawn_end_kelvin"], "\(Quoting.number(l.dawnEndKelvin)) is warmer than dawn_start_kelvin (\(Quoting.number(l.dawnStartKelvin))); the dawn goes from warm to cool")
        }
    }
}
