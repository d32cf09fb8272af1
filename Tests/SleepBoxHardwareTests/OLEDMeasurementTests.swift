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

    /// A playing minute as the panel sees it: a wake-up every 10 ms (an audio period), the
    /// now-playing frame with the position as it was carried before the screen model rounded it
    /// (the exact seconds) and as it is now (whole seconds shown: played rounded down, the timer
    /// rounded up). The panel only ever sends the columns that changed, so the bytes are the same:
    /// what the rounding saved was rendering 100 frames a second, not bus traffic.
    @Test func aPlayingMinuteSendsTheSameBytesWhetherThePositionIsRoundedOrNot() {
        func minute(rounded: Bool) -> Cost {
            var writes: [I2CBlockWrite] = []
            var old = Self.playing(elapsed: 300, timer: 1_200)
            for k in 1...6_000 {
                let t = 300 + Double(k) / 100
                let elapsed = rounded ? t.rounded(.down) : t
                let timer = rounded ? (1_500 - t).rounded(.up) : 1_500 - t
                let new = Self.playing(elapsed: elapsed, timer: timer)
                writes += OLEDFramePlanner.plan(from: old, to: new, columnOffset: 0)
                old = new
            }
            return Cost(writes)
        }
        let exact = minute(rounded: false), whole = minute(rounded: true)
        print("OLED-MEASURE a playing minute, position exact: \(exact)")
        print("OLED-MEASURE a playing minute, whole seconds: \(whole)")
        #expect(exact == whole)
        #expect(whole.bytes == 3_508)
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

extension OLEDMeasurementTests {
    static func breathing(_ step: BreathStep.Kind, fullness: Double, left: Int) -> Framebuffer {
        let label = step == .inhale ? "Breathe in" : step == .hold ? "Hold" : "Breathe out"
        return ScreenRenderer.render(DisplayFrame(screen: .breathing(BreathingScreen(
            title: "4-7-8 Breathing", step: step, label: label, fullness: fullness, secondsLeft: left, cycle: 2,
            cycles: 8, isPaused: false, timerRemaining: nil))))
    }

    /// One whole 4-7-8 breath at the animation's 8 frames a second: every frame is far less than a
    /// whole one, and a second of animation costs what the bus carries in a small part of a second.
    @Test func aBreathAtEightFramesASecond() {
        var frames: [Framebuffer] = []
        let rate = 8
        for i in 0..<(4 * rate) { frames.append(Self.breathing(.inhale, fullness: Double(i) / Double(4 * rate), left: 4 - i / rate)) }
        for i in 0..<(7 * rate) { frames.append(Self.breathing(.hold, fullness: 1, left: 7 - i / rate)) }
        for i in 0..<(8 * rate) { frames.append(Self.breathing(.exhale, fullness: 1 - Double(i) / Double(8 * rate), left: 8 - i / rate)) }
        var bytes: [Int] = []
        var bits: [Int] = []
        for (old, new) in zip(frames, frames.dropFirst()) {
            let cost = Cost(OLEDFramePlanner.plan(from: old, to: new, columnOffset: OLEDController.ssd1306.columnOffset))
            bytes.append(cost.bytes)
            bits.append(cost.wireBits)
        }
        let total = bits.reduce(0, +)
        let seconds = Double(frames.count - 1) / Double(rate)
        let worst = bytes.max() ?? 0
        print("OLED-MEASURE breathing 4-7-8 at \(rate) fps: \(frames.count - 1) updates, worst \(worst) bytes, "
              + "mean \(bytes.reduce(0, +) / max(1, bytes.count)) bytes, \(Double(total) / seconds / 400_000 * 100)% of a 400 kHz bus")
        #expect(worst < 8 * 4 + 32 * 33, "no breathing update is a whole frame")
        #expect(Double(total) / seconds < 400_000 * 0.25, "the animation takes under a quarter of the bus")
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
