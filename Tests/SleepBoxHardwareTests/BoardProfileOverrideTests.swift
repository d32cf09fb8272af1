import SleepBoxCore
import Testing
@testable import SleepBoxHardware

@Suite struct BoardProfileOverrideTests {
    private func profile() throws -> BoardProfile {
        try BoardProfile.parse(text: sampleProfileText, path: "board/pi-test.toml")
    }

    private func errorText(_ overrides: [BoardPinOverride]) throws -> String? {
        do {
            _ = try profile().applying(overrides)
            return nil
        } catch let error as BoardProfileError {
            return error.description
        }
    }

    @Test func anOverrideMovesOnePinAndKeepsTheRest() throws {
        let moved = try profile().applying([BoardPinOverride(pin: .leaf, offset: 23, path: "sleepbox.toml", line: 40)])
        var expected = BoardPins.standard
        expected.leaf = 23
        #expect(moved.pins == expected)
        #expect(moved.chipLabels == ["pinctrl-test", "pinctrl-old"])
        #expect(moved.pinLines[.leaf] == 40)
        #expect(try profile().applying([]) == profile())
    }

    @Test func everyPinCanBeMovedAndTheLEDAdded() throws {
        let base = try BoardProfile.parse(text: sampleProfile(replacing: "led", with: nil), path: "b.toml")
        #expect(base.pins.led == nil)
        let overrides = [
            BoardPinOverride(pin: .leaf, offset: 100), BoardPinOverride(pin: .skip, offset: 101),
            BoardPinOverride(pin: .timer, offset: 102), BoardPinOverride(pin: .knobA, offset: 103),
            BoardPinOverride(pin: .knobB, offset: 104), BoardPinOverride(pin: .knobSwitch, offset: 105),
            BoardPinOverride(pin: .led, offset: 106),
        ]
        let moved = try base.applying(overrides)
        #expect(moved.pins == BoardPins(leaf: 100, skip: 101, timer: 102, knobA: 103, knobB: 104, knobSwitch: 105, led: 106))
    }

    @Test func twoPinsMaySwapLines() throws {
        let swapped = try profile().applying([
            BoardPinOverride(pin: .leaf, offset: 27, path: "sleepbox.toml", line: 40),
            BoardPinOverride(pin: .skip, offset: 17, path: "sleepbox.toml", line: 41),
        ])
        #expect(swapped.pins.leaf == 27)
        #expect(swapped.pins.skip == 17)
    }

    @Test func aMoveOntoAnotherPinsLineIsBlamedOnTheOverride() throws {
        #expect(try errorText([BoardPinOverride(pin: .leaf, offset: 27, path: "sleepbox.toml", line: 40)]) == """
            sleepbox.toml:40: [pins] leaf: line 27 is already skip's (board/pi-test.toml:11); every pin needs its own line
            """)
        #expect(try errorText([BoardPinOverride(pin: .led, offset: 5)]) == """
            configuration: [pins] led: line 5 is already knob_a's (board/pi-test.toml:13); every pin needs its own line
            """)
    }

    @Test func twoMovesOntoOneLineBlameTheLaterOne() throws {
        #expect(try errorText([
            BoardPinOverride(pin: .timer, offset: 40, path: "sleepbox.toml", line: 45),
            BoardPinOverride(pin: .leaf, offset: 40, path: "sleepbox.toml", line: 44),
        ]) == """
            sleepbox.toml:45: [pins] timer: line 40 is already leaf's (sleepbox.toml:44); every pin needs its own line
            """)
    }

    @Test func offsetsOutOfRangeAreRejected() throws {
        #expect(try errorText([
            BoardPinOverride(pin: .leaf, offset: 512, path: "sleepbox.toml", line: 40),
            BoardPinOverride(pin: .skip, offset: -3, path: "sleepbox.toml", line: 41),
        ]) == """
            sleepbox.toml:40: [pins] leaf: 512 is out of range (0 to 511)
            sleepbox.toml:41: [pins] skip: -3 is out of range (0 to 511)
            """)
    }

    @Test func aProfileMadeInCodeIsNamedByItsName() throws {
        let made = BoardProfile(name: "custom", chipLabels: ["x"])
        do {
            _ = try made.applying([BoardPinOverride(pin: .knobB, offset: 5, path: "c.toml", line: 3)])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "c.toml:3: [pins] knob_b: line 5 is already knob_a's (profile custom); every pin needs its own line")
            #expect(error.first?.kind == .duplicateLine)
            #expect(error.first?.key == "pins.knob_b")
        }
    }

    @Test func pinsAndLinesCorrespond() {
        for line in RawLine.allCases {
            #expect(BoardPin(line).rawLine == line)
            #expect(BoardPins.standard[BoardPin(line)] == BoardPins.standard[line])
        }
        #expect(BoardPin.led.rawLine == nil)
        #expect(BoardPin(rawValue: "knob_switch") == .knobSwitch)
        #expect(BoardPins.standard.inputs.map(\.offset) == [17, 27, 22, 13, 5, 6])
    }
}
