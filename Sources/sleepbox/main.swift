import ArgumentParser
import Foundation
import Logging
import SleepBoxDaemon
import SleepBoxRunner
import SleepBoxSystem

// Two malloc arenas for every thread (set before any thread starts): see HeapTuning.
HeapTuning.limitArenas()

JournalLogHandler.bootstrap()

/// The sleep box's command line.
struct SleepBoxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleepbox",
        abstract: "An offline bedside sleep box: meditation, poetry, a sleep timer and a gentle alarm.",
        version: BuildVersion.current,
        subcommands: [RunCommand.self, CtlCommand.self, SimulateCommand.self, PlayCommand.self, ContentCommand.self, HistoryCommand.self, DoctorCommand.self, ConfigCommand.self])
}

CommandLineEntry.main(SleepBoxCommand.self, arguments: Array(CommandLine.arguments.dropFirst()))
