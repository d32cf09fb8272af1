import ArgumentParser
import Foundation
import SleepBoxDaemon

/// `sleepbox config check [FILE]`
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Work with the configuration file.", subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a configuration file: an unknown key, a wrong type or an out-of-range value is named with its line.")

        @Argument(help: "The file to check.")
        var file: String = "/etc/sleepbox/sleepbox.toml"

        func run() throws {
            do {
                _ = try loadConfig(file)
                print("\(file): OK")
            } catch let error as ConfigError {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(error.exitCode)
            }
        }
    }
}
