import Foundation
import Glibc
import SleepBoxCore
import Testing
@testable import SleepBoxHardware
import SleepBoxSystem

/// The driver against a real GPIO chip: runs only where `/dev/gpiochip*` exists and
/// `SLEEPBOX_TEST_GPIOCHIP_LABEL` names the chip whose lines it may request (in the VM harness,
/// a gpio-sim bank; on a Pi, nothing wired to those lines may be pressed meanwhile).
///
/// Environment:
/// - `SLEEPBOX_TEST_GPIOCHIP_LABEL`: the chip's label (gpio-sim: the bank's `label` attribute,
///   else "gpio-sim.N-nodeM").
/// - `SLEEPBOX_TEST_GPIO_LINES`: six offsets for leaf, skip, timer, knob_switch, knob_a, knob_b
///   (comma-separated; default `0,1,2,3,4,5`).
/// - `SLEEPBOX_TEST_GPIO_LED`: the LED's offset, or `none` (default 6 when the chip has 7
///   lines or more).
///
/// On a gpio-sim chip it also drives the inputs through the simulator's
/// `/sys/bus/gpio/devices/gpiochipN/sim_gpioK/pull` attributes and reads the LED back from
/// `sim_gpioK/value`. Each test prints what it did, for the harness's log.
@Suite(.serialized,
       .enabled(if: HardwareEnvironment.hasChip, "no /dev/gpiochip* on this machine"),
       .enabled(if: HardwareEnvironment.label != nil, "SLEEPBOX_TEST_GPIOCHIP_LABEL is not set"))
struct GPIOHardwareTests {
    @Test func requestsTheLinesAndReadsTheirLevels() throws {
        let input = try HardwareEnvironment.open()
        defer { input.close() }
        report("chip \(input.chip) at \(input.chip.path); lines \(HardwareEnvironment.describe(input.settings))")

        let descriptors = input.pollDescriptors
        #expect(descriptors.count == RawLine.allCases.count)
        #expect(Set(descriptors).count == descriptors.count)
        for fd in descriptors {
            #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0, "descriptor \(fd) is not non-blocking")
        }

        let levels = try input.initialLevels()
        #expect(levels.map(\.0) == RawLine.allCases)
        // Pull-ups and active-low: an open contact (or an undriven simulated line) is inactive.
        #expect(levels.allSatisfy { !$0.1 }, "levels: \(levels)")
        report("initial levels: \(levels.map { "\($0.0.rawValue)=\($0.1 ? 1 : 0)" }.joined(separator: " "))")

        _ = try input.readEdges(ready: descriptors)
        #expect(try input.readEdges(ready: descriptors).isEmpty)
        #expect(try input.readEdges(ready: [-1, 9999]).isEmpty)
    }

    @Test func aSecondRequestFindsTheLinesBusyWithTheirConsumer() throws {
        let input = try HardwareEnvironment.open()
        defer { input.close() }
        do {
            let second = try HardwareEnvironment.open()
            second.close()
            Issue.record("the second request succeeded")
        } catch {
            guard let gpioError = error as? GPIOError, case let .lineBusy(pin, _, _, consumer, code) = gpioError else {
                Issue.record("expected lineBusy, got \(error)")
                return
            }
            #expect(pin == .leaf)
            #expect(consumer == "sleepbox")
            #expect(code.errno == EBUSY)
            report("second request: \(error)")
        }
        input.close()
        let again = try HardwareEnvironment.open()
        again.close()
        report("after close() the lines can be requested again")
    }

    @Test func theLEDFollowsSetLED() throws {
        let input = try HardwareEnvironment.open()
        defer { input.close() }
        guard let led = input.settings.led else {
            report("no LED line: skipped")
            return
        }
        #expect(input.hasLED)
        let simulated = HardwareEnvironment.simValue(chip: input.chip, offset: led)
        if simulated != nil {
            #expect(HardwareEnvironment.simValue(chip: input.chip, offset: led) == "0")
        }
        try input.setLED(true)
        if simulated != nil {
            #expect(HardwareEnvironment.simValue(chip: input.chip, offset: led) == "1")
        }
        try input.setLED(false)
        if simulated != nil {
            #expect(HardwareEnvironment.simValue(chip: input.chip, offset: led) == "0")
        }
        report("LED on line \(led) switched on and off" + (simulated != nil ? ", read back from gpio-sim" : ""))
    }

