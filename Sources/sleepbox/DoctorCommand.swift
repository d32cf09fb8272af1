import ArgumentParser
import Foundation
import SleepBoxDaemon

/// `sleepbox doctor`: is everything the box needs there, and what to do where not.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the GPIO chip and lines, the display, the sound device, folders, permissions and the clock.")

    @Option(help: "Configuration file.")
    var config: String = "/etc/sleepbox/sleepbox.toml"
    @Option(help: "The state folder.")
    var stateDir: String = "/var/lib/sleepbox"
    @Option(help: "The control socket.")
    var socket: String = "/run/sleepbox/control.sock"
    @Option(help: "A board profile file (instead of the configuration's).")
    var board: String?

    func run() throws {
        let configPath = FileManager.default.fileExists(atPath: config) ? config : nil
        let doctor = Doctor(configPath: configPath, stateDirectory: stateDir, socketPath: socket, boardPath: board)
        let checks = doctor.run()
        print(Doctor.table(checks))
        if checks.contains(where: { $0.outcome == .failure }) { throw ExitCode(.failure) }
    }
}
