import ArgumentParser
import Foundation
import SleepBoxDaemon

/// `sleepbox config check [FILE]`
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Work with the configuration file.", subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a configuration file as `run` does: an unknown key, a wrong type, an out-of-range value or a pin on a taken line is named with its line.")

        @Argument(help: "The file to check.")
        var file: String = "/etc/sleepbox/sleepbox.toml"

        @Option(help: "A board profile file to check the pins against (as `run --board` takes it).")
        var board: String?

        func run() throws {
            do {
                for line in try ConfigCheck.check(path: file, boardPath: board) { print(line) }
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(error.exitCode)
            }
        }
    }
}
