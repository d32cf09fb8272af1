import ArgumentParser
import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxUI
import SleepBoxDaemon

/// `sleepbox simulate`: the whole box on a PC, in a terminal or scripted on a virtual clock.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the box in a simulator: interactively in a terminal, or a script on a virtual clock.",
        discussion: "Script and trace formats: docs/simulator.md.\n\nKeys:\n" + InteractiveSimulator.keyHelp)

    @Option(help: "Run this JSON-lines script on a virtual clock, as fast as possible.")
    var script: String?

    @Option(help: "Initial local time (ISO 8601, e.g. 2026-11-22T22:30:00); default: now. TZ is honoured.")
    var start: String?

    @Option(help: "Persist the snapshot here and restore it on the next run.")
    var stateDir: String?

    @Option(help: "Configuration file (TOML).")
    var config: String?

    @Option(help: "Seed for random choices (reproducible runs).")
    var seed: UInt64?

    @Option(help: "Write the trace (JSON lines) here.")
    var traceOut: String?

    @Option(help: "Add a trace record at this interval (e.g. 10m).")
    var traceEvery: String?

    @Option(help: "Write a PNG of every distinct display frame into this folder.")
    var framesOut: String?

    @Option(help: "PNG scale factor.")
    var frameScale: Int = 4

    @Option(help: "Interactive mode: run this many times faster than real time.")
    var speed: Double = 1

    @Option(help: "Record everything the box plays to this WAV file (the night's real audio, on the virtual clock).")
    var audioOut: String?

    @Option(help: "Draw the night's sound level over time into this PNG.")
    var audioEnvelope: String?

    func validate() throws {
        if let traceEvery, (DurationParser.parse(traceEvery) ?? 0) <= 0 {
            throw ValidationError("--trace-every: \"\(traceEvery)\" is not a duration (e.g. 30s, 10m, 1h)")
        }
        if let start, LocalDateTime(parsing: start) == nil {
            throw ValidationError("--start: \"\(start)\" is not a local time like 2026-11-22T22:30:00")
        }
        guard (1...16).contains(frameScale) else { throw ValidationError("--frame-scale must be 1...16") }
        guard speed > 0, speed <= 100_000 else { throw ValidationError("--speed must be > 0") }
        if script == nil, isatty(0) == 0 {
            throw ValidationError("no terminal for the interactive simulator: pass --script FILE")
        }
    }

    func run() throws {
        let logger = Logger(label: "sleepbox.simulate")
        let file: ConfigFile
        do {
            file = try loadConfigFile(config)
        } catch {
            FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        let boxConfig = file.config
        let scriptValue: SimulatorScript?
        do {
            scriptValue = try script.map { path throws(ScriptError) in try SimulatorScript.load(path: path) }
        } catch {
            FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        let startWall = start.flatMap { LocalDateTime(parsing: $0)?.secondsSince1970(in: boxConfig.timeZone) }
            ?? Date().timeIntervalSince1970
        let seed = self.seed ?? UInt64.random(in: 0...UInt64.max)

        var traceHandle: FileHandle? = nil
        if let traceOut {
            guard FileManager.default.createFile(atPath: traceOut, contents: nil), let h = FileHandle(forWritingAtPath: traceOut) else {
                FileHandle.standardError.write(Data("sleepbox: cannot write the trace to \(traceOut)\n".utf8))
                throw ExitCode(73)
            }
            traceHandle = h
        }
        defer { try? traceHandle?.close() }
        let trace = traceHandle.map { h in TraceRecorder { line in h.write(Data((line + "\n").utf8)) } }
        let frames: FrameRecorder?
        do {
            frames = try framesOut.map { try FrameRecorder(directory: $0, scale: frameScale) }
        } catch {
            FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
            throw ExitCode(73)
        }
        let format = AudioFormat(sampleRate: file.devices.sampleRate)
        let content = ContentSetup.load(devices: file.devices, config: boxConfig, stateDirectory: stateDir, format: format,
                                        logger: logger)
        var audio: SimulatorAudio? = nil
        if audioOut != nil || audioEnvelope != nil {
            content.startVoice(logger: logger)
            let provider = LibrarySoundProvider(library: content.library, voice: content.voice, fallbackVoice: content.fallbackVoice,
                                                languageVoices: content.languageVoices, loudness: content.loudness, format: format, seed: seed,
                                                logger: logger, background: nil)
            let engine = AudioEngine(format: format, provider: provider, volumePercent: boxConfig.audio.volume)
            do {
                audio = SimulatorAudio(engine: engine, sink: try audioOut.map { try WAVFileSink(path: $0, format: format) })
            } catch {
                FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
                throw ExitCode(73)
            }
        }
        let sim = Simulator(config: boxConfig, catalog: content.catalog, startWall: startWall, seed: seed,
                            store: stateDir.map { StateStore(directory: $0) }, trace: trace, frames: frames,
                            traceEvery: traceEvery.flatMap(DurationParser.parse), audio: audio, logger: logger)

        guard let scriptValue else {
            InteractiveSimulator(simulator: sim, speed: speed).run()
            return
        }
        let began = Date()
        ScriptRunner(script: scriptValue).run(on: sim)
        let real = Date().timeIntervalSince(began)
        audio?.close()
        if let audio, let audioEnvelope {
            let marks = sim.rings.map { EnvelopePlot.Mark(seconds: $0 - startWall, label: "alarm") }
            let plot = EnvelopePlot.render(levels: audio.meter.levels, windowSeconds: 0.1,
                                           title: "sleepbox: the night's sound level", marks: marks) { t in
                let f = sim.box.clock.fields(startWall + t)
                return (f.hour < 10 ? "0" : "") + "\(f.hour):" + (f.minute < 10 ? "0" : "") + "\(f.minute)"
            }
            do {
                try plot.write(to: audioEnvelope)
            } catch {
                FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
                throw ExitCode(73)
            }
        }
        if let error = audio?.writeError {
            FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
            throw ExitCode(74)
        }
        print(summary(sim, startWall: startWall, seed: seed, real: real, trace: trace, frames: frames))
        if let audio, let audioOut { print("  audio:   \(audioOut) (\(DurationParser.format(audio.time)) at \(format.sampleRate) Hz)") }
        if let audioEnvelope { print("  level:   \(audioEnvelope)") }
    }

    private func summary(_ sim: Simulator, startWall: Double, seed: UInt64, real: Double,
                         trace: TraceRecorder?, frames: FrameRecorder?) -> String {
        let box = sim.box
        var lines = ["sleepbox simulate: \(box.clock.isoLocal(startWall)) -> \(box.clock.isoLocal(sim.now.wall))"
                     + " (\(DurationParser.format(sim.time)) virtual, \(String(format: "%.2f", real)) s real, seed \(seed))"]
        if let trace, let traceOut { lines.append("  trace:   \(traceOut) (\(trace.records) records)") }
        if let frames { lines.append("  frames:  \(frames.directory) (\(frames.written) PNG)") }
        let titles = sim.played.map { p in
            (box.catalog.item(p.item)?.title ?? p.item) + " at " + DurationParser.format(p.at)
        }
        lines.append("  played:  " + (titles.isEmpty ? "nothing" : titles.joined(separator: ", ")))
        let rings = sim.rings.map { box.clock.isoLocal($0) }
        lines.append("  alarm:   " + (rings.isEmpty ? "did not ring" : "rang at " + rings.joined(separator: ", "))
                     + ((sim.commandCount["speak"] ?? 0) > 0 ? "; greeting spoken" : ""))
        if let missed = box.state.alarmLog.lastMissed { lines.append("  missed:  alarm of \(box.clock.isoLocal(missed))") }
        lines.append("  end:     mode \(box.state.mode.rawValue), \(box.state.phase.name), volume \(box.state.volume)%"
                     + (box.state.contentCompleted ? ", content completed" : ""))
        return lines.joined(separator: "\n")
    }
}

/// The box's configuration: the file when given, else the defaults in the system's time zone.
func loadConfig(_ path: String?) throws -> BoxConfig {
    try loadConfigFile(path).config
}

/// The whole configuration file (state machine, devices, language), or the factory settings.
func loadConfigFile(_ path: String?) throws(ConfigError) -> ConfigFile {
    let zone = ConfigFile.systemTimeZone()
    guard let path else { return ConfigFile(config: BoxConfig(timeZone: zone)) }
    return try ConfigFile(path: path, defaultTimeZone: zone)
}
