#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxSystem
import SleepBoxHardware
import SleepBoxConfig
import SleepBoxRunner
import SleepBoxSimulator
import SleepBoxSound
import SleepBoxStore

/// `sleepbox run`: wires the devices (the Pi's or simulated ones), the content and the voice to a
/// `Daemon`, and runs it.
public enum RunSetup {
    /// Runs the daemon until SIGTERM and leaves the process; throws when it cannot start.
    public static func run(_ options: RunOptions, logger: Logger) throws(SetupFailure) -> Never {
        // Before any thread starts (the worker, the voice): signals are read in the loop.
        SignalFD.block()
        // Before any program starts (the voice): CAP_SYS_TIME, which the unit gives the box as
        // an ambient capability, stays the box's own and is not handed on.
        if let problem = InheritedCapabilities.clear() {
            logger.warning("the ambient capabilities could not be cleared (\(problem)): programs the box starts inherit them")
        }
        let configPath: String? = FileManager.default.fileExists(atPath: options.configPath)
            || options.configPath != RunOptions.defaultConfigPath ? options.configPath : nil
        let file: ConfigFile
        do {
            file = try loadConfigFile(configPath)
        } catch {
            throw failure("invalid configuration: \(error)", error.exitCode, logger)
        }
        if configPath == nil { logger.info("no \(options.configPath): running with the factory settings") }
        let kind = options.hardware == .auto ? (BoardDetection.isRaspberryPi() ? .pi : .sim) : options.hardware
        let devices = file.devices
        let stateDir = options.stateDirectory
        // A state folder that cannot be written (read-only, or not a folder) does not stop the
        // box: it runs with its state in memory and says so (log, idle screen, status, doctor).
        var stateInMemory: String? = nil
        do {
            try AtomicFile.makeDirectory(stateDir)
            stateInMemory = StateFolderCheck.whyNotWritable(stateDir)
        } catch {
            stateInMemory = "\(error)"
        }
        // Before the control socket is made: a second daemon must not take over the first one's.
        var stateLock: StateDirectoryLock? = nil
        do { stateLock = try StateDirectoryLock(directory: stateDir) } catch {
            // Held by another daemon: never run beside it.
            guard error.cause != nil else { throw failure("cannot start: \(error)", error.exitStatus.rawValue, logger) }
            stateInMemory = stateInMemory ?? "\(error)"
        }
        if let stateInMemory {
            logger.critical("the state folder \(stateDir) cannot be written (\(stateInMemory)): running with the state in memory; the alarms come from the configuration, no history is kept and nothing set survives a restart")
        }
        // Another state folder may still have named the same socket: only one nobody answers on
        // is removed.
        do { try ControlServer.checkPath(options.socketPath) } catch {
            throw failure("cannot start: \(error)", ExitStatus.cantCreate.rawValue, logger)
        }
        do { try ControlServer.removeStaleSocket(at: options.socketPath) } catch {
            throw failure("cannot start: \(error)", error.exitStatus.rawValue, logger)
        }
        let work: WorkQueue, opening: WorkQueue
        do {
            work = try WorkQueue()
            opening = try WorkQueue(name: "sleepbox-open")
        } catch { throw failure("cannot start: \(error)", ExitStatus.osError.rawValue, logger) }
        let format = AudioFormat(sampleRate: devices.sampleRate)
        let content = ContentSetup.load(devices: devices, config: file.config, stateDirectory: stateDir, format: format, logger: logger)
        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        let sound = SoundSide(content: content, config: file.config, format: format, seed: seed, work: work, opening: opening,
                              menuVoiceThreaded: true, logger: logger)
        let wiring = try kind == .pi
            ? piDevices(file: file, boardPath: options.boardPath, engine: sound.engine, logger: logger)
            : simulatedDevices(options, file: file, catalog: content.catalog, engine: sound.engine, logger: logger)
        do {
            let daemon = try Daemon(
                options: Daemon.Options(configPath: configPath, stateDirectory: stateDir, socketPath: options.socketPath, seed: seed,
                               stateInMemory: stateInMemory, simulatedClock: kind != .pi),
                config: withLight(file.config, wiring.light), catalog: content.catalog, input: wiring.input, display: wiring.display, audio: wiring.audio,
                light: wiring.light,
                screenSleeps: kind != .sim,
                debounceSeconds: devices.debounceMilliseconds / 1000, background: work, opening: opening,
                environment: ProcessInfo.processInfo.environment,
                loadConfig: { [light = wiring.light] in withLight(try loadConfig($0), light) },
                soundStatus: { [progress = sound.provider.renderProgress] in [("speechRender", progress.snapshot.statusValue)] },
                logger: logger)
            sound.provider.prepareAll()
            sound.provider.measureRecordings()
            let code = daemon.run()
            // The state is saved and the devices are closed. The voice's worker may still be in
            // the middle of rendering ahead (not worth waiting for: an item can take seconds on a
            // Pi); exit() would tear the libraries it is using (Foundation, ICU) down under it, so
            // leave without the exit handlers.
            fflush(nil)
            withExtendedLifetime(stateLock) { _exit(code) }
        } catch {
            throw failure("cannot start: \(error)", ExitStatus.osError.rawValue, logger)
        }
    }

