import ArgumentParser
import Foundation
import SleepBoxDaemon

/// `sleepbox ctl`: talk to the running box through its control socket (also over SSH).
struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Control the running box.",
        discussion: """
            Commands:
              status                      the box's state (JSON)
              press leaf|skip|timer|knob  a short press
              hold BUTTON SECONDS         hold a button
              turn N                      turn the knob N detents (negative: counter-clockwise)
              alarm set HH:MM [DAYS]      set the alarm, e.g. alarm set 06:45 mon,tue,wed,thu,fri
              alarm on|off|skip-next|keep-next|clear
              volume PERCENT
              frame                       the display's frame as hex (SSD1306 page layout)
            """)

    @Option(help: "The control socket.")
    var socket: String = "/run/sleepbox/control.sock"

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var words: [String]

    func run() throws {
        let request: String
        do {
            request = try CtlCommand.request(words)
        } catch let error as ValidationError {
            throw error
        }
        let answer: String
        do {
            answer = try ControlClient.send(request, to: socket)
        } catch {
            FileHandle.standardError.write(Data("sleepbox ctl: \(error) (is the box running? see systemctl status sleepbox)\n".utf8))
            throw ExitCode(.unavailable)
        }
        print(answer)
        if answer.contains("\"ok\":false") { throw ExitCode(.failure) }
    }

    /// The JSON request line for the words of a command.
    static func request(_ words: [String]) throws -> String {
        guard let verb = words.first else { throw ValidationError("say what to do: status, press, hold, turn, alarm, volume, frame") }
        let rest = Array(words.dropFirst())
        switch (verb, rest.count) {
        case ("status", 0): return #"{"cmd":"status"}"#
        case ("frame", 0): return #"{"cmd":"frame"}"#
        case ("press", 1): return #"{"cmd":"press","button":\#(Quoting.quoted(rest[0]))}"#
        case ("hold", 2):
            guard let s = Double(rest[1]) else { throw ValidationError("hold BUTTON SECONDS: \(rest[1]) is not a number") }
            return #"{"cmd":"hold","button":\#(Quoting.quoted(rest[0])),"seconds":\#(s)}"#
        case ("turn", 1):
            guard let n = Int(rest[0]) else { throw ValidationError("turn N: \(rest[0]) is not a whole number") }
            return #"{"cmd":"turn","detents":\#(n)}"#
        case ("volume", 1):
            guard let p = Int(rest[0]) else { throw ValidationError("volume PERCENT: \(rest[0]) is not a whole number") }
            return #"{"cmd":"volume","percent":\#(p)}"#
        case ("alarm", 2...3) where rest[0] == "set":
            var r = #"{"cmd":"alarm","time":\#(Quoting.quoted(rest[1]))"#
            if rest.count == 3 {
                r += #","days":["# + rest[2].split(separator: ",").map { Quoting.quoted(String($0)) }.joined(separator: ",") + "]"
            }
            return r + "}"
        case ("alarm", 1):
            switch rest[0] {
            case "on": return #"{"cmd":"alarm","enabled":true}"#
            case "off": return #"{"cmd":"alarm","enabled":false}"#
            case "skip-next": return #"{"cmd":"alarm","skipNext":true}"#
            case "keep-next": return #"{"cmd":"alarm","skipNext":false}"#
            case "clear": return #"{"cmd":"alarm","clear":true}"#
            default: throw ValidationError("alarm on|off|skip-next|keep-next|clear|set HH:MM [DAYS]")
            }
        default:
            throw ValidationError("unknown or incomplete command: \(words.joined(separator: " ")) (see sleepbox ctl --help)")
        }
    }
}
