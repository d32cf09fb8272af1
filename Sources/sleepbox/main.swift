import ArgumentParser
import Logging
import SleepBoxDaemon

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}

/// The sleep box's command line.
struct SleepBoxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleepbox",
        abstract: "An offline bedside sleep box: meditation, poetry, a sleep timer and a gentle alarm.",
        subcommands: [SimulateCommand.self, ConfigCommand.self])
}

SleepBoxCommand.main()