    @Test func simulatedPressesArriveAsTimedEdges() throws {
        let input = try HardwareEnvironment.open()
        defer { input.close() }
        guard let leaf = input.settings.inputs[.leaf],
              HardwareEnvironment.simValue(chip: input.chip, offset: leaf) != nil else {
            report("not a gpio-sim chip: presses not simulated")
            return
        }
        _ = try input.readEdges(ready: input.pollDescriptors)

        var decoder = InputDecoder()
        for (line, active) in try input.initialLevels() {
            decoder.synchronize(line, active: active)
        }
        let before = SystemClock.monotonicSeconds()
        try HardwareEnvironment.setPull(chip: input.chip, offset: leaf, "pull-down")
        let pressed = try HardwareEnvironment.waitForEdges(input)
        try HardwareEnvironment.setPull(chip: input.chip, offset: leaf, "pull-up")
        let released = try HardwareEnvironment.waitForEdges(input)
        let after = SystemClock.monotonicSeconds()

        let edges = pressed + released
        #expect(edges.map(\.0) == [.leaf, .leaf])
        #expect(edges.map(\.1) == [true, false])
        for edge in edges {
            #expect(edge.2 >= before && edge.2 <= after, "stamp \(edge.2) outside [\(before), \(after)]")
        }
        let events = decoder.feed(edges) + decoder.timedAdvance(to: after + 1)
        #expect(events.map(\.event) == [.buttonPressed(.leaf), .buttonReleased(.leaf)])
        report("leaf press and release: \(edges.map { "\($0.1 ? "down" : "up")@\($0.2)" }.joined(separator: " ")) "
               + "within [\(before), \(after)] on CLOCK_MONOTONIC")

        // One detent clockwise: A leads B.
        guard let knobA = input.settings.inputs[.knobA], let knobB = input.settings.inputs[.knobB] else { return }
        var turn: [(RawLine, Bool, Double)] = []
        for (offset, pull) in [(knobA, "pull-down"), (knobB, "pull-down"), (knobA, "pull-up"), (knobB, "pull-up")] {
            try HardwareEnvironment.setPull(chip: input.chip, offset: offset, pull)
            turn += try HardwareEnvironment.waitForEdges(input)
        }
        #expect(turn.map(\.0) == [.knobA, .knobB, .knobA, .knobB])
        let turned = decoder.feed(turn)
        #expect(turned.map(\.event) == [.knobTurned(detents: 1)])
        report("one detent clockwise decoded: \(turned.map(\.event))")
    }

    @Test func anOverflowedQueueEndsAtTheLinesLevel() throws {
        let input = try HardwareEnvironment.open()
        defer { input.close() }
        guard let leaf = input.settings.inputs[.leaf],
              HardwareEnvironment.simValue(chip: input.chip, offset: leaf) != nil else {
            report("not a gpio-sim chip: overflow not simulated")
            return
        }
        _ = try input.readEdges(ready: input.pollDescriptors)
        // 41 changes, ending pressed: the kernel keeps the first 16 (ending released).
        for index in 0..<41 {
            try HardwareEnvironment.setPull(chip: input.chip, offset: leaf, index % 2 == 0 ? "pull-down" : "pull-up")
        }
        // The queue is full after the 16th change: once the line's descriptor is readable, the
        // events the kernel keeps are there (the later ones are dropped).
        try HardwareEnvironment.waitUntilReadable(input)
        let edges = try input.readEdges(ready: input.pollDescriptors)
        #expect(edges.count == 17)
        #expect(edges.last.map { $0.0 == .leaf && $0.1 } == true)
        #expect(edges.map(\.2) == edges.map(\.2).sorted())
        try HardwareEnvironment.setPull(chip: input.chip, offset: leaf, "pull-up")
        report("41 changes overflowed the queue: read \(edges.count) edges, the last the level read back")
    }

    @Test func closeReleasesEverything() throws {
        let input = try HardwareEnvironment.open()
        input.close()
        #expect(input.pollDescriptors.isEmpty)
        #expect(throws: GPIOError.closed) { try input.readEdges(ready: [0]) }
        #expect(throws: GPIOError.closed) { try input.initialLevels() }
        #expect(throws: GPIOError.closed) { try input.setLED(true) }
        input.close()
    }

