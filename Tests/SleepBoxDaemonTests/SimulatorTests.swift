import Foundation
import Logging
import SleepBoxCore
import SleepBoxUI
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxStore

/// The simulator end to end, in process: scripts through the real input decoder, the trace, and
/// a restart from the state file.
@Suite struct SimulatorTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current
    /// 2026-11-22T22:30:00 in Berlin (UTC+1).
    static let evening: Double = 1_795_383_000

    final class Lines: @unchecked Sendable { var all: [String] = [] }

    static func simulator(config: BoxConfig = BoxConfig(timeZone: berlin), store: StateStore? = nil,
                          lines: Lines? = nil, start: Double = evening, seed: UInt64 = 7) -> Simulator {
        let trace = lines.map { l in TraceRecorder { l.all.append($0) } }
        return Simulator(config: config, catalog: BuiltInCatalog.catalog, startWall: start, seed: seed,
                         store: store, trace: trace, frames: nil, logger: Logger(label: "test"))
    }

    static func records(_ lines: Lines) throws -> [[String: Any]] {
        try lines.all.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func theStartTimeIsTheEveningWeMeant() {
        #expect(LocalClock(timeZone: Self.berlin).isoLocal(Self.evening) == "2026-11-22T22:30:00")
    }

    @Test func aPressGoesThroughDebounceAndStartsMeditationAtOnce() throws {
        let lines = Lines()
        let sim = Self.simulator(lines: lines)
        ScriptRunner(script: SimulatorScript(steps: [ScriptStep(line: 1, at: 5, action: .press(.leaf))])).run(on: sim)
        let recs = try Self.records(lines)
        let press = try #require(recs.first { ($0["event"] as? String) == "press leaf" })
        #expect(press["t"] as? Double == 5)
        #expect(press["mode"] as? String == "meditation")
        #expect(press["phase"] as? String == "playing")
        #expect(press["commands"] as? [String] == ["play", "persist"])
        // The bouncing contact makes exactly one press and one release.
        #expect(recs.filter { ($0["event"] as? String) == "press leaf" }.count == 1)
        #expect(recs.filter { ($0["event"] as? String) == "release leaf" }.count == 1)
        #expect(recs.last?["event"] as? String == "end")
    }

    @Test func aTraceRecordHasEveryDocumentedFieldInOrder() throws {
        let lines = Lines()
        let sim = Self.simulator(lines: lines)
        sim.start()
        let first = try #require(lines.all.first)
        #expect(first == #"{"t":0,"clock":"2026-11-22T22:30:00","event":"start","mode":"off","phase":"idle","item":null,"timer":null,"volume":50,"alarm":null,"alarms":[null,null,null,null],"nextRing":null,"contentCompleted":false,"screen":"idle","caption":null,"session":null,"reminder":{"time":"22:00","enabled":false,"next":null},"clockSource":"ntp","commands":["setVolume"],"spoken":null}"#)
    }

    @Test func aRecordNamesTheOpenMenuItsTitleAndTheRowTheKnobPointsAt() throws {
        let lines = Lines()
        let sim = Self.simulator(lines: lines)
        sim.start()
        _ = sim.perform(.hold(.knob, seconds: 1.5))
        sim.advance(to: 3)
        _ = sim.perform(.turn(1))
        sim.advance(to: 4)
        let recs = try Self.records(lines)
        // Closed: no "menu" key at all, so a record without a menu stays as it was.
        #expect(recs.first?["menu"] == nil)
        let menus = recs.compactMap { $0["menu"] as? [String: Any] }
        #expect(menus.first?["title"] as? String == "Library")
        #expect(menus.first?["row"] as? String == "Featured tonight")
        // One detent on: Favorites (Continue listening is left out while nothing is started).
        #expect(menus.last?["row"] as? String == "Favorites")
    }

    @Test func knobTurnsArriveAsOneEventPerDetent() throws {
        let lines = Lines()
        let sim = Self.simulator(lines: lines)
        sim.start()
        sim.perform(.turn(-3))
        sim.advance(to: 1)
        let turns = try Self.records(lines).compactMap { $0["event"] as? String }.filter { $0.hasPrefix("turn") }
        #expect(turns == ["turn -1", "turn -1", "turn -1"])
        #expect(sim.box.state.volume == 35)
    }

    @Test func theSleepTimerFadesAndStopsOnTime() throws {
        var config = BoxConfig(timeZone: Self.berlin)
        config.timer.choices = [0.5]
        let lines = Lines()
        let sim = Self.simulator(config: config, lines: lines)
        let steps = [ScriptStep(line: 1, at: 0, action: .press(.leaf)), ScriptStep(line: 2, at: 10, action: .press(.timer)),
                     ScriptStep(line: 3, at: 11, action: .turn(1)), ScriptStep(line: 4, at: 12, action: .press(.knob)),
                     ScriptStep(line: 5, at: 120, action: .end)]
        ScriptRunner(script: SimulatorScript(steps: steps)).run(on: sim)
        let recs = try Self.records(lines)
        // Committed by the knob press at 12 s: 30 s timer, so the fade (shortened to 30 s) starts at 42 s.
        let fade = try #require(recs.first { ($0["commands"] as? [String])?.contains("rampGain") == true })
        #expect(fade["t"] as? Double == 42)
        #expect(fade["phase"] as? String == "fadingOut")
        let stop = try #require(recs.first { ($0["commands"] as? [String])?.contains("stop") == true })
        #expect(stop["t"] as? Double == 72)
        #expect(stop["contentCompleted"] as? Bool == true)
        #expect(sim.box.state.phase == .idle)
    }

    @Test func aRestartFromTheStateFileResumesTheSameItem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-sim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = Self.simulator(store: StateStore(directory: dir))
        ScriptRunner(script: SimulatorScript(steps: [ScriptStep(line: 1, at: 0, action: .press(.leaf)),
                                                      ScriptStep(line: 2, at: 100, action: .end)])).run(on: first)
        let (item, position) = try #require(first.box.currentItem(at: first.now))
        // Saved every 15 s while playing: the last save was at 90 s (the press's own save at 0, then
        // 15, 30, ...); it resumes 3 s before that.
        let lines = Lines()
        let second = Self.simulator(store: StateStore(directory: dir), lines: lines, start: Self.evening + 600)
        second.start()
        let (again, resumed) = try #require(second.box.currentItem(at: second.now))
        #expect(again.id == item.id)
        #expect(resumed == 87)
        #expect(position - resumed <= 15 + 3)
        #expect(try Self.records(lines).first?["event"] as? String == "restore")
    }

    @Test func theSimulatedPlayerReportsTheEndOfAnItem() {
        var player = SimulatedPlayer(catalog: BuiltInCatalog.catalog)
        player.apply(.play("poem-the-moon", from: 50), at: 10)
        #expect(player.nextReport == 15)
        player.apply(.pause, at: 12)
        #expect(player.nextReport == nil)
        player.apply(.resume, at: 20)
        #expect(player.nextReport == 23)
        #expect(player.reports(at: 22.9) == [])
        #expect(player.reports(at: 23) == [.itemFinished("poem-the-moon")])
    }

    @Test func framesAreNamedByVirtualTimeAndSortInOrder() {
        #expect(FrameRecorder.name(at: 0) == "00h00m00.000s.png")
        #expect(FrameRecorder.name(at: 0, index: 2) == "00h00m00.000s_2.png")
        #expect(FrameRecorder.name(at: 5434.25) == "01h30m34.250s.png")
        let names = [FrameRecorder.name(at: 1), FrameRecorder.name(at: 1, index: 2), FrameRecorder.name(at: 1.001)]
        #expect(names.sorted() == names)
        #expect(FrameRecorder.name(at: 1e19) == FrameRecorder.name(at: .infinity))
    }

    @Test func theRunLogMarksModesTheTimersFadeAlarmsAndSnoozes() throws {
        var config = BoxConfig(timeZone: Self.berlin)
        config.timer.choices = [1]
        config.alarm = AlarmSettings(hour: 22, minute: 40)
        let sim = Self.simulator(config: config)
        // Meditation at 1 s; timer, one detent to 1 minute, knob to commit; at 22:40 the alarm;
        // any button snoozes; a long leaf hold after the snooze's ring stops it.
        let steps: [ScriptStep] = [
            ScriptStep(line: 1, at: 1, action: .press(.leaf)),
            ScriptStep(line: 2, at: 3, action: .press(.timer)),
            ScriptStep(line: 3, at: 4, action: .turn(1)),
            ScriptStep(line: 4, at: 5, action: .press(.knob)),
            ScriptStep(line: 5, at: 610, action: .press(.skip)),
            ScriptStep(line: 6, at: 1200, action: .hold(.leaf, seconds: 2.5)),
            ScriptStep(line: 7, at: 1300, action: .end),
        ]
        ScriptRunner(script: SimulatorScript(steps: steps)).run(on: sim)
        let labels = sim.log.moments.map(\.label)
        // The sleep timer's fade leaves the mode as it was; the alarm turns it off as it starts.
        #expect(labels == ["meditation", "timer fade", "alarm", "off", "snooze", "alarm", "alarm off"], "\(sim.log.moments)")
        let fade = try #require(sim.log.fades.first)
        #expect(fade.upperBound - fade.lowerBound == config.timer.fadeOutSeconds)
        #expect(sim.log.insets.map(\.title) == ["the sleep timer's fade", "the alarm"])
        #expect(sim.log.insets.first?.range.contains(fade.lowerBound) == true)
    }

    @Test func framesAFractionOfAMillisecondApartAreBothKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorder = try FrameRecorder(directory: dir, scale: 1)
        var a = Framebuffer(), b = Framebuffer()
        a.set(x: 1, y: 1)
        b.set(x: 2, y: 2)
        recorder.record(a, dimmed: false, at: 1.0001)
        recorder.record(b, dimmed: false, at: 1.0004)
        recorder.record(a, dimmed: false, at: 1.0020)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(recorder.written == 3)
        #expect(files == ["00h00m01.000s.png", "00h00m01.000s_2.png", "00h00m01.002s.png"])
    }
}

