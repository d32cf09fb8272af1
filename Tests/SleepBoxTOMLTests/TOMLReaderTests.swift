import Testing
import SleepBoxTOML

/// A small settings file to read: `name` at the top, a `[lamp]` table.
private struct Lamp: Equatable {
    var name: String?
    var level = 50
    var isOn = false
    var colour: Colour = .warm
}

private enum Colour: String, CaseIterable {
    case warm, cold
}

private let lampSchema = TOMLSchema<Lamp>(
    top: TOMLSection("", keys: [
        TOMLKey("name", missing: .atTable("missing name: add name = \"bedside\"")) { reader, value, lamp in
            lamp.name = reader.string(value)
        },
    ]),
    tables: [
        TOMLSection("lamp", keys: [
            TOMLKey("level", missing: .atKey("missing; every lamp has a level")) { reader, value, lamp in
                if let level = reader.integer(value, TOMLRange(0...100, unit: "percent")) { lamp.level = level }
            },
            TOMLKey("on") { reader, value, lamp in
                if let on = reader.bool(value) { lamp.isOn = on }
            },
            TOMLKey("colour") { reader, value, lamp in
                if let colour: Colour = reader.choice(value, what: "colour") { lamp.colour = colour }
            },
        ]),
    ],
    unknownKeys: .rejected(spelling: true, tablesIntro: "Known tables:"))

/// Reads `text` as `lamp.toml`: the lamp and every issue, by line.
private func read(_ text: String, _ schema: TOMLSchema<Lamp> = lampSchema) throws -> (lamp: Lamp, issues: [FileIssue]) {
    var reader = TOMLReader(try TOMLDocument(text: text, path: "lamp.toml"))
    var lamp = Lamp()
    reader.read(schema, into: &lamp)
    return (lamp, FileIssue.byLine(reader.issues))
}

@Suite struct TOMLReaderTests {
    @Test func everyDeclaredKeyIsReadIntoTheTarget() throws {
        let result = try read("name = \"bedside\"\n[lamp]\nlevel = 30\non = true\ncolour = \"cold\"\n")
        #expect(result.issues == [])
        #expect(result.lamp == Lamp(name: "bedside", level: 30, isOn: true, colour: .cold))
    }

