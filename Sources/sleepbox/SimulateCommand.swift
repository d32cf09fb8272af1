import ArgumentParser
import Foundation
import SleepBoxDaemon
import SleepBoxRunner
import SleepBoxSimulator
import SleepBoxSystem

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
        if let traceEvery, (DurationText.seconds(traceEvery) ?? 0) <= 0 {
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
        let options = SimulateOptions(
            scriptPath: script, start: start.flatMap(LocalDateTime.init(parsing:)), stateDirectory: stateDir,
            configPath: config, seed: seed, traceOut: traceOut, traceEvery: traceEvery.flatMap(DurationText.seconds),
            framesOut: framesOut, frameScale: frameScale, speed: speed, audioOut: audioOut, audioEnvelope: audioEnvelope)
        do {
            try SimulateSetup.run(options)
        } catch {
            FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }
}
