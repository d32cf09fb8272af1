import SleepBoxCore
import TOMLKit
import SleepBoxTOML
import SleepBoxSystem

/// Turns a parsed board profile into a `BoardProfile`, key by key, collecting every problem with
/// the line it is on (the approach of the daemon's `ConfigReader`).
struct BoardProfileReader {
    /// The file name put in front of every issue.
    let path: String
    /// Where each key was written.
    let locator: TOMLKeyLocator
    /// What was wrong so far.
    private(set) var issues: [BoardProfileIssue] = []

    init(path: String, locator: TOMLKeyLocator) {
        self.path = path
        self.locator = locator
    }

    // MARK: The schema

    /// Keys allowed at the top level (besides the tables).
    static let topLevelKeys = ["model"]
    /// The tables, in the order the profiles show them.
    static let tableNames = ["gpio", "pins", "display"]
    /// Keys allowed in each table, in the order the profiles show them.
    static let tableKeys: [String: [String]] = [
        "gpio": ["chip_labels", "active_low", "bias", "encoder_rest"],
        "pins": BoardPin.allCases.map(\.key),
        "display": ["i2c_bus", "address", "controller"],
    ]
    /// Keys every profile must have; all others may be left out.
    static let requiredKeys: [String: [String]] = [
        "gpio": ["chip_labels", "active_low", "bias", "encoder_rest"],
        "pins": BoardPin.allCases.filter { $0 != .led }.map(\.key),
        "display": ["i2c_bus", "address", "controller"],
    ]

    // MARK: Reading

    /// Reads the whole document; nil when anything was wrong (see `issues`).
    mutating func read(_ root: TOMLTable, name: String) -> BoardProfile? {
        var model: String?
        var chipLabels: [String]?
        var activeLow: Bool?
        var bias: BoardProfile.Bias?
        var encoderRest: QuadratureDecoder.RestState?
        var offsets: [BoardPin: UInt32] = [:]
        var display = BoardProfile.Display()
        var seenTables: Set<String> = []

        for (key, value) in Self.entries(root) {
            let path = [key]
            switch key {
            case "model":
                model = string(value, path)
            case "gpio", "pins", "display":
                guard let table = table(value, path) else { continue }
                seenTables.insert(key)
                let present = Set(table.keys)
                for required in Self.requiredKeys[key] ?? [] where !present.contains(required) {
                    missing([key, required])
                }
                for (entry, entryValue) in Self.entries(table) {
                    let entryPath = [key, entry]
                    switch (key, entry) {
                    case ("gpio", "chip_labels"): chipLabels = labels(entryValue, entryPath)
                    case ("gpio", "active_low"): activeLow = bool(entryValue, entryPath)
                    case ("gpio", "bias"): bias = choice(entryValue, entryPath, what: "bias")
                    case ("gpio", "encoder_rest"): encoderRest = choice(entryValue, entryPath, what: "rest state")
                    case ("pins", _):
                        guard let pin = BoardPin(rawValue: entry) else {
                            unknownKey(entryPath)
                            continue
                        }
                        if let offset = offset(entryValue, entryPath) { offsets[pin] = offset }
                    case ("display", "i2c_bus"):
                        if let bus = wholeNumber(entryValue, entryPath, BoardProfile.i2cBusRange) {
                            display.i2cBus = bus
                        }
                    case ("display", "address"):
                        if let address = wholeNumber(entryValue, entryPath, BoardProfile.displayAddressRange, hex: true) {
                            display.address = address
                        }
                    case ("display", "controller"):
                        if let controller: OLEDController = choice(entryValue, entryPath, what: "display controller") {
                            display.controller = controller
                        }
                    default:
                        unknownKey(entryPath)
                    }
                }
            default:
                unknownTopLevel(key, isTable: value.type == .table)
            }
        }
        for table in Self.tableNames where !seenTables.contains(table) {
            let keys = (Self.requiredKeys[table] ?? []).joined(separator: ", ")
            add(.missingKey, [table], "[\(table)]: missing; every profile has this table, with \(keys)")
        }
        checkDuplicates(offsets)

        guard issues.isEmpty, let chipLabels, let activeLow, let bias, let encoderRest,
              let leaf = offsets[.leaf], let skip = offsets[.skip], let timer = offsets[.timer],
              let knobA = offsets[.knobA], let knobB = offsets[.knobB], let knobSwitch = offsets[.knobSwitch]
        else { return nil }

        let pins = BoardPins(leaf: leaf, skip: skip, timer: timer, knobA: knobA, knobB: knobB,
                             knobSwitch: knobSwitch, led: offsets[.led])
        var profile = BoardProfile(name: name, model: model, chipLabels: chipLabels, pins: pins,
                                   activeLow: activeLow, bias: bias, encoderRest: encoderRest,
                                   display: display, path: self.path)
        for pin in offsets.keys {
            profile.pinLines[pin] = locator.line(of: ["pins", pin.key])
        }
        return profile
    }