    private func report(_ text: String) {
        print("GPIO hardware test: \(text)")
    }
}

/// The machine's chips and the test's settings, from the environment.
enum HardwareEnvironment {
    static let environment = ProcessInfo.processInfo.environment

    static var hasChip: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return names.contains(where: GPIOChipScan.isChipDevice)
    }

    static var label: String? {
        environment["SLEEPBOX_TEST_GPIOCHIP_LABEL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The settings the tests request.
    static func settings() throws -> GPIOInputSettings {
        let label = try #require(label)
        let lineText = environment["SLEEPBOX_TEST_GPIO_LINES"] ?? "0,1,2,3,4,5"
        let offsets = lineText.split(separator: ",").compactMap { UInt32($0.trimmingCharacters(in: .whitespaces)) }
        try #require(offsets.count == RawLine.allCases.count, "SLEEPBOX_TEST_GPIO_LINES needs six offsets: \(lineText)")
        var inputs: [RawLine: UInt32] = [:]
        for (line, offset) in zip(RawLine.allCases, offsets) {
            inputs[line] = offset
        }
        let chip = try GPIOInput.scanChips().chip(labelled: [label])
        let led: UInt32?
        switch environment["SLEEPBOX_TEST_GPIO_LED"] {
        case "none": led = nil
        case let text?: led = UInt32(text)
        case nil: led = chip.lineCount > 6 ? 6 : nil
        }
        return GPIOInputSettings(chipLabels: [label], inputs: inputs, led: led)
    }

    static func open() throws -> GPIOInput {
        try GPIOInput(settings: settings())
    }

    static func describe(_ settings: GPIOInputSettings) -> String {
        settings.requests.map { "\($0.pin.key)=\($0.offset)" }.joined(separator: " ")
    }

    /// The gpio-sim attribute directory of a line, when the chip is a gpio-sim bank.
    static func simDirectory(chip: GPIOChipInfo, offset: UInt32) -> String? {
        let path = "/sys/bus/gpio/devices/\(chip.name)/sim_gpio\(offset)"
        return FileManager.default.fileExists(atPath: path + "/value") ? path : nil
    }

    /// What gpio-sim says the line's value is ("0" or "1"), or nil for another chip.
    static func simValue(chip: GPIOChipInfo, offset: UInt32) -> String? {
        guard let directory = simDirectory(chip: chip, offset: offset) else { return nil }
        return (try? String(contentsOfFile: directory + "/value", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Drives a gpio-sim input: "pull-down" closes the contact (active-low), "pull-up" opens it.
    static func setPull(chip: GPIOChipInfo, offset: UInt32, _ pull: String) throws {
        let directory = try #require(simDirectory(chip: chip, offset: offset))
        let fd = Glibc.open(directory + "/pull", O_WRONLY)
        try #require(fd >= 0, "cannot open \(directory)/pull: errno \(errno)")
        defer { _ = Glibc.close(fd) }
        let written = pull.withCString { Glibc.write(fd, $0, strlen($0)) }
        try #require(written == pull.utf8.count, "cannot write \(directory)/pull: errno \(errno)")
    }

    /// Waits in poll() until one of the input's descriptors is readable (up to 5 s: the VM may
    /// be slow).
    static func waitUntilReadable(_ input: GPIOInput) throws {
        var fds = input.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = SystemCall.retryingEINTR { poll(&fds, nfds_t(fds.count), 5_000) }
        try #require(count > 0, "no event within 5 s")
    }

    /// Polls the input's descriptors (up to 5 s: the VM may be slow) and reads what arrived.
    static func waitForEdges(_ input: GPIOInput) throws -> [(RawLine, Bool, Double)] {
        let deadline = SystemClock.monotonicSeconds() + 5
        var edges: [(RawLine, Bool, Double)] = []
        while edges.isEmpty, SystemClock.monotonicSeconds() < deadline {
            var fds = input.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let count = poll(&fds, nfds_t(fds.count), 100)
            guard count > 0 else { continue }
            let ready = fds.filter { $0.revents & Int16(POLLIN) != 0 }.map(\.fd)
            edges += try input.readEdges(ready: ready)
        }
        try #require(!edges.isEmpty, "no edge within 5 s")
        return edges
    }
}
