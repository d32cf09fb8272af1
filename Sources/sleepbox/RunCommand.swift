import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxHardware

/// `sleepbox run`: the daemon.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the box: on a Raspberry Pi with its buttons, knob, display and speaker, or with simulated devices.")

    @Option(help: "Configuration file (TOML).")
    var config: String = "/etc/sleepbox/sleepbox.toml"

    @Option(help: "Where the state file lives.")
    var stateDir: String = "/var/lib/sleepbox"

    @Option(help: "The control socket.")
    var socket: String = "/run/sleepbox/control.sock"

    @Option(help: "pi (GPIO, I2C display, ALSA), sim (simulated devices in real time), or auto.")
    var hardware: Hardware = .auto

    @Option(help: "A board profile file (instead of the configuration's [board] profile).")
    var board: String?

    @Option(help: "Simulated display: terminal (half blocks), none, or a folder to write PNG frames into.")
    var display: String = "none"

    @Option(help: "Simulated hardware's sound: none (no sound), alsa (the configured device), alsa:DEVICE, or wav:FILE.")
    var audio: String = "none"

    @Option(help: "Seed for random choices.")
    var seed: UInt64?

    enum Hardware: String, ExpressibleByArgument, CaseIterable { case auto, pi, sim }

    func run() throws {
        // Before any thread starts (the worker, the voice): signals are read in the loop.
        SignalFD.block()
        let logger = Logger(label: "sleepbox")
        let configPath: String? = FileManager.default.fileExists(atPath: config) || config != "/etc/sleepbox/sleepbox.toml" ? config : nil
        let file: ConfigFile
        do {
            file = try loadConfigFile(configPath)
        } catch {
            logger.critical("invalid configuration: \(error)")
            throw ExitCode(error.exitCode)
        }
        if configPath == nil { logger.info("no \(config): running with the factory settings") }
        let kind = hardware == .auto ? (BoardDetection.isRaspberryPi() ? Hardware.pi : .sim) : hardware
        let devices = file.devices
        let format = AudioFormat(sampleRate: devices.sampleRate)
        let now = clockSeconds(CLOCK_MONOTONIC)
        do {
            try AtomicFile.makeDirectory(stateDir)
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(73)
        }
        let work: WorkQueue
        do { work = try WorkQueue() } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(71)
        }
        let content = ContentSetup.load(devices: devices, config: file.config, stateDirectory: stateDir, format: format, logger: logger)
        let seedValue = seed ?? UInt64.random(in: 0...UInt64.max)
        content.startVoice(logger: logger)
        let provider = LibrarySoundProvider(library: content.library, voice: content.voice, fallbackVoice: content.fallbackVoice,
                                                languageVoices: content.languageVoices, loudness: content.loudness, format: format, seed: seedValue,
                                            logger: logger, background: work.background)

        let input: InputLines
        let displayOut: DisplayOutput
        let audioOut: AudioOutput
        let sinkConfig = { (device: String) in
            ALSASinkConfiguration(device: device, period: .milliseconds(devices.periodMilliseconds),
                                  buffer: .milliseconds(devices.bufferMilliseconds))
        }
        func engine() -> AudioEngine { AudioEngine(format: format, provider: provider, volumePercent: file.config.audio.volume) }
        switch kind {
        case .pi, .auto:
            let profile: BoardProfile
            do {
                profile = try BoardSetup.profile(devices, explicitPath: board)
            } catch {
                logger.critical("\(error)")
                throw ExitCode(error.exitCode)
            }
            do {
                input = GPIOLines(gpio: try GPIOInput(profile: profile, logger: logger), logger: logger)
            } catch {
                logger.critical("cannot start: \(error)")
                throw ExitCode(69)
            }
            let bus = ReopeningI2CBus(path: "/dev/i2c-\(profile.display.i2cBus)", address: UInt8(profile.display.address))
            displayOut = OLEDDisplay(panel: OLEDPanel(bus: bus, controller: profile.display.controller,
                                                      rotated180: devices.displayRotated), logger: logger)
            let sink = ALSASink(format: format, configuration: sinkConfig(devices.audioDevice), logger: logger)
            audioOut = EngineAudioOutput(engine: engine(), device: .alsa(sink), periodSeconds: devices.periodMilliseconds / 1000,
                                         now: now, logger: logger)
            logger.info("board \(profile.name): buttons on \(profile.chipLabels.first ?? "?"), display \(profile.display.controller) at /dev/i2c-\(profile.display.i2cBus), sound on \(devices.audioDevice)")
        case .sim:
            input = NoInputLines()
            let mode: SimulatedDisplay.Mode = display == "terminal" ? .terminal : display == "none" ? .none : .folder(display)
            do {
                displayOut = try SimulatedDisplay(mode: mode, startUptime: now)
            } catch {
                logger.critical("cannot start: \(error)")
                throw ExitCode(73)
            }
            if audio == "none" {
                audioOut = SimulatedAudioOutput(catalog: content.catalog)
            } else if audio == "alsa" || audio.hasPrefix("alsa:") {
                let device = audio == "alsa" ? devices.audioDevice : String(audio.dropFirst(5))
                let sink = ALSASink(format: format, configuration: sinkConfig(device), logger: logger)
                audioOut = EngineAudioOutput(engine: engine(), device: .alsa(sink), periodSeconds: devices.periodMilliseconds / 1000,
                                             now: now, logger: logger)
            } else if audio.hasPrefix("wav:") {
                do {
                    let sink = try WAVFileSink(path: String(audio.dropFirst(4)), format: format)
                    audioOut = EngineAudioOutput(engine: engine(), device: .file(sink), periodSeconds: devices.periodMilliseconds / 1000,
                                                 now: now, logger: logger)
                } catch {
                    logger.critical("cannot start: \(error)")
                    throw ExitCode(73)
                }
            } else {
                throw ValidationError("--audio: none, alsa, alsa:DEVICE or wav:FILE")
            }
        }
        do {
            let daemon = try Daemon(
                options: Daemon.Options(configPath: configPath, stateDirectory: stateDir, socketPath: socket, seed: seedValue),
                config: file.config, catalog: content.catalog, input: input, display: displayOut, audio: audioOut,
                screenTimeout: kind == .sim ? nil : devices.screenTimeoutSeconds,
                debounceSeconds: devices.debounceMilliseconds / 1000, background: work,
                environment: ProcessInfo.processInfo.environment,
                loadConfig: { try loadConfig($0) }, logger: logger)
            provider.prepareAll()
            let code = daemon.run()
            // The state is saved and the devices are closed. The voice's worker may still be in
            // the middle of rendering ahead (not worth waiting for: an item can take seconds on a
            // Pi); exit() would tear the libraries it is using (Foundation, ICU) down under it, so
            // leave without the exit handlers.
            fflush(nil)
            _exit(code)
        } catch let error as SystemError {
            logger.critical("cannot start: \(error)")
            throw ExitCode(71)
        }
    }
}
