import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxConfig
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSound
@testable import SleepBoxStore

/// The docs' example scripts run in process on the bundled library, as `sleepbox simulate` runs
/// them (no sound, espeak-ng's lengths), each checked for what its comments say it shows.
@Suite struct DocsExamplesRunTests {
    static let checkout = DocsExamplesTests.directory.deletingLastPathComponent().deletingLastPathComponent()

    /// What a run showed: the screen just before each step, 3 s after it and at the end, and the box after it.
    struct Run {
        var screens: [(at: Double, screen: Screen)]
        var box: Box
        var traceLines: [String]

        var menus: [MenuScreen] { screens.compactMap { if case .menu(let m) = $0.screen { return m } else { return nil } } }
        func menu(titled title: String) -> [MenuScreen] { menus.filter { $0.title == title } }
        var last: Screen? { screens.last?.screen }
    }

    final class Lines: @unchecked Sendable { var all: [String] = [] }

    /// Runs `docs/examples/<script>` with `config` (in docs/examples, or none) from the local `start`.
    static func run(_ script: String, config: String? = nil, start: String = "2026-11-22T22:30:00", seed: UInt64 = 7,
                    observer: RunnerObserver? = nil) throws -> Run {
        let state = FileManager.default.temporaryDirectory.path + "/sleepbox-examples-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        var file = try loadConfigFile(config.map { DocsExamplesTests.directory.appendingPathComponent($0).path })
        file.devices.contentDirectory = checkout.appendingPathComponent("content").path
        file.devices.voice.engine = .espeak
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let content = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: state,
                                        format: AudioFormat(sampleRate: file.devices.sampleRate), logger: logger)
        let startWall = try #require(LocalDateTime(parsing: start)?.secondsSince1970(in: file.config.timeZone))
        let lines = Lines()
        let sim = Simulator(config: file.config, catalog: content.catalog, startWall: startWall, seed: seed,
                            store: StateStore(directory: state), trace: TraceRecorder { lines.all.append($0) }, frames: nil,
                            light: file.devices.light.chip == nil ? NoLight() : SimulatedLight(channels: file.devices.light.calibration),
                            logger: logger)
        let steps = try SimulatorScript.load(path: DocsExamplesTests.directory.appendingPathComponent(script).path).steps
        var screens: [(at: Double, screen: Screen)] = []
        if let observer { sim.runner.add(observer) }
        sim.start()
        for (index, step) in steps.enumerated() {
            sim.advance(to: step.at)
            screens.append((step.at, sim.box.display(at: sim.now).screen))
            sim.perform(step.action)
            if sim.runner.hasEnded { break }
            // And what the step brought up, 3 s on (or just before the next step).
            let probe = min(index + 1 < steps.count ? steps[index + 1].at : step.at, step.at + 3)
            if probe > step.at {
                sim.advance(to: probe)
                screens.append((probe, sim.box.display(at: sim.now).screen))
            }
        }
        sim.finishInput()
        sim.finish()
        screens.append((sim.time, sim.box.display(at: sim.now).screen))
        return Run(screens: screens, box: sim.box, traceLines: lines.all)
    }

    /// dawn.jsonl: the dawn rising from 06:15 (the sun left of the clock), full at the 06:45 ring,
    /// the alarm stopped at 06:51, the light held 5 minutes and faded out by 06:57.
    @Test func dawnShowsTheLightRisingHeldAndFaded() throws {
        let run = try Self.run("dawn.jsonl", config: "dawn.toml", start: "2026-11-24T06:05:00", seed: 1)
        let light = try run.traceLines.compactMap { line -> (clock: String, lstar: Double)? in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["event"] as? String == "light", let l = object["light"] as? [String: Any] else { return nil }
            return (object["clock"] as? String ?? "", l["lstar"] as? Double ?? -1)
        }
        #expect(light.first?.clock == "2026-11-24T06:15:00")
        #expect(light.first { $0.lstar == 100 }?.clock == "2026-11-24T06:45:00")
        #expect(light.last?.lstar == 0)
        #expect(light.last.map { $0.clock >= "2026-11-24T06:56:00" && $0.clock <= "2026-11-24T06:57:10" } == true, "\(String(describing: light.last))")
        let dawnScreen = try #require(run.screens.first { $0.at == 46 * 60 }?.screen)
        guard case .alarm = dawnScreen else {
            Issue.record("not ringing before the leaf's hold: \(dawnScreen)")
            return
        }
    }

    /// settings.jsonl: Settings, then Display, the 24-hour clock's value chosen; back on the idle
    /// screen, now on a 12-hour clock.
    @Test func theSettingsScriptSetsA12HourClock() throws {
        let run = try Self.run("settings.jsonl")
        #expect(!run.menu(titled: "Settings").isEmpty)
        #expect(run.menu(titled: "Display").contains { $0.rows[$0.selected].label == "24-hour clock" })
        guard case .idle(let idle)? = run.last else { Issue.record("ends on \(String(describing: run.last))"); return }
        #expect(!idle.twentyFourHour)
    }

    /// connect.jsonl: Settings > Connect, the home network switched on, a pairing code shown (the
    /// README's pictures).
    @Test func theConnectScriptShowsAPairingCode() throws {
        let run = try Self.run("connect.jsonl")
        #expect(run.menu(titled: "Connect").contains { $0.rows[$0.selected].label == "Pair a device" })
        #expect(run.screens.contains { if case .pairing = $0.screen { true } else { false } })
        #expect(run.box.state.companion.enabled)
    }

    /// alarms.jsonl: alarm 1 at 06:45 on weekdays and alarm 2 at 07:30 every day, set with the
    /// knob; the idle screen says "06:45 · in 8 h 14 min"; both ring and are dismissed.
    @Test func theAlarmsScriptSetsTwoAlarmsThatRing() throws {
        let run = try Self.run("alarms.jsonl")
        let idleAfterSetting = run.screens.first { $0.at == 8 * 3600 + 20 * 60 }
        guard case .alarm(let ringing)? = idleAfterSetting?.screen else {
            Issue.record("no alarm ringing at 06:50: \(String(describing: idleAfterSetting))"); return
        }
        #expect(!ringing.isSnoozed)
        #expect(run.screens.contains { if case .idle(let i) = $0.screen { return i.nextAlarm == "06:45 · in 8 h 14 min" } else { return false } })
        #expect(run.box.state.alarms.prefix(2).map { $0.map { [$0.hour, $0.minute, $0.weekdays.count] } } == [[6, 45, 5], [7, 30, 7]])
        #expect(run.traceLines.filter { $0.contains("\"startAlarm\"") }.count == 2)
        guard case .idle? = run.last else { Issue.record("ends on \(String(describing: run.last))"); return }
    }

    /// library.jsonl: the library, the Breathing list with 4-7-8 Breathing marked a favourite, and
    /// the breathing screen once it plays.
    @Test func theLibraryScriptShowsTheBreathFromTheList() throws {
        let run = try Self.run("library.jsonl", seed: 1)
        #expect(!run.menu(titled: "Library").isEmpty)
        #expect(run.menu(titled: "Breathing").contains { $0.rows.contains { $0.label == "4-7-8 Breathing" && $0.isFavorite } })
        guard case .breathing(let breath)? = run.last else { Issue.record("ends on \(String(describing: run.last))"); return }
        #expect(breath.title == "4-7-8 Breathing")
    }

    /// mixes.jsonl: the editor with Rain at 0 dB and Brown Noise at -12 dB, named Calm; Calm in the
    /// Ambient list, all night, a favourite; then it plays.
    @Test func theMixesScriptMakesAndPlaysCalm() throws {
        let run = try Self.run("mixes.jsonl", seed: 1)
        let editors = run.menus.filter { $0.rows.contains { $0.label == "Brown Noise" } }
        #expect(editors.contains { $0.rows.contains { $0.label == "Level" && $0.detail == "<-12 dB>" } })
        #expect(run.menu(titled: "Ambient").contains {
            $0.rows.contains { $0.label == "Calm" && $0.detail == "all night" && $0.isFavorite }
        })
        guard case .nowPlaying(let playing)? = run.last else { Issue.record("ends on \(String(describing: run.last))"); return }
        #expect(playing.title == "Calm")
    }

    /// timers.jsonl: the meditation timer running (its breathing guide) and its completion screen,
    /// then the nap, its alarm snoozed and dismissed.
    @Test func theTimersScriptRunsTheMeditationTimerAndTheNap() throws {
        let run = try Self.run("timers.jsonl", config: "timers.toml", seed: 1)
        #expect(run.screens.contains { if case .meditationTimer = $0.screen { return true } else { return false } })
        // Its end: the completion screen, until the press of skip.
        let done = run.screens.compactMap { if case .completion(let c) = $0.screen { return c } else { return nil } }
        #expect(done.first?.title == "Well done" && done.first?.lines.first == "3 min", "\(done)")
        #expect(run.screens.contains { if case .nap = $0.screen { return true } else { return false } })
        #expect(run.traceLines.contains { $0.contains("\"phase\":\"snoozed\"") })
        guard case .idle? = run.last else { Issue.record("ends on \(String(describing: run.last))"); return }
    }
}
