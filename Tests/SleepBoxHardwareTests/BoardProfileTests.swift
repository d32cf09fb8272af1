import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxHardware

/// The repository's board/ folder, found from this file's place in Tests/SleepBoxHardwareTests.
let boardDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("board").path
}()

/// A complete, valid profile to vary in tests.
let sampleProfileText = """
    model = "Test board"

    [gpio]
    chip_labels = ["pinctrl-test", "pinctrl-old"]
    active_low = true
    bias = "pull-up"
    encoder_rest = "bothInactive"

    [pins]
    leaf = 17
    skip = 27
    timer = 22
    knob_a = 5
    knob_b = 6
    knob_switch = 13
    led = 12

    [display]
    i2c_bus = 1
    address = 0x3c
    controller = "ssd1306"
    """

/// The error `text` is rejected with, one line per issue.
func profileErrorText(_ text: String, path: String = "test.toml") -> String? {
    do {
        _ = try BoardProfile.parse(text: text, path: path)
        return nil
    } catch {
        return error.description
    }
}

/// `sampleProfileText` with the line starting with `key` replaced (or removed when nil).
func sampleProfile(replacing key: String, with line: String?) -> String {
    sampleProfileText.split(separator: "\n", omittingEmptySubsequences: false).compactMap { current in
        current.hasPrefix(key + " ") || current.hasPrefix(key + "=") ? line : String(current)
    }.joined(separator: "\n")
}

@Suite struct BoardProfileShippedTests {
    @Test(arguments: BoardProfile.supportedNames)
    func everyShippedProfileLoadsWithTheWiringOfTheReadme(name: String) throws {
        let profile = try BoardProfile.load(name: name, directory: boardDirectory)
        #expect(profile.name == name)
        #expect(profile.pins == BoardPins(leaf: 17, skip: 27, timer: 22, knobA: 5, knobB: 6, knobSwitch: 13, led: 12))
        #expect(profile.pins == .standard)
        #expect(profile.activeLow)
        #expect(profile.bias == .pullUp)
        #expect(profile.encoderRest == .bothInactive)
        #expect(profile.display == BoardProfile.Display(i2cBus: 1, address: 0x3c, controller: .ssd1306))
        #expect(profile.path == boardDirectory + "/" + name + ".toml")
        #expect(profile.model?.isEmpty == false)
    }

    @Test func theChipLabelsPerBoard() throws {
        let labels = try BoardProfile.supportedNames.map { name in
            try BoardProfile.load(name: name, directory: boardDirectory).chipLabels
        }
        #expect(labels == [
            ["pinctrl-bcm2835"],
            ["pinctrl-bcm2835"],
            ["pinctrl-bcm2711", "pinctrl-bcm2835"],
            ["pinctrl-rp1"],
        ])
    }

    @Test func theFolderHoldsExactlyTheSupportedProfiles() {
        #expect(BoardProfile.availableNames(directory: boardDirectory) == BoardProfile.supportedNames.sorted())
    }
}

@Suite struct BoardProfileParsingTests {
    @Test func aCompleteProfileIsRead() throws {
        let profile = try BoardProfile.parse(text: sampleProfileText, path: "board/test-board.toml")
        #expect(profile.name == "test-board")
        #expect(profile.model == "Test board")
        #expect(profile.chipLabels == ["pinctrl-test", "pinctrl-old"])
        #expect(profile.pins == .standard)
        #expect(profile.display.address == 60)
        #expect(profile.path == "board/test-board.toml")
        #expect(profile.pinLines[.leaf] == 10)
        #expect(profile.pinLines[.led] == 16)
    }

    @Test func theLEDAndTheModelMayBeLeftOut() throws {
        let text = sampleProfile(replacing: "led", with: nil).replacingOccurrences(of: "model = \"Test board\"", with: "")
        let profile = try BoardProfile.parse(text: text, path: "x.toml")
        #expect(profile.pins.led == nil)
        #expect(profile.model == nil)
        #expect(profile.pins.assigned.map(\.pin) == [.leaf, .skip, .timer, .knobA, .knobB, .knobSwitch])
    }

