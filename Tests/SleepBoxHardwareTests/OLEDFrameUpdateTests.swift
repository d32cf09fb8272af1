import SleepBoxUI
import Testing
@testable import SleepBoxHardware

/// What `show` sends: the whole first frame, then only the changed column span of each page.
@Suite struct OLEDFrameUpdateTests {
    /// A frame with every byte different from its neighbours and none zero.
    static func patterned() throws -> Framebuffer {
        try #require(Framebuffer(bytes: (0..<1024).map { UInt8($0 % 251 + 1) }))
    }

    /// A ready panel that has shown `frame`, with the bus log cleared.
    static func started(_ controller: OLEDController, showing frame: Framebuffer = Framebuffer())
        -> (OLEDPanel, I2CRecordingBus) {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: controller)
        panel.show(frame, now: 0)
        _ = bus.take()
        return (panel, bus)
    }

    @Test(arguments: OLEDController.allCases)
    func firstFrameIsEightPagesInChunksOf32(_ controller: OLEDController) throws {
        let frame = try Self.patterned()
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: controller)
        panel.show(frame, now: 0)
        let writes = Array(bus.take().dropFirst())  // the init sequence
        #expect(writes.count == 8 * 5 + 1)
        // Column 0 on the SSD1306; column 2 (low nibble 0x02, high 0x10) on the SH1106.
        let low: UInt8 = controller == .sh1106 ? 0x02 : 0x00
        for page in 0..<8 {
            let group = writes[(page * 5)..<(page * 5 + 5)]
            #expect(group.first == .commands(0xB0 + UInt8(page), low, 0x10))
            let chunks = group.dropFirst()
            #expect(chunks.allSatisfy { $0.command == 0x40 && $0.bytes.count == 32 })
            #expect(chunks.flatMap { $0.bytes } == Array(frame.page(page)))
        }
        #expect(writes.last == .commands(0xAF))
        #expect(panel.counters.fullFrames == 1)
        #expect(panel.counters.dataBytes == 1024)
    }

    @Test(arguments: OLEDController.allCases)
    func identicalFrameSendsNothing(_ controller: OLEDController) throws {
        let frame = try Self.patterned()
        let (panel, bus) = Self.started(controller, showing: frame)
        let before = panel.counters
        #expect(panel.show(frame, now: 1) == .ok)
        #expect(bus.take().isEmpty)
        #expect(panel.counters == before)
    }

    @Test func ssd1306OnePixelSendsOneByte() {
        let (panel, bus) = Self.started(.ssd1306)
        var frame = Framebuffer()
        frame.set(x: 70, y: 21)  // page 2, bit 5; column 70 = 0x46
        panel.show(frame, now: 1)
        #expect(bus.take() == [.commands(0xB2, 0x06, 0x14), .data([0x20])])
    }

    @Test func sh1106OnePixelSendsOneByteAtColumnPlus2() {
        let (panel, bus) = Self.started(.sh1106)
        var frame = Framebuffer()
        frame.set(x: 70, y: 21)  // RAM column 72 = 0x48
        panel.show(frame, now: 1)
        #expect(bus.take() == [.commands(0xB2, 0x08, 0x14), .data([0x20])])
    }

    @Test func sh1106ColumnOffsetCarriesIntoTheHighNibble() {
        let (panel, bus) = Self.started(.sh1106)
        var frame = Framebuffer()
        frame.set(x: 14, y: 0)   // RAM column 16 = 0x10
        frame.set(x: 127, y: 0)  // RAM column 129 = 0x81, the last visible one
        panel.show(frame, now: 1)
        #expect(bus.take() == [.commands(0xB0, 0x00, 0x11), .data([0x01]), .commands(0xB0, 0x01, 0x18), .data([0x01])])
    }

    @Test func sh1106WholePageRowStartsAtColumn2() {
        let (panel, bus) = Self.started(.sh1106)
        var frame = Framebuffer()
        frame.hline(x: 0, y: 47, width: 128)  // page 5, bit 7
        panel.show(frame, now: 1)
        let writes = bus.take()
        #expect(writes.first == .commands(0xB5, 0x02, 0x10))
        #expect(writes.dropFirst().map { $0.bytes.count } == [32, 32, 32, 32])
        #expect(writes.dropFirst().allSatisfy { $0.command == 0x40 && $0.bytes.allSatisfy { $0 == 0x80 } })
    }

    @Test(arguments: OLEDController.allCases)
    func spanRunsFromFirstToLastChangedColumn(_ controller: OLEDController) {
        let (panel, bus) = Self.started(controller)
        var frame = Framebuffer()
        frame.set(x: 40, y: 33)  // page 4, bit 1
        frame.set(x: 43, y: 34)  // page 4, bit 2
        panel.show(frame, now: 1)
        switch controller {
        case .ssd1306: #expect(bus.take() == [.commands(0xB4, 0x08, 0x12), .data([0x02, 0x00, 0x00, 0x04])])
        case .sh1106: #expect(bus.take() == [.commands(0xB4, 0x0A, 0x12), .data([0x02, 0x00, 0x00, 0x04])])
        }
    }

    @Test(arguments: OLEDController.allCases)
    func changesInTwoPagesSendTwoSpans(_ controller: OLEDController) {
        let (panel, bus) = Self.started(controller)
        var frame = Framebuffer()
        frame.set(x: 10, y: 9)    // page 1, bit 1
        frame.set(x: 11, y: 10)   // page 1, bit 2
        frame.set(x: 100, y: 55)  // page 6, bit 7
        panel.show(frame, now: 1)
        switch controller {
        case .ssd1306:
            #expect(bus.take() == [.commands(0xB1, 0x0A, 0x10), .data([0x02, 0x04]),
                                   .commands(0xB6, 0x04, 0x16), .data([0x80])])
        case .sh1106:
            #expect(bus.take() == [.commands(0xB1, 0x0C, 0x10), .data([0x02, 0x04]),
                                   .commands(0xB6, 0x06, 0x16), .data([0x80])])
        }
    }

    @Test(arguments: OLEDController.allCases)
    func aLongUnchangedStretchSplitsAPage(_ controller: OLEDController) {
        let (panel, bus) = Self.started(controller)
        var frame = Framebuffer()
        frame.set(x: 20, y: 56)  // page 7, bit 0
        frame.set(x: 29, y: 56)  // 8 unchanged columns after column 20: a second run
        frame.set(x: 37, y: 57)  // 7 unchanged columns after column 29: same run
        panel.show(frame, now: 1)
        let offset = UInt8(controller.columnOffset)
        #expect(bus.take() == [
            .commands(0xB7, (20 + offset) & 0x0F, 0x11), .data([0x01]),
            .commands(0xB7, (29 + offset) & 0x0F, 0x11), .data([0x01] + [UInt8](repeating: 0, count: 7) + [0x02]),
        ])
    }

    @Test(arguments: OLEDController.allCases)
    func neighbouringPagesAreSeparateSpans(_ controller: OLEDController) {
        let (panel, bus) = Self.started(controller)
        var frame = Framebuffer()
        frame.fill(PixelRect(x: 40, y: 16, width: 3, height: 16))  // pages 2-3, columns 40-42
        panel.show(frame, now: 1)
        let low: UInt8 = controller == .sh1106 ? 0x0A : 0x08
        #expect(bus.take() == [.commands(0xB2, low, 0x12), .data([0xFF, 0xFF, 0xFF]),
                               .commands(0xB3, low, 0x12), .data([0xFF, 0xFF, 0xFF])])
    }

    @Test func wholePageRowIsFourChunks() {
        let (panel, bus) = Self.started(.ssd1306)
        var frame = Framebuffer()
        frame.hline(x: 0, y: 24, width: 128)  // page 3, bit 0
        panel.show(frame, now: 1)
        let writes = bus.take()
        #expect(writes.first == .commands(0xB3, 0x00, 0x10))
        #expect(writes.dropFirst().map { $0.bytes.count } == [32, 32, 32, 32])
        #expect(writes.dropFirst().allSatisfy { $0.command == 0x40 && $0.bytes.allSatisfy { $0 == 0x01 } })
    }

    @Test(arguments: OLEDController.allCases)
    func updatesFollowWhatThePanelHolds(_ controller: OLEDController) {
        let (panel, bus) = Self.started(controller)
        var first = Framebuffer()
        first.set(x: 5, y: 5)
        panel.show(first, now: 1)
        _ = bus.take()
        // Back to blank: the same byte goes out again, now as 0x00.
        panel.show(Framebuffer(), now: 2)
        let writes = bus.take()
        #expect(writes.count == 2)
        #expect(writes.last == .data([0x00]))
        #expect(panel.counters.framesSent == 3)
    }

    @Test func plannerNeverExceedsTheBlockLimit() throws {
        let frame = try Self.patterned()
        for offset in [0, 2] {
            for old in [nil, Framebuffer(), frame.shifted(dx: 1, dy: 0)] {
                let writes = OLEDFramePlanner.plan(from: old, to: frame, columnOffset: offset)
                #expect(writes.allSatisfy { (1...32).contains($0.bytes.count) })
            }
        }
    }
}
