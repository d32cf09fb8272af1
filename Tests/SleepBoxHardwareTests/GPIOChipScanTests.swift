import Glibc
import Testing
@testable import SleepBoxHardware
import SleepBoxSystem

@Suite struct GPIOChipScanTests {
    private let rp1 = GPIOChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-rp1", lineCount: 54)
    private let brcm = GPIOChipInfo(path: "/dev/gpiochip10", name: "gpiochip10", label: "gpio-brcmstb@107d508500", lineCount: 32)
    private let bcm2711 = GPIOChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
    private let expander = GPIOChipInfo(path: "/dev/gpiochip1", name: "gpiochip1", label: "raspberrypi-exp-gpio", lineCount: 8)

    @Test func theChipIsChosenByLabelNotByNumber() throws {
        let scan = GPIOChipScan(directory: "/dev", chips: [brcm, rp1])
        #expect(try scan.chip(labelled: ["pinctrl-rp1"]) == rp1)
    }

    @Test func labelsAreTriedInOrderOfPreference() throws {
        let old = GPIOChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2835", lineCount: 58)
        #expect(try GPIOChipScan(directory: "/dev", chips: [expander, old]).chip(labelled: ["pinctrl-bcm2711", "pinctrl-bcm2835"]) == old)
        #expect(try GPIOChipScan(directory: "/dev", chips: [old, bcm2711]).chip(labelled: ["pinctrl-bcm2711", "pinctrl-bcm2835"]) == bcm2711)
    }

    @Test func amongEqualLabelsTheFirstChipWins() throws {
        let second = GPIOChipInfo(path: "/dev/gpiochip3", name: "gpiochip3", label: "gpio-sim", lineCount: 8)
        let first = GPIOChipInfo(path: "/dev/gpiochip2", name: "gpiochip2", label: "gpio-sim", lineCount: 8)
        #expect(try GPIOChipScan(directory: "/dev", chips: [first, second]).chip(labelled: ["gpio-sim"]) == first)
    }

    @Test func labelsMatchExactly() {
        let scan = GPIOChipScan(directory: "/dev", chips: [rp1])
        #expect(throws: GPIOError.self) { try scan.chip(labelled: ["pinctrl-RP1"]) }
        #expect(throws: GPIOError.self) { try scan.chip(labelled: ["pinctrl"]) }
    }

    @Test func notFoundListsWhatWasFound() {
        let scan = GPIOChipScan(directory: "/dev", chips: [rp1])
        #expect(throws: GPIOError.chipNotFound(labels: ["pinctrl-bcm2711"], scan: scan)) {
            try scan.chip(labelled: ["pinctrl-bcm2711"])
        }
        #expect(GPIOError.chipNotFound(labels: ["pinctrl-bcm2711"], scan: scan).description
                == "no GPIO chip labelled pinctrl-bcm2711 (found: gpiochip0 \"pinctrl-rp1\" 54 lines)")
        let two = GPIOChipScan(directory: "/dev", chips: [bcm2711, expander],
                               failures: [SystemError("gpiod_chip_open", errno: ENODEV, path: "/dev/gpiochip2")])
        #expect(GPIOError.chipNotFound(labels: ["pinctrl-rp1", "pinctrl-x"], scan: two).description
                == "no GPIO chip labelled pinctrl-rp1 or pinctrl-x (found: gpiochip0 \"pinctrl-bcm2711\" 58 lines, "
                + "gpiochip1 \"raspberrypi-exp-gpio\" 8 lines, gpiochip2 (cannot open: No such device, errno 19))")
        #expect(GPIOError.chipNotFound(labels: ["pinctrl-rp1"], scan: GPIOChipScan(directory: "/dev", chips: [])).description
                == "no GPIO chip labelled pinctrl-rp1 (found: no GPIO chips in /dev)")
    }

    @Test func aChipThatMayNotBeOpenedMeansPermission() throws {
        let scan = GPIOChipScan(directory: "/dev", chips: [],
                                failures: [SystemError("gpiod_chip_open", errno: EACCES, path: "/dev/gpiochip0")])
        #expect(throws: GPIOError.permissionDenied(SystemError("gpiod_chip_open", errno: EACCES, path: "/dev/gpiochip0"))) {
            try scan.chip(labelled: ["pinctrl-bcm2711"])
        }
        #expect(GPIOError.permissionDenied(SystemError("gpiod_chip_open", errno: EACCES, path: "/dev/gpiochip0")).description
                == "cannot open /dev/gpiochip0: Permission denied (errno 13); add the user to the group gpio "
                + "(sudo usermod -aG gpio USER, then log in again)")
        // A chip that does open and matches is used all the same.
        let mixed = GPIOChipScan(directory: "/dev", chips: [bcm2711],
                                 failures: [SystemError("gpiod_chip_open", errno: EACCES, path: "/dev/gpiochip1")])
        #expect(try mixed.chip(labelled: ["pinctrl-bcm2711"]) == bcm2711)
    }

    @Test func chipDevicesAreSortedByNumber() {
        let names = ["gpiochip10", "tty0", "gpiochip2", "gpiochip", "gpiochip0", "gpiochipX", "i2c-1", "gpiochip1a"]
        #expect(GPIOChipScan.chipDevices(among: names) == ["gpiochip0", "gpiochip2", "gpiochip10"])
        #expect(GPIOChipScan.isChipDevice("gpiochip4"))
        #expect(!GPIOChipScan.isChipDevice("gpiochip"))
    }

    @Test func chipsDescribeThemselves() {
        #expect(rp1.description == "gpiochip0 \"pinctrl-rp1\" 54 lines")
        #expect(GPIOChipInfo(path: "/dev/gpiochip9", name: "gpiochip9", label: "one", lineCount: 1).description
                == "gpiochip9 \"one\" 1 line")
    }
}