    @Test func otherValuesOfTheChoices() throws {
        var text = sampleProfile(replacing: "bias", with: "bias = \"disable\"")
        text = text.replacingOccurrences(of: "\"bothInactive\"", with: "\"bothActive\"")
        text = text.replacingOccurrences(of: "\"ssd1306\"", with: "\"sh1106\"")
        text = text.replacingOccurrences(of: "active_low = true", with: "active_low = false")
        text = text.replacingOccurrences(of: "0x3c", with: "0x3d")
        let profile = try BoardProfile.parse(text: text, path: "x.toml")
        #expect(profile.bias == .disabled)
        #expect(profile.encoderRest == .bothActive)
        #expect(profile.display.controller == .sh1106)
        #expect(profile.display.address == 0x3d)
        #expect(!profile.activeLow)
    }

    @Test func unknownKeysAndTablesNameTheLine() {
        var text = sampleProfile(replacing: "knob_switch", with: "knob_switch = 13\nknob_sw = 19")
        text += "\n[audio]\nvolume = 3\n"
        #expect(profileErrorText(text) == """
            test.toml:16: [pins] knob_sw: unknown key. Allowed in [pins]: leaf, skip, timer, knob_a, knob_b, knob_switch, led
            test.toml:23: [audio]: unknown table. Profiles have [gpio], [pins], [display]
            """)
    }

    @Test func aKeyInTheWrongTableIsPointedToItsTable() {
        let text = sampleProfile(replacing: "i2c_bus", with: "i2c_bus = 1\nleaf = 4")
        #expect(profileErrorText(text) == """
            test.toml:20: [display] leaf: unknown key; leaf belongs in the [pins] table. Allowed in [display]: i2c_bus, address, controller
            """)
        #expect(profileErrorText("leaf = 3\n" + sampleProfileText)?.hasPrefix(
            "test.toml:1: leaf: unknown key; leaf belongs in the [pins] table.") == true)
    }

    @Test func wrongTypesSayWhatWasExpected() {
        let text = sampleProfile(replacing: "leaf", with: "leaf = \"17\"")
            .replacingOccurrences(of: "skip = 27", with: "skip = 27.0")
            .replacingOccurrences(of: "active_low = true", with: "active_low = \"yes\"")
            .replacingOccurrences(of: "chip_labels = [\"pinctrl-test\", \"pinctrl-old\"]", with: "chip_labels = \"pinctrl-test\"")
        #expect(profileErrorText(text) == """
            test.toml:4: [gpio] chip_labels: expected a list of chip labels such as ["pinctrl-bcm2711"], found a string
            test.toml:5: [gpio] active_low: expected true or false, found a string
            test.toml:10: [pins] leaf: expected a whole number, found a string (write 17 without quotes)
            test.toml:11: [pins] skip: expected a whole number (write 27 without a decimal point), found a number with a decimal point
            """)
    }

    @Test func offsetsOutsideZeroTo511AreRejected() {
        let text = sampleProfile(replacing: "leaf", with: "leaf = 512")
            .replacingOccurrences(of: "skip = 27", with: "skip = -1")
        #expect(profileErrorText(text) == """
            test.toml:10: [pins] leaf: 512 is out of range (0 to 511)
            test.toml:11: [pins] skip: -1 is out of range (0 to 511)
            """)
        #expect(profileErrorText(sampleProfile(replacing: "leaf", with: "leaf = 511")) == nil)
        #expect(profileErrorText(sampleProfile(replacing: "leaf", with: "leaf = 0")) == nil)
    }

    @Test func twoPinsOnOneLineBlameTheLaterLine() {
        let text = sampleProfile(replacing: "timer", with: "timer = 17")
            .replacingOccurrences(of: "led = 12", with: "led = 5")
        #expect(profileErrorText(text) == """
            test.toml:12: [pins] timer: line 17 is already leaf's (line 10); every pin needs its own line
            test.toml:16: [pins] led: line 5 is already knob_a's (line 13); every pin needs its own line
            """)
    }

    @Test func missingKeysAndTables() {
        let withoutTimer = sampleProfile(replacing: "timer", with: nil)
        #expect(profileErrorText(withoutTimer) == """
            test.toml:9: [pins] timer: missing; every profile gives the line offset of timer
            """)
        let withoutDisplay = sampleProfileText.components(separatedBy: "[display]")[0]
        #expect(profileErrorText(withoutDisplay) == """
            test.toml: [display]: missing; every profile has this table, with i2c_bus, address, controller
            """)
        let withoutBias = sampleProfile(replacing: "bias", with: nil)
        #expect(profileErrorText(withoutBias) == "test.toml:3: [gpio] bias: missing; every profile gives this key")
    }

    @Test func badChoicesListTheValidOnes() {
        let text = sampleProfile(replacing: "bias", with: "bias = \"pullup\"")
            .replacingOccurrences(of: "\"bothInactive\"", with: "\"open\"")
            .replacingOccurrences(of: "\"ssd1306\"", with: "\"ssd1309\"")
        #expect(profileErrorText(text) == """
            test.toml:6: [gpio] bias: "pullup" is not a bias (one of "pull-up", "pull-down", "disable", "as-is")
            test.toml:7: [gpio] encoder_rest: "open" is not a rest state (one of "bothInactive", "bothActive")
            test.toml:21: [display] controller: "ssd1309" is not a display controller (one of "ssd1306", "sh1106")
            """)
    }

    @Test func displayRanges() {
        let text = sampleProfile(replacing: "address", with: "address = 0x78")
            .replacingOccurrences(of: "i2c_bus = 1", with: "i2c_bus = 256")
        #expect(profileErrorText(text) == """
            test.toml:19: [display] i2c_bus: 256 is out of range (0 to 255)
            test.toml:20: [display] address: 0x78 is out of range (0x3 to 0x77)
            """)
    }

    @Test func chipLabelsMustBeUsable() {
        let long = String(repeating: "x", count: 32)
        let text = sampleProfile(replacing: "chip_labels", with: "chip_labels = [\"a\", \"\", \"a\", 3, \"\(long)\"]")
        #expect(profileErrorText(text) == """
            test.toml:4: [gpio] chip_labels: entry 2: an empty label never matches a chip
            test.toml:4: [gpio] chip_labels: entry 3: "a" is listed twice
            test.toml:4: [gpio] chip_labels: entry 4: expected a string, found a whole number
            test.toml:4: [gpio] chip_labels: entry 5: "\(long)" is longer than 31 bytes, the most the kernel reports, so it never matches
            """)
        #expect(profileErrorText(sampleProfile(replacing: "chip_labels", with: "chip_labels = []")) ==
                "test.toml:4: [gpio] chip_labels: empty; list at least one GPIO chip label (gpiodetect shows them)")
    }

    @Test func syntaxErrorsComeAloneWithTheirPlace() throws {
        let text = sampleProfile(replacing: "leaf", with: "leaf = = 17")
        let message = try #require(profileErrorText(text))
        #expect(message.hasPrefix("test.toml:10:"))
        #expect(message.contains("TOML syntax error"))
        #expect(!message.contains("\n"))
        #expect(profileErrorText("model = \"a\0b\"") == "test.toml:1: TOML syntax error: a NUL character is not allowed in the file")
    }

    @Test func everyIssueHasItsKindAndKey() throws {
        let text = sampleProfile(replacing: "leaf", with: "leaf = 900")
        do {
            _ = try BoardProfile.parse(text: text, path: "p.toml")
            Issue.record("expected an error")
        } catch {
            let issue = try #require(error.first)
            #expect(issue.kind == .outOfRange)
            #expect(issue.key == "pins.leaf")
            #expect(issue.line == 10)
            #expect(issue.path == "p.toml")
            #expect(error.exitCode == 78)
        }
    }

    @Test func unreadableFilesAndUnknownNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-board-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try sampleProfileText.write(toFile: directory + "/mine.toml", atomically: true, encoding: .utf8)
        try Data([0x6d, 0xff, 0x0a]).write(to: URL(fileURLWithPath: directory + "/bad.toml"))

        #expect(try BoardProfile.load(name: "mine", directory: directory).name == "mine")
        do {
            _ = try BoardProfile.load(name: "pi-9", directory: directory)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(directory)/pi-9.toml: no board profile \"pi-9\" (profiles in \(directory): bad, mine)")
            #expect(error.first?.kind == .unreadable(errno: ENOENT))
        }
        do {
            _ = try BoardProfile.load(path: directory + "/bad.toml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(directory)/bad.toml: cannot read the file: it is not UTF-8 text")
        }
        do {
            _ = try BoardProfile.load(path: directory + "/none.toml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(directory)/none.toml: cannot read the file: No such file or directory (errno 2)")
        }
    }
}