    /// Reports every pin whose line an earlier-written pin already has.
    private mutating func checkDuplicates(_ offsets: [BoardPin: UInt32]) {
        let ordered = offsets.keys.sorted { a, b in
            let la = locator.line(of: ["pins", a.key]) ?? 0, lb = locator.line(of: ["pins", b.key]) ?? 0
            if la != lb { return la < lb }
            return (BoardPin.allCases.firstIndex(of: a) ?? 0) < (BoardPin.allCases.firstIndex(of: b) ?? 0)
        }
        var owners: [UInt32: BoardPin] = [:]
        for pin in ordered {
            guard let offset = offsets[pin] else { continue }
            if let owner = owners[offset] {
                let at = locator.line(of: ["pins", owner.key]).map { " (line \($0))" } ?? ""
                fail(.duplicateLine, ["pins", pin.key],
                     "line \(offset) is already \(owner.key)'s\(at); every pin needs its own line")
            } else {
                owners[offset] = pin
            }
        }
    }

    // MARK: Values

    private mutating func labels(_ value: TOMLValueConvertible, _ path: [String]) -> [String]? {
        guard let array = value.array else {
            wrongType(value, path, expected: "a list of chip labels such as [\"pinctrl-bcm2711\"]")
            return nil
        }
        guard array.count > 0 else {
            fail(.invalidValue, path, "empty; list at least one GPIO chip label (gpiodetect shows them)")
            return nil
        }
        var result: [String] = []
        var isValid = true
        for index in 0..<array.count {
            let entry = index + 1
            guard let label = array[index].string else {
                wrongType(array[index], path, expected: "a string", entry: entry)
                isValid = false
                continue
            }
            if label.isEmpty {
                fail(.invalidValue, path, "an empty label never matches a chip", entry: entry)
                isValid = false
            } else if label.utf8.count > BoardProfile.maxChipLabelBytes {
                fail(.invalidValue, path,
                     "\(Self.quoted(label)) is longer than \(BoardProfile.maxChipLabelBytes) bytes, the most the kernel reports, so it never matches",
                     entry: entry)
                isValid = false
            } else if result.contains(label) {
                fail(.invalidValue, path, "\(Self.quoted(label)) is listed twice", entry: entry)
                isValid = false
            } else {
                result.append(label)
            }
        }
        return isValid ? result : nil
    }

    private mutating func offset(_ value: TOMLValueConvertible, _ path: [String]) -> UInt32? {
        guard let number = wholeNumber(value, path, BoardProfile.offsetRange) else { return nil }
        return UInt32(exactly: number)
    }

    private mutating func wholeNumber(_ value: TOMLValueConvertible, _ path: [String],
                                      _ range: ClosedRange<Int>, hex: Bool = false) -> Int? {
        guard let number = value.int else {
            var expected = "a whole number"
            if let double = value.double, double.isFinite, double == double.rounded() {
                expected += " (write \(Int(double)) without a decimal point)"
            }
            wrongType(value, path, expected: expected)
            return nil
        }
        guard range.contains(number) else {
            let show: (Int) -> String = { hex ? "0x" + String($0, radix: 16) : String($0) }
            fail(.outOfRange, path, "\(show(number)) is out of range (\(show(range.lowerBound)) to \(show(range.upperBound)))")
            return nil
        }
        return number
    }

    private mutating func bool(_ value: TOMLValueConvertible, _ path: [String]) -> Bool? {
        if let x = value.bool { return x }
        wrongType(value, path, expected: "true or false")
        return nil
    }

    private mutating func string(_ value: TOMLValueConvertible, _ path: [String]) -> String? {
        if let x = value.string { return x }
        wrongType(value, path, expected: "a string")
        return nil
    }

