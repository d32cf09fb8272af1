import ArgumentParser
import Foundation
import SleepBoxDaemon
import SleepBoxTools

/// `sleepbox doctor`: is everything the box needs there, and what to do where not.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the GPIO chip and lines, the display, the sound device, folders, permissions and the clock.")

    @OptionGroup var places: BoxPlaces
    @Option(help: "A board profile file (instead of the configuration's).")
    var board: String?

    func run() throws {
        let configPath = FileManager.default.fileExists(atPath: places.config) ? places.config : nil
        let doctor = Doctor(configPath: configPath, stateDirectory: places.stateDir, socketPath: places.socket,
                            boardPath: board)
        let checks = doctor.run()
        print(Doctor.table(checks))
        if checks.contains(where: { $0.outcome == .failure }) { throw ExitCode(.failure) }
    }
}
