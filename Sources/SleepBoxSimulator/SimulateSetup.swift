import Foundation
import Logging
import SleepBoxAudio
import SleepBoxSystem
import SleepBoxCore
import SleepBoxUI
import SleepBoxConfig
import SleepBoxRunner
import SleepBoxSound
import SleepBoxStore

/// `sleepbox simulate`: wires the simulator's devices (the trace, PNG frames, the real engine on
/// the virtual clock or a stand-in player) to a `Simulator` and runs a script, or the terminal.
public enum SimulateSetup {
    /// Runs the simulation; a scripted run prints its summary. Throws when it cannot start or its
    /// outputs cannot be written.
    public static func run(_ options: SimulateOptions) throws(SetupFailure) {
        let logger = Logger(label: "sleepbox.simulate")
        let file: ConfigFile
        do {
            file = try loadConfigFile(options.configPath)
        } catch {
            throw SetupFailure("\(error)", exitCode: error.exitCode)
        }
        let config = file.config
        let script: SimulatorScript?
        do {
            script = try options.scriptPath.map { path throws(ScriptError) in try SimulatorScript.load(path: path) }
        } catch {
            throw SetupFailure("\(error)", exitCode: error.exitCode)
        }
        // --start is local time where the box is: the zone set on the box (kept in the state
        // folder) wins over the configuration's, as it does on the box.
        let startZone = boxTimeZone(stateDirectory: options.stateDirectory) ?? config.timeZone
        let startWall = options.start?.secondsSince1970(in: startZone) ?? Date().timeIntervalSince1970
        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)

        // The outputs written at the end are checked before the night is simulated, not found
        // unwritable after it (the trace and the recording are opened here already).
        do {
            if let path = options.framesOut { try OutputCheck.folder(path, option: "--frames-out") }
            if let path = options.audioEnvelope { try OutputCheck.file(path, option: "--audio-envelope") }
        } catch {
            throw SetupFailure("\(error)", exitCode: ExitStatus.cantCreate.rawValue)
        }
        var traceHandle: FileHandle? = nil
        if let traceOut = options.traceOut {
            guard FileManager.default.createFile(atPath: traceOut, contents: nil), let h = FileHandle(forWritingAtPath: traceOut) else {
                throw SetupFailure("cannot write the trace to \(traceOut)", exitCode: ExitStatus.cantCreate.rawValue)
            }
            traceHandle = h
        }
        defer { try? traceHandle?.close() }
        let trace = traceHandle.map { h in TraceRecorder(every: options.traceEvery) { line in h.write(Data((line + "\n").utf8)) } }
        let frames: FrameRecorder?
        do {
            frames = try options.framesOut.map { try FrameRecorder(directory: $0, scale: options.frameScale) }
        } catch {
            throw SetupFailure("\(error)", exitCode: ExitStatus.cantCreate.rawValue)
        }
        let format = AudioFormat(sampleRate: file.devices.sampleRate)
        let content = ContentSetup.load(devices: file.devices, config: config, stateDirectory: options.stateDirectory,
                                        format: format, logger: logger)
        var audio: SimulatorAudio? = nil
        if options.audioOut != nil || options.audioEnvelope != nil {
            // Virtual time stands still while the sound side works: every job is done inline.
            let sound = SoundSide(content: content, config: config, format: format, seed: seed, work: InlineExecutor(),
                                  opening: InlineExecutor(), menuVoiceThreaded: false, logger: logger)
            do {
                audio = SimulatorAudio(engine: sound.engine, sink: try options.audioOut.map { try WAVFileSink(path: $0, format: format) },
                                       logger: logger)
            } catch {
                throw SetupFailure("\(error)", exitCode: ExitStatus.cantCreate.rawValue)
            }
        }
        // A state folder that cannot be written: the night runs with its state in memory, as the
        // daemon does.
        var stateDirectory = options.stateDirectory
        if let dir = stateDirectory {
            var why: String?
            do { try AtomicFile.makeDirectory(dir); why = StateFolderCheck.whyNotWritable(dir) } catch { why = "\(error)" }
            if let why {
                FileHandle.standardError.write(Data("sleepbox simulate: the state folder \(dir) cannot be written (\(why)): the state is kept in memory\n".utf8))
                stateDirectory = nil
            }
        }
        var history: HistoryStore? = nil
        if let dir = stateDirectory {
            do {
                history = try HistoryStore(directory: dir, now: startWall, logger: logger)
            } catch {
                throw SetupFailure("\(error)", exitCode: ExitStatus.cantCreate.rawValue)
            }
        }
        // A light in the configuration ([light] chip) is simulated with its channels.
        let light: LightOutput = file.devices.light.chip == nil ? NoLight() : SimulatedLight(channels: file.devices.light.calibration)
        // A missed alarm the state folder already knew of was reported by the run that noticed it.
        let missedBefore = stateDirectory.flatMap { StateStore(directory: $0).peek() }?.alarmLog.lastMissed
        let sim = Simulator(config: config, catalog: content.catalog, startWall: startWall, seed: seed,
                            store: stateDirectory.map { StateStore(directory: $0) }, trace: trace, frames: frames,
                            audio: audio, history: history, light: light, logger: logger)
        sim.runner.stateNotSaved = stateDirectory == nil && options.stateDirectory != nil