    @Test func anUnknownKeyIsNamedWithItsLineAndTheClosestKnownKey() throws {
        let issues = try read("name = \"x\"\n\n[lamp]\nlevle = 30\nlevel = 30\n").issues
        #expect(issues.map(\.locatedMessage) == [
            "lamp.toml:4: [lamp] levle: unknown key; did you mean level? Allowed in [lamp]: level, on, colour",
        ])
        #expect(issues.first?.kind == .unknownKey)
        #expect(issues.first?.key == "lamp.levle")
        #expect(issues.first?.suggestion == "level")
    }

    @Test func aKeyInAnotherTableSaysWhereItBelongs() throws {
        let issues = try read("name = \"x\"\nlevel = 3\n[lamp]\nname = \"y\"\nlevel = 3\n").issues
        #expect(issues.map(\.locatedMessage) == [
            "lamp.toml:2: level: unknown key; level belongs in the [lamp] table. Allowed at the top: name, and the tables [lamp]",
            "lamp.toml:4: [lamp] name: unknown key; name belongs at the top of the file, above the first [table]. "
                + "Allowed in [lamp]: level, on, colour",
        ])
        #expect(issues.map(\.suggestion) == ["[lamp]", "name"])
    }

    @Test func anUnknownTableSuggestsTheClosest() throws {
        let issues = try read("name = \"x\"\n[lamps]\nlevel = 3\n").issues
        #expect(issues.map(\.locatedMessage) == ["lamp.toml:2: [lamps]: unknown table; did you mean [lamp]? Known tables: [lamp]"])
        #expect(issues.first?.kind == .unknownTable)
    }

    @Test func aWrongTypeSaysWhatWasExpectedAndFoundOnTheKeysLine() throws {
        let issues = try read("name = 5\n[lamp]\n\non = \"yes\"\nlevel = \"30\"\n").issues
        #expect(issues.map(\.locatedMessage) == [
            "lamp.toml:1: name: expected a string, found a number",
            "lamp.toml:4: [lamp] on: expected true or false, found a string",
            "lamp.toml:5: [lamp] level: expected a whole number, found a string (write 30 without quotes)",
        ])
        #expect(issues.allSatisfy { $0.kind == .wrongType && $0.severity == .error })
    }

    @Test func aNumberOutOfRangeSaysTheRange() throws {
        let issues = try read("name = \"x\"\n[lamp]\nlevel = 9223372036854775807\n").issues
        #expect(issues.map(\.locatedMessage) == ["lamp.toml:3: [lamp] level: 9223372036854775807 is out of range (0 to 100 percent)"])
        #expect(issues.first?.kind == .outOfRange)
    }

    @Test func aChoiceOutsideTheSetListsTheSet() throws {
        let issues = try read("name = \"x\"\n[lamp]\nlevel = 1\ncolour = \"blue\"\n").issues
        #expect(issues.map(\.locatedMessage) == ["lamp.toml:4: [lamp] colour: \"blue\" is not a colour (one of \"warm\", \"cold\")"])
    }

    @Test func aMissingRequiredKeyIsReportedAtItsTable() throws {
        let issues = try read("[lamp]\non = true\n").issues
        #expect(issues.map(\.locatedMessage) == [
            "lamp.toml: missing name: add name = \"bedside\"",
            "lamp.toml:1: [lamp] level: missing; every lamp has a level",
        ])
        #expect(issues.allSatisfy { $0.kind == .missingKey })
    }

    @Test func ignoredUnknownKeysAreWarnings() throws {
        let lenient = TOMLSchema<Lamp>(top: TOMLSection("", place: "in a lamp", keys: lampSchema.top.keys), unknownKeys: .ignored)
        let issues = try read("name = \"x\"\nnmae = \"y\"\n", lenient).issues
        #expect(issues.map(\.description) == [
            "lamp.toml:2: warning: nmae: unknown key \"nmae\" is ignored; did you mean name? (keys known in a lamp: name)",
        ])
        #expect(issues.first?.suggestion == "name")
    }

    @Test func entriesOfAnArrayOfTablesAreNamedByNumber() throws {
        struct Steps { var seconds: [Int] = [] }
        let step = TOMLSection<Steps>("step", keys: [
            TOMLKey("seconds", missing: .atTable("missing seconds")) { reader, value, steps in
                if let x = reader.integer(value, TOMLRange(1...60)) { steps.seconds.append(x) }
            },
        ])
        let schema = TOMLSchema<Steps>(top: TOMLSection("", keys: [
            TOMLKey("step") { reader, value, steps in
                for entry in reader.tables(value) { reader.read(entry, step, into: &steps) }
            },
        ]), unknownKeys: .ignored)
        var reader = TOMLReader(try TOMLDocument(text: "[[step]]\nseconds = 5\n[[step]]\nseconds = 0.5\n[[step]]\n", path: "s.toml"))
        var steps = Steps()
        reader.read(schema, into: &steps)
        #expect(steps.seconds == [5])
        #expect(FileIssue.byLine(reader.issues).map(\.locatedMessage) == [
            "s.toml:4: step 2, seconds: expected a whole number, found a number",
            "s.toml:5: step 3: missing seconds",
        ])
    }

    @Test func aSyntaxErrorIsAnIssueWithLineAndColumn() {
        #expect(throws: FileIssue(kind: .syntax, path: "x.toml", line: 1, column: 2,
                                  message: "TOML syntax error: a table name must start with a letter, a digit, - or _, or be quoted, as in [breathing] or [[segment]]")) {
            _ = try TOMLDocument(text: "[(x]\n", path: "x.toml")
        }
    }
}
