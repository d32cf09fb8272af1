import SleepBoxCore
import SleepBoxUI
import Testing
@testable import SleepBoxHardware

/// Bytes, transfers and wire time for real screen changes, printed as "OLED-MEASURE" lines.
@Suite struct OLEDMeasurementTests {
    static func idle(_ hour: Int, _ minute: Int) -> Framebuffer {
        ScreenRenderer.render(DisplayFrame(screen: .idle(IdleScreen(
            greeting: "Good evening", hour: hour, minute: minute, nextAlarm: "Mon 06:45", timerRemaining: nil))))
    }

    static func playing(elapsed: Double, timer: Double) -> Framebuffer {
        ScreenRenderer.render(DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Body Scan", elapsed: elapsed, duration: 960, isPaused: false,
            timerRemaining: timer, stopsAtEnd: false))))
    }

    /// Totals of a list of writes.
    struct Cost: Equatable, CustomStringConvertible {
        var transfers: Int
        var bytes: Int
        var wireBits: Int

        init(_ writes: [I2CBlockWrite]) {
            transfers = writes.count
            bytes = writes.reduce(0) { $0 + $1.payloadCount }
            wireBits = writes.reduce(0) { $0 + $1.wireBits }
        }

        var description: String {
            let ms400 = Double(wireBits) / 400_000 * 1000
            let ms100 = Double(wireBits) / 100_000 * 1000
            return "\(transfers) transfers, \(bytes) bytes, \(wireBits) bits, "
                + "\(ms400.formatted2) ms at 400 kHz, \(ms100.formatted2) ms at 100 kHz"
        }
    }


    static func report(_ name: String, from old: Framebuffer?, to new: Framebuffer) -> [Cost] {
        if let old {
            let runs = OLEDFramePlanner.changedRuns(from: old, to: new)
            let text = runs.map { "p\($0.page):\($0.columns.lowerBound)-\($0.columns.upperBound)" }
            print("OLED-MEASURE \(name): changed \(text.joined(separator: " "))")
        }
        return OLEDController.allCases.map { controller in
            let cost = Cost(OLEDFramePlanner.plan(from: old, to: new, columnOffset: controller.columnOffset))
            print("OLED-MEASURE \(name) — \(controller): \(cost)")
            return cost
        }
    }

    @Test func fullFrame() throws {
        let costs = Self.report("full frame", from: nil, to: Self.idle(22, 47))
        for cost in costs {
            #expect(cost.transfers == 8 + 32)
            #expect(cost.bytes == 8 * 4 + 32 * 33)
            // 40 x (START + address + ACK + STOP) + 1088 x 9 bits.
            #expect(cost.wireBits == 40 * 11 + 1088 * 9)
        }
        // Bring-up as the panel does it: init, whole frame, display on.
        for controller in OLEDController.allCases {
            let bus = I2CRecordingBus()
            let panel = OLEDPanel(bus: bus, controller: controller)
            panel.show(Self.idle(22, 47), now: 0)
            let c = panel.counters
            print("OLED-MEASURE bring-up \(controller): \(c.transfers) transfers, \(c.bytesSent) bytes, "
                  + "\(c.wireBits) bits, \((c.wireSeconds(atHertz: 400_000) * 1000).formatted2) ms at 400 kHz")
            #expect(c.wireBits == Cost(bus.writes).wireBits)
        }
    }

    @Test func clockMinuteOnIdleScreen() {
        let oneDigit = Self.report("idle 22:47 -> 22:48", from: Self.idle(22, 47), to: Self.idle(22, 48))
        let allDigits = Self.report("idle 22:59 -> 23:00", from: Self.idle(22, 59), to: Self.idle(23, 0))
        for costs in [oneDigit, allDigits] {
            #expect(costs[0] == costs[1])
            #expect(costs[0].bytes < 200)
        }
    }

    @Test func countdownSecondOnNowPlaying() {
        let typical = Self.report("playing 3:20/-12:40 timer 44:10 -> +1 s",
                                  from: Self.playing(elapsed: 200, timer: 2650), to: Self.playing(elapsed: 201, timer: 2649))
        let timerOnly = Self.report("playing, sleep timer 44:10 -> 44:09 only",
                                    from: Self.playing(elapsed: 200, timer: 2650), to: Self.playing(elapsed: 200, timer: 2649))
        for costs in [typical, timerOnly] {
            #expect(costs[0] == costs[1])
            #expect(costs[0].bytes < 300)
        }
    }
}

extension Double {
    /// Two decimals, without Foundation.
    var formatted2: String {
        let hundredths = Int((self * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