    /// The configuration, knowing whether the box has a light (the board's LED counts: the file
    /// alone cannot say).
    private static func withLight(_ config: BoxConfig, _ light: LightOutput) -> BoxConfig {
        var config = config
        config.light.isPresent = !light.channels.isEmpty
        return config
    }

    private typealias Wiring = (input: InputLines, display: DisplayOutput, audio: AudioOutput, light: LightOutput)

    /// The Raspberry Pi's buttons and knob, its I2C display and its ALSA sound, from the board profile.
    private static func piDevices(file: ConfigFile, boardPath: String?, engine: AudioEngine,
                                  logger: Logger) throws(SetupFailure) -> Wiring {
        let devices = file.devices
        let profile: BoardProfile
        do {
            profile = try BoardSetup.profile(devices, explicitPath: boardPath)
        } catch {
            throw failure("\(error)", error.exitCode, logger)
        }
        let input: InputLines
        let gpio: GPIOInput
        do {
            gpio = try GPIOInput(settings: GPIOInputSettings(profile: profile).leavingThePinTo(devices.light), logger: logger)
            input = GPIOLines(gpio: gpio, logger: logger)
        } catch {
            throw failure("cannot start: \(error)", ExitStatus.unavailable.rawValue, logger)
        }
        let bus = ReopeningI2CBus(path: "/dev/i2c-\(profile.display.i2cBus)", address: UInt8(profile.display.address))
        let display = OLEDDisplay(panel: OLEDPanel(bus: bus, controller: profile.display.controller,
                                                   rotated180: devices.displayRotated), logger: logger)
        let audio = alsaOutput(device: devices.audioDevice, file: file, engine: engine, logger: logger)
        let light = lightOutput(devices.light, led: GPIOLEDLight(gpio: gpio, logger: logger), logger: logger)
        logger.info("board \(profile.name): buttons on \(profile.chipLabels.first ?? "?"), display \(profile.display.controller) at /dev/i2c-\(profile.display.i2cBus), sound on \(devices.audioDevice), light \(light.statusText)")
        return (input, display, audio, light)
    }

    /// The `[light]` PWM chip when one is named, else the board's LED as a one-channel light.
    private static func lightOutput(_ settings: PWMLightSettings, led: LightOutput, logger: Logger) -> LightOutput {
        guard let chip = settings.chip else { return led }
        let now = Moment(uptime: SystemClock.monotonicSeconds(), wall: SystemClock.realtimeSeconds())
        return PWMLightOutput(settings: settings, chip: chip, now: now, logger: logger)
    }

    /// Simulated devices in real time: no input lines (the control socket presses the buttons), a
    /// terminal, PNG or no display, and no sound, ALSA sound or a WAV recording.
    private static func simulatedDevices(_ options: RunOptions, file: ConfigFile, catalog: Catalog,
                                         engine: AudioEngine, logger: Logger) throws(SetupFailure) -> Wiring {
        let now = SystemClock.monotonicSeconds()
        let display: DisplayOutput
        do {
            display = try SimulatedDisplay(mode: options.display, startUptime: now)
        } catch {
            throw failure("cannot start: \(error)", ExitStatus.cantCreate.rawValue, logger)
        }
        let audio: AudioOutput
        switch options.sound {
        case .none:
            audio = SimulatedAudioOutput(catalog: catalog)
        case .alsa(let device):
            audio = alsaOutput(device: device ?? file.devices.audioDevice, file: file, engine: engine, logger: logger)
        case .wav(let path):
            do {
                let sink = try WAVFileSink(path: path, format: AudioFormat(sampleRate: file.devices.sampleRate))
                audio = RecordingAudioOutput(engine: engine, sink: sink,
                                             periodSeconds: file.devices.periodMilliseconds / 1000, now: now, logger: logger)
            } catch {
                throw failure("cannot start: \(error)", ExitStatus.cantCreate.rawValue, logger)
            }
        }
        let light: LightOutput = file.devices.light.chip == nil ? NoLight() : SimulatedLight(channels: file.devices.light.calibration)
        return (NoInputLines(), display, audio, light)
    }

    private static func alsaOutput(device: String, file: ConfigFile, engine: AudioEngine, logger: Logger) -> AudioOutput {
        let devices = file.devices
        let configuration = ALSASinkConfiguration(device: device, period: .milliseconds(devices.periodMilliseconds),
                                                  buffer: .milliseconds(devices.bufferMilliseconds))
        // Asked before the device is opened for playing (an open device cannot be asked again).
        let accepted = ALSAAudioOutput.acceptedRates(device: device)
        if accepted.contains(where: { $0 != devices.sampleRate }) {
            let rates = accepted.sorted().map(String.init).joined(separator: ", ")
            logger.info("audio: \(device) takes \(rates) Hz; a recording at one of these plays at its own rate")
        }
        let sink = ALSASink(format: AudioFormat(sampleRate: devices.sampleRate), configuration: configuration, logger: logger)
        return ALSAAudioOutput(engine: engine, sink: sink,
                               periodSeconds: devices.periodMilliseconds / 1000, now: SystemClock.monotonicSeconds(),
                               acceptedRates: accepted, logger: logger)
    }

    /// Logs why the daemon cannot start (critical) and returns the failure to throw.
    private static func failure(_ message: String, _ exitCode: Int32, _ logger: Logger) -> SetupFailure {
        logger.critical("\(message)")
        return SetupFailure(message, exitCode: exitCode)
    }
}