/// The owner setting the clock in the simulator: the core's `setClock` moves the virtual clock,
/// the trace shows the new source, and the alarm rings at the new time.
@Suite struct SimulatorClockTests {
    @Test func aHandSettingMovesTheVirtualClockAndTheAlarmFollowsIt() throws {
        let lines = SimulatorTests.Lines()
        let config = BoxConfig(timeZone: SimulatorTests.berlin, alarm: AlarmSettings(hour: 6, minute: 30))
        let sim = SimulatorTests.simulator(config: config, lines: lines)
        let set = try #require(LocalDateTime(parsing: "2026-11-23T06:25:00"))
        ScriptRunner(script: SimulatorScript(steps: [ScriptStep(line: 1, at: 60, action: .setClock(set)),
                                                     ScriptStep(line: 2, at: 600, action: .end)])).run(on: sim)
        let recs = try SimulatorTests.records(lines)
        let asked = try #require(recs.first { ($0["event"] as? String)?.hasPrefix("set clock") == true })
        #expect(asked["t"] as? Double == 60)
        #expect(asked["commands"] as? [String] == ["setClock"])
        let source = try #require(recs.first { ($0["event"] as? String) == "clock source setByHand" })
        #expect(source["clock"] as? String == "2026-11-23T06:25:00")
        #expect(source["clockSource"] as? String == "setByHand")
        // Five minutes of the new time later, it rings.
        let ring = try #require(recs.first { ($0["commands"] as? [String])?.contains("startAlarm") == true })
        #expect(ring["clock"] as? String == "2026-11-23T06:30:00")
        #expect(ring["t"] as? Double == 360)
        #expect(ring["phase"] as? String == "ringing")
    }
}
