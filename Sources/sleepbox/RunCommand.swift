import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import SleepBoxCore
import SleepBoxDaemon

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

    @Option(help: "Simulated display: terminal (half blocks), none, or a folder to write PNG frames into.")
    var display: String = "none"

    @Option(help: "Seed for random choices.")
    var seed: UInt64?

    enum Hardware: String, ExpressibleByArgument, CaseIterable { case auto, pi, sim }

    func run() throws {
        let logger = Logger(label: "sleepbox")
        let configPath: String? = FileManager.default.fileExists(atPath: config) || config != "/etc/sleepbox/sleepbox.toml" ? config : nil
        let boxConfig: BoxConfig
        do {
            boxConfig = try loadConfig(configPath)
        } catch let error as ConfigError {
            logger.critical("invalid configuration: \(error)")
            throw ExitCode(error.exitCode)
        }
        if configPath == nil { logger.info("no \(config): running with the factory settings") }
        let kind = hardware == .auto ? (BoardDetection.isRaspberryPi() ? Hardware.pi : .sim) : hardware
        let catalog = BuiltInCatalog.catalog
        do {
            try AtomicFile.makeDirectory(stateDir)
            let input: InputLines
            let displayOut: DisplayOutput
            let audio: AudioOutput
            switch kind {
            case .pi, .auto:
                throw ValidationError("--hardware pi needs the GPIO and display drivers of this build; use --hardware sim")
            case .sim:
                input = NoInputLines()
                let mode: SimulatedDisplay.Mode = display == "terminal" ? .terminal : display == "none" ? .none : .folder(display)
                displayOut = try SimulatedDisplay(mode: mode, startUptime: clockSeconds(CLOCK_MONOTONIC))
                audio = SimulatedAudioOutput(catalog: catalog)
            }
            let daemon = try Daemon(
                options: Daemon.Options(configPath: configPath, stateDirectory: stateDir, socketPath: socket,
                                        seed: seed ?? UInt64.random(in: 0...UInt64.max)),
                config: boxConfig, catalog: catalog, input: input, display: displayOut, audio: audio,
                screenTimeout: nil, environment: ProcessInfo.processInfo.environment,
                loadConfig: { try loadConfig($0) }, logger: logger)
            throw ExitCode(daemon.run())
        } catch let error as SystemError {
            logger.critical("cannot start: \(error)")
            throw ExitCode(71)
        } catch let error as FileError {
            logger.critical("cannot start: \(error)")
            throw ExitCode(73)
        }
    }
}