    /// One of an enumeration's raw values, or an issue listing them.
    private mutating func choice<T: RawRepresentable & CaseIterable>(_ value: TOMLValueConvertible, _ path: [String],
                                                                      what: String) -> T? where T.RawValue == String {
        let names = T.allCases.map { Self.quoted($0.rawValue) }.joined(separator: ", ")
        guard let text = value.string else {
            wrongType(value, path, expected: "one of \(names)")
            return nil
        }
        if let found = T(rawValue: text) { return found }
        fail(.invalidValue, path, "\(Self.quoted(text)) is not a \(what) (one of \(names))")
        return nil
    }

    private mutating func table(_ value: TOMLValueConvertible, _ path: [String]) -> TOMLTable? {
        if let x = value.table { return x }
        wrongType(value, path, expected: "a table ([\(path.joined(separator: "."))] with its keys below it)")
        return nil
    }

    // MARK: Issues

    private mutating func wrongType(_ value: TOMLValueConvertible, _ path: [String], expected: String, entry: Int? = nil) {
        var message = "expected \(expected), found \(Self.typeName(value))"
        if expected.hasPrefix("a whole number"), let text = value.string, Int(text) != nil {
            message += " (write \(text) without quotes)"
        }
        fail(.wrongType, path, message, entry: entry)
    }

    private mutating func missing(_ path: [String]) {
        let what = path.first == "pins" ? "the line offset of \(path.last ?? "")" : "this key"
        fail(.missingKey, path, "missing; every profile gives \(what)")
    }

    private mutating func unknownTopLevel(_ key: String, isTable: Bool) {
        let tables = Self.tableNames.map { "[\($0)]" }.joined(separator: ", ")
        if isTable {
            add(.unknownTable, [key], "[\(key)]: unknown table. Profiles have \(tables)")
            return
        }
        var message = "\(key): unknown key"
        if let table = Self.tableNames.first(where: { (Self.tableKeys[$0] ?? []).contains(key) }) {
            message += "; \(key) belongs in the [\(table)] table"
        }
        add(.unknownKey, [key], message + ". Allowed at the top: \(Self.topLevelKeys.joined(separator: ", ")), and the tables \(tables)")
    }

    private mutating func unknownKey(_ path: [String]) {
        guard let table = path.first, let key = path.last else { return }
        let allowed = Self.tableKeys[table] ?? []
        var message = "\(label(path)): unknown key"
        if let other = Self.tableNames.first(where: { $0 != table && (Self.tableKeys[$0] ?? []).contains(key) }) {
            message += "; \(key) belongs in the [\(other)] table"
        }
        add(.unknownKey, path, message + ". Allowed in [\(table)]: \(allowed.joined(separator: ", "))")
    }

    /// Records `text` about the key at `path`, prefixed with the key's name (and the entry of an array).
    private mutating func fail(_ kind: BoardProfileIssue.Kind, _ path: [String], _ text: String, entry: Int? = nil) {
        let entryText = entry.map { "entry \($0): " } ?? ""
        add(kind, path, "\(label(path)): \(entryText)\(text)")
    }

    private mutating func add(_ kind: BoardProfileIssue.Kind, _ path: [String], _ message: String) {
        issues.append(BoardProfileIssue(kind: kind, path: self.path, line: locator.line(of: path),
                                        key: path.joined(separator: "."), message: message))
    }

    /// `model` at the top, `[pins] leaf` in a table.
    private func label(_ path: [String]) -> String {
        guard path.count > 1, let key = path.last else { return path.joined(separator: ".") }
        return "[\(path.dropLast().joined(separator: "."))] \(key)"
    }

    /// `text` in double quotes, escaped to stay on one line.
    static func quoted(_ text: String) -> String { Quoting.quoted(text) }

    /// "a string", "a number", ... for wrong-type messages.
    private static func typeName(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "a string"
        case .int: return "a whole number"
        case .double: return "a number with a decimal point"
        case .bool: return "a boolean"
        case .array: return "a list"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date and time"
        }
    }

    /// A table's keys and values (TOMLKit's own iterator force-unwraps; this does not).
    private static func entries(_ table: TOMLTable) -> [(String, TOMLValueConvertible)] {
        table.keys.compactMap { key in table[key].map { (key, $0) } }
    }
}
