#if canImport(Glibc)
import Glibc
#endif
import SleepBoxUI
import Testing
@testable import SleepBoxHardware

/// A panel that stops answering: unavailable without throwing, retried with backoff, re-initialised
/// and sent the whole current frame when it answers again.
@Suite struct OLEDFaultTests {
    static func frame(pixelAt x: Int) -> Framebuffer {
        var frame = Framebuffer()
        frame.set(x: x, y: 30)
        return frame
    }

    @Test func missingPanelAtStartIsUnavailableNotAnError() {
        let bus = I2CRecordingBus()
        bus.failing = ENXIO
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        let status = panel.show(Self.frame(pixelAt: 1), now: 100)
        #expect(status == .unavailable(
            "nothing answers at 0x3c on /dev/i2c-1 — check the wiring and the address (0x3c or 0x3d)"
                + " (write block: No such device or address, errno 6)"))
        guard case .unavailable(let error, since: 100) = panel.state else {
            Issue.record("state is \(panel.state)")
            return
        }
        #expect(error.isNoDevice)
        #expect(panel.nextRetry == 101)
        #expect(panel.counters.errors == 1)
        #expect(panel.counters.transfers == 0)
        #expect(panel.takeEvents() == [.lost(error, at: 100)])
        #expect(panel.takeEvents().isEmpty)
        #expect(panel.statusText.hasPrefix("unavailable: nothing answers at 0x3c on /dev/i2c-1"))
    }

    @Test func retriesFollowTheBackoffSchedule() {
        let bus = I2CRecordingBus()
        bus.failing = EREMOTEIO
        let panel = OLEDPanel(bus: bus, controller: .sh1106)
        panel.show(Self.frame(pixelAt: 1), now: 0)
        // 1 s doubling: tries at 1, 3, 7, 15, 31, 63, then every 60 s.
        let expected: [Double] = [1, 3, 7, 15, 31, 63, 123, 183, 243]
        var attempts = bus.attempts
        for due in expected {
            #expect(panel.nextRetry == due)
            // Not yet: no traffic, neither from retry nor from show.
            #expect(panel.retry(now: due - 0.001) != .ok)
            #expect(panel.show(Self.frame(pixelAt: 2), now: due - 0.5) != .ok)
            #expect(bus.attempts == attempts)
            // Due: one attempt (the first init write), which fails.
            #expect(panel.retry(now: due) != .ok)
            #expect(bus.attempts == attempts + 1)
            attempts = bus.attempts
        }
        #expect(panel.consecutiveFailures == expected.count + 1)
        // One loss reported, not one per failed try.
        #expect(panel.takeEvents().count == 1)
        #expect(bus.writes.isEmpty)
    }

    @Test(arguments: OLEDController.allCases)
    func recoveryReinitialisesAndResendsTheWholeFrame(_ controller: OLEDController) {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: controller)
        panel.show(Self.frame(pixelAt: 1), now: 10)
        _ = bus.take()
        _ = panel.takeEvents()

        // Lost in the middle of an update: the second write fails.
        bus.writesBeforeFailure = 1
        #expect(panel.show(Self.frame(pixelAt: 2), now: 20) != .ok)
        #expect(bus.take().count == 1)
        guard case .unavailable(let error, since: 20) = panel.state else {
            Issue.record("state is \(panel.state)")
            return
        }
        // Frames keep coming while it is gone; the last one is what comes back.
        panel.show(Self.frame(pixelAt: 3), now: 20.5)
        panel.retry(now: 21)  // fails again
        bus.failing = nil
        panel.show(Self.frame(pixelAt: 4), now: 22)
        #expect(bus.take().isEmpty)
        #expect(panel.nextRetry == 23)

        #expect(panel.retry(now: 23) == .ok)
        #expect(panel.state == .ready)
        #expect(panel.nextRetry == nil)
        let writes = bus.take()
        let initBytes = controller.initCommands(rotated180: false, contrast: OLEDContrast.day).flatMap { $0 }
        #expect(writes.first == I2CBlockWrite(command: 0x00, bytes: initBytes))
        #expect(writes.last == .commands(0xAF))
        let frameBytes = writes.dropFirst().dropLast().filter { $0.command == 0x40 }.flatMap { $0.bytes }
        #expect(frameBytes == Self.frame(pixelAt: 4).bytes)
        #expect(panel.takeEvents() == [.lost(error, at: 20), .restored(at: 23, downtime: 3, attempts: 2)])
        #expect(panel.counters.inits == 2)
        #expect(panel.counters.fullFrames == 2)

        // Steady state again: only changes.
        panel.show(Self.frame(pixelAt: 4), now: 24)
        #expect(bus.take().isEmpty)
    }

    @Test func showRetriesWhenDue() {
        let bus = I2CRecordingBus()
        bus.failing = ETIMEDOUT
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        panel.show(Framebuffer(), now: 0)
        bus.failing = nil
        #expect(panel.show(Self.frame(pixelAt: 9), now: 1) == .ok)
        #expect(panel.state == .ready)
        #expect(bus.writes.contains(.commands(0xAF)))
    }

    @Test func failuresAreCounted() {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        panel.show(Framebuffer(), now: 0)
        let good = panel.counters
        #expect(good.errors == 0)
        #expect(good.transfers == 1 + 8 * 5 + 1)
        #expect(good.bytesSent == 26 + 8 * (4 + 4 * 33) + 2)
        bus.failing = EIO
        panel.show(Self.frame(pixelAt: 5), now: 1)
        #expect(panel.counters.errors == 1)
        #expect(panel.counters.transfers == good.transfers)
    }

    @Test func backoffDelays() {
        let standard = OLEDPanel.standardBackoff
        #expect((1...9).map { standard.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        #expect(standard.delay(afterFailures: 10_000) == 60)
    }
}
