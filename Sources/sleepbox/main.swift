import ArgumentParser
import Foundation
import Logging
import SleepBoxDaemon
import SleepBoxRunner
import SleepBoxSystem

// Two malloc arenas for every thread (set before any thread starts): see HeapTuning.
HeapTuning.limitArenas()

// Under systemd, plain lines with a priority prefix (journald adds the time); elsewhere, stamped lines.
LoggingSystem.bootstrap { label in
    if JournalLogHandler.isJournal { return JournalLogHandler(label: label) }
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}

/// The sleep box's command line.
struct SleepBoxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleepbox",
        abstract: "An offline bedside sleep box: meditation, poetry, a sleep timer and a gentle alarm.",
        version: BuildVersion.current,
        subcommands: [RunCommand.self, CtlCommand.self, SimulateCommand.self, PlayCommand.self, ContentCommand.self, HistoryCommand.self, DoctorCommand.self, ConfigCommand.self])
}

CommandLineEntry.main(SleepBoxCommand.self, arguments: Array(CommandLine.arguments.dropFirst()))
