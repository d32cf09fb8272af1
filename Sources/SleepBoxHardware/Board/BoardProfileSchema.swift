import SleepBoxSystem
import SleepBoxCore
import SleepBoxTOML

/// A board profile's schema: `model` at the top, `[gpio]`, `[pins]` and `[display]`, every key
/// required but `model` and `[pins] led`. Unknown keys and tables are errors.
enum BoardProfileSchema {
    /// A profile while it is read.
    struct Draft {
        var model: String?
        var chipLabels: [String]?
        var activeLow: Bool?
        var bias: BoardProfile.Bias?
        var encoderRest: QuadratureDecoder.RestState?
        var offsets: [BoardPin: UInt32] = [:]
        var display = BoardProfile.Display()
    }

    static let schema = TOMLSchema<Draft>(
        top: TOMLSection("", keys: [
            TOMLKey("model") { reader, value, draft in draft.model = reader.string(value) },
        ]),
        tables: [gpio, pins, display],
        unknownKeys: .rejected(spelling: false, tablesIntro: "Profiles have"))

    private static let everyProfile = TOMLKey<Draft>.Missing.atKey("missing; every profile gives this key")

    static let gpio = TOMLSection<Draft>("gpio", missing: tableMissing("chip_labels, active_low, bias, encoder_rest"), keys: [
        TOMLKey("chip_labels", missing: everyProfile) { reader, value, draft in draft.chipLabels = labels(&reader, value) },
        TOMLKey("active_low", missing: everyProfile) { reader, value, draft in draft.activeLow = reader.bool(value) },
        TOMLKey("bias", missing: everyProfile) { reader, value, draft in draft.bias = reader.choice(value, what: "bias") },
        TOMLKey("encoder_rest", missing: everyProfile) { reader, value, draft in
            draft.encoderRest = reader.choice(value, what: "rest state")
        },
    ])

    static let pins = TOMLSection<Draft>("pins", missing: tableMissing(requiredPins.map(\.key).joined(separator: ", ")),
                                         keys: BoardPin.allCases.map { pin in
        TOMLKey(pin.key, missing: pin == .led ? nil : .atKey("missing; every profile gives the line offset of \(pin.key)")) { reader, value, draft in
            if let offset = reader.integer(value, TOMLRange(BoardProfile.offsetRange)).flatMap(UInt32.init(exactly:)) {
                draft.offsets[pin] = offset
            }
        }
    })

    static let display = TOMLSection<Draft>("display", missing: tableMissing("i2c_bus, address, controller"), keys: [
        TOMLKey("i2c_bus", missing: everyProfile) { reader, value, draft in
            if let bus = reader.integer(value, TOMLRange(BoardProfile.i2cBusRange)) { draft.display.i2cBus = bus }
        },
        TOMLKey("address", missing: everyProfile) { reader, value, draft in
            if let address = reader.integer(value, TOMLRange(BoardProfile.displayAddressRange, isHex: true)) {
                draft.display.address = address
            }
        },
        TOMLKey("controller", missing: everyProfile) { reader, value, draft in
            if let controller: OLEDController = reader.choice(value, what: "display controller") {
                draft.display.controller = controller
            }
        },
    ])

    /// The pins every profile places (the LED is optional).
    static let requiredPins = BoardPin.allCases.filter { $0 != .led }

    private static func tableMissing(_ keys: String) -> String {
        "missing; every profile has this table, with \(keys)"
    }

    /// Reads the whole profile; nil when anything was wrong (see `reader.issues`).
    static func read(_ reader: inout TOMLReader, name: String) -> BoardProfile? {
        var draft = Draft()
        reader.read(schema, into: &draft)
        checkDuplicates(&reader, draft.offsets)

        guard !reader.hasErrors, let chipLabels = draft.chipLabels, let activeLow = draft.activeLow,
              let bias = draft.bias, let encoderRest = draft.encoderRest,
              let leaf = draft.offsets[.leaf], let skip = draft.offsets[.skip], let timer = draft.offsets[.timer],
              let knobA = draft.offsets[.knobA], let knobB = draft.offsets[.knobB], let knobSwitch = draft.offsets[.knobSwitch]
        else { return nil }

        let pins = BoardPins(leaf: leaf, skip: skip, timer: timer, knobA: knobA, knobB: knobB,
                             knobSwitch: knobSwitch, led: draft.offsets[.led])
        var profile = BoardProfile(name: name, model: draft.model, chipLabels: chipLabels, pins: pins,
                                   activeLow: activeLow, bias: bias, encoderRest: encoderRest,
                                   display: draft.display, path: reader.path)
        for pin in draft.offsets.keys {
            profile.pinLines[pin] = reader.line(of: ["pins", pin.key])
        }
        return profile
    }

    /// Reports every pin whose line an earlier-written pin already has.
    private static func checkDuplicates(_ reader: inout TOMLReader, _ offsets: [BoardPin: UInt32]) {
        let locator = reader.document.locator
        let line = { (pin: BoardPin) in locator.line(of: ["pins", pin.key]) }
        let ordered = offsets.keys.sorted { a, b in
            let la = line(a) ?? 0, lb = line(b) ?? 0
            if la != lb { return la < lb }
            return (BoardPin.allCases.firstIndex(of: a) ?? 0) < (BoardPin.allCases.firstIndex(of: b) ?? 0)
        }
        var owners: [UInt32: BoardPin] = [:]
        for pin in ordered {
            guard let offset = offsets[pin] else { continue }
            if let owner = owners[offset] {
                let at = line(owner).map { " (line \($0))" } ?? ""
                reader.report(.duplicateLine, ["pins", pin.key], "line \(offset) is already \(owner.key)'s\(at); every pin needs its own line")
            } else {
                owners[offset] = pin
            }
        }
    }

    /// The GPIO chip labels: at least one, each non-empty, short enough, and once.
    private static func labels(_ reader: inout TOMLReader, _ value: TOMLValue) -> [String]? {
        guard let entries = reader.list(value, expected: "a list of chip labels such as [\"pinctrl-bcm2711\"]") else { return nil }
        guard !entries.isEmpty else {
            reader.report(value.path, "empty; list at least one GPIO chip label (gpiodetect shows them)")
            return nil
        }
        var result: [String] = []
        var isValid = true
        for (index, entry) in entries.enumerated() {
            let number = index + 1
            guard let label = reader.string(entry, entry: number) else {
                isValid = false
                continue
            }
            if label.isEmpty {
                reader.report(value.path, "an empty label never matches a chip", entry: number)
                isValid = false
            } else if label.utf8.count > BoardProfile.maxChipLabelBytes {
                reader.report(value.path, "\(Quoting.quoted(label)) is longer than \(BoardProfile.maxChipLabelBytes) bytes, "
                              + "the most the kernel reports, so it never matches", entry: number)
                isValid = false
            } else if result.contains(label) {
                reader.report(value.path, "\(Quoting.quoted(label)) is listed twice", entry: number)
                isValid = false
            } else {
                result.append(label)
            }
        }
        return isValid ? result : nil
    }
}
