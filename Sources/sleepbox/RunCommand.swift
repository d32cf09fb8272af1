import ArgumentParser
import Logging
import SleepBoxDaemon

/// `sleepbox run`: the daemon.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the box: on a Raspberry Pi with its buttons, knob, display and speaker, or with simulated devices.")

    @OptionGroup var places: BoxPlaces

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

    func validate() throws {
        guard RunOptions.Sound(argument: audio) != nil else { throw ValidationError("--audio: none, alsa, alsa:DEVICE or wav:FILE") }
    }

    func run() throws {
        let options = RunOptions(
            configPath: places.config, stateDirectory: places.stateDir, socketPath: places.socket,
            hardware: RunOptions.Hardware(rawValue: hardware.rawValue) ?? .auto, boardPath: board,
            display: RunOptions.displayMode(display), sound: RunOptions.Sound(argument: audio) ?? .none, seed: seed)
        do {
            try RunSetup.run(options, logger: Logger(label: "sleepbox"))
        } catch {
            throw ExitCode(error.exitCode)
        }
    }
}