@Suite struct GPIOErrorTests {
    private let chip = GPIOChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)

    @Test func aBusyLineNamesItsConsumer() {
        #expect(GPIOError.lineBusy(pin: .leaf, offset: 17, chip: chip, consumer: "gpio-keys", error: SystemError("gpiod_line_request_both_edges_events_flags", errno: EBUSY)).description
                == "line 17 (leaf) on gpiochip0 \"pinctrl-bcm2711\" 58 lines is busy (errno 16): used by \"gpio-keys\"")
        #expect(GPIOError.lineBusy(pin: .knobA, offset: 5, chip: chip, consumer: "sleepbox", error: SystemError("gpiod_line_request_both_edges_events_flags", errno: EBUSY)).description
                == "line 5 (knob_a) on gpiochip0 \"pinctrl-bcm2711\" 58 lines is busy (errno 16): used by \"sleepbox\" "
                + "(is another sleepbox running?)")
        #expect(GPIOError.lineBusy(pin: .led, offset: 12, chip: chip, consumer: nil, error: SystemError("gpiod_line_request_both_edges_events_flags", errno: EBUSY)).description
                == "line 12 (led) on gpiochip0 \"pinctrl-bcm2711\" 58 lines is busy (errno 16): used by another process "
                + "or a kernel driver (gpioinfo shows the consumer; a device-tree overlay may claim the pin)")
    }

    @Test func otherErrorsSayWhatAndWhere() {
        #expect(GPIOError.lineOutOfRange(pin: .skip, offset: 60, chip: chip).description
                == "line 60 (skip) is not on gpiochip0 \"pinctrl-bcm2711\" 58 lines (offsets 0 to 57); "
                + "check [pins] in the board profile and the configuration")
        #expect(GPIOError.failed(SystemError("gpiod_line_event_read_fd_multiple", errno: ENODEV), pin: .timer, offset: 22, chip: chip).description
                == "gpiod_line_event_read_fd_multiple failed for line 22 (timer) on gpiochip0 \"pinctrl-bcm2711\" 58 lines: "
                + "No such device (errno 19)")
        #expect(GPIOError.failed(SystemError("gpiod_chip_open", errno: EIO), pin: nil, offset: nil, chip: chip).description
                == "gpiod_chip_open failed for gpiochip0 \"pinctrl-bcm2711\" 58 lines: Input/output error (errno 5)")
        #expect(GPIOError.sameLine(pins: [.leaf, .led], offset: 17).description
                == "line 17 is given to leaf and led; every pin needs its own line")
        #expect(GPIOError.closed.errno == nil)
        #expect(GPIOError.permissionDenied(SystemError("gpiod_chip_open", errno: EPERM, path: "/dev/gpiochip0")).errno == EPERM)
    }
}
