import ArgumentParser
import Foundation
import SleepBoxSystem

/// Parses and runs the command line as `ParsableCommand.main` does, with two differences: a word
/// that names no command is refused (also before `--help`), and a usage error found while a
/// subcommand runs shows that subcommand's usage, not the top-level one.
enum CommandLineEntry {
    static func main(_ root: ParsableCommand.Type, arguments: [String]) -> Never {
        if let unknown = unknownCommand(root, arguments: arguments) {
            let usage = root.usageString(for: unknown.parent)
            standardError("Error: unknown command '\(unknown.word)'; the commands of \(commandPath(usage)) are: "
                          + unknown.parent.configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
                          + "\nUsage: \(usage)\n  See '\(commandPath(usage)) --help' for more information.\n")
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        var command: ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            root.exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            let usage = root.usageString(for: type(of: command))
            standardError("Error: \(error.message)\nUsage: \(usage)\n  See '\(commandPath(usage)) --help' for more information.\n")
            Foundation.exit(ExitStatus.usage.rawValue)
        } catch {
            root.exit(withError: error)
        }
        Foundation.exit(0)
    }

    /// The first word that should name a subcommand and names none: `sleepbox NOSUCH --help`,
    /// `sleepbox content NOSUCH`. Options end the search (their values are not commands), and so
    /// does a command without subcommands (its words are its own).
    static func unknownCommand(_ root: ParsableCommand.Type, arguments: [String]) -> (word: String, parent: ParsableCommand.Type)? {
        var current = root
        for word in arguments {
            let subcommands = current.configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty else { return nil }
            if word == "help" { return nil }
            guard let next = subcommands.first(where: { $0._commandName == word }) else { return (word, current) }
            current = next
        }
        return nil
    }

    /// "sleepbox content add" from a usage line: the words before the first option or argument.
    static func commandPath(_ usage: String) -> String {
        usage.split(separator: " ").prefix { !$0.hasPrefix("-") && !$0.hasPrefix("[") && !$0.hasPrefix("<") }
            .joined(separator: " ")
    }

    private static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