        guard let script else {
            InteractiveSimulator(simulator: sim, speed: options.speed).run()
            return
        }
        let began = Date()
        ScriptRunner(script: script).run(on: sim)
        let real = Date().timeIntervalSince(began)
        audio?.close()
        if let audio, let path = options.audioEnvelope {
            // Marks and insets on the sound's own time axis (virtual seconds), which a clock jump
            // in the script does not move.
            let plot = EnvelopePlot.render(levels: audio.meter.levels, windowSeconds: 0.1,
                                           title: "sleepbox: the night's sound level", marks: sim.log.marks,
                                           insets: sim.log.insets, light: sim.log.light) { t in
                let f = sim.box.clock.fields(startWall + t)
                return (f.hour < 10 ? "0" : "") + "\(f.hour):" + (f.minute < 10 ? "0" : "") + "\(f.minute)"
            }
            do {
                try plot.write(to: path)
            } catch {
                throw SetupFailure("\(error)", exitCode: ExitStatus.cantCreate.rawValue)
            }
        }
        if let error = audio?.writeError { throw SetupFailure("\(error)", exitCode: ExitStatus.ioError.rawValue) }
        if let frames, let first = frames.errors.first {
            throw SetupFailure("frames not written to \(frames.directory): \(first)", exitCode: ExitStatus.ioError.rawValue)
        }
        print(summary(sim, options: options, startWall: startWall, seed: seed, real: real, trace: trace, frames: frames,
                      missedBefore: missedBefore))
        if let audio, let path = options.audioOut { print("  audio:   \(path) (\(DurationText.format(audio.time, precision: .millisecond)) at \(format.sampleRate) Hz)") }
        if let path = options.audioEnvelope { print("  level:   \(path)") }
    }

    /// The time zone set on the box, from the state file in `stateDirectory` when there is a
    /// readable one (read only: a damaged file is the simulator's to move aside later).
    static func boxTimeZone(stateDirectory: String?) -> TimeZone? {
        guard let dir = stateDirectory,
              case .bytes(let bytes) = AtomicFile.readRegularFile(StateStore(directory: dir).path, limit: StateStore.sizeLimit),
              case .success(let decoded) = StateStore.decode(bytes) else { return nil }
        return decoded.snapshot.settings?.timeZone
    }

    private static func summary(_ sim: Simulator, options: SimulateOptions, startWall: Double, seed: UInt64, real: Double,
                                trace: TraceRecorder?, frames: FrameRecorder?, missedBefore: Double?) -> String {
        let box = sim.box
        var lines = ["sleepbox simulate: \(box.clock.isoLocal(startWall)) -> \(box.clock.isoLocal(sim.now.wall))"
                     + " (\(DurationText.format(sim.time, precision: .millisecond)) virtual, \(String(format: "%.2f", real)) s real, seed \(seed))"]
        if let trace, let path = options.traceOut { lines.append("  trace:   \(path) (\(trace.records) records)") }
        if let frames { lines.append("  frames:  \(frames.directory) (\(frames.written) PNG)") }
        let titles = sim.log.played.map { p in
            (box.catalog.item(p.item)?.title ?? p.item) + " at " + DurationText.format(p.at, precision: .millisecond)
        }
        lines.append("  played:  " + (titles.isEmpty ? "nothing" : titles.joined(separator: ", ")))
        let rings = sim.log.rings.map { box.clock.isoLocal($0) }
        lines.append("  alarm:   " + (rings.isEmpty ? "did not ring" : "rang at " + rings.joined(separator: ", "))
                     + ((sim.log.commandCount["speak"] ?? 0) > 0 ? "; greeting spoken" : ""))
        if let line = missedLine(box.state.alarmLog.lastMissed, before: missedBefore, clock: box.clock) { lines.append(line) }
        lines.append("  end:     mode \(box.state.mode.rawValue), \(box.state.phase.name), volume \(box.state.volume)%"
                     + (box.state.contentCompleted ? ", content completed" : ""))
        return lines.joined(separator: "\n")
    }

    /// The summary's line for the last missed alarm, when this run noticed it (`before`: the one
    /// the state folder knew of at the start, reported by an earlier run).
    static func missedLine(_ missed: Double?, before: Double?, clock: LocalClock) -> String? {
        guard let missed, missed != before else { return nil }
        return "  missed:  alarm of \(clock.isoLocal(missed))"
    }
}
