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
              alarm set HH:MM [DAYS]      set the alarm, e.g. alarm set 06:45 weekdays (DAYS: mon,tue,...,
                                          weekdays, weekends, daily; as in the configuration)
              alarm on|off|skip-next|keep-next|clear
              alarm N set HH:MM [DAYS]    the same for alarm N (1 to 4), e.g. alarm 2 set 08:15 weekends;
              alarm N on|off|skip-next|keep-next|clear     without N, alarm 1
              setting KEY VALUE|default   a setting as on the box's Settings screen, e.g.
                                          setting display.clock_24h off, setting language de
              volume PERCENT
              frame                       the display's frame as hex (SSD1306 page layout)
              clock                       the clock's source (ntp, rtc, setByHand, untrusted), time, RTC
              clock set "YYYY-MM-DD HH:MM"  set the clock by hand (local time in the box's time zone)
                                          and the RTC when there is one
              light on|off|LEVEL          the light on, off, or at a lightness (CIE L*, 0 to 100); off also
                                          ends the night light and the hold after the alarm
            """)

    @Option(help: "The control socket.")
    var socket: String = "/run/sleepbox/control.sock"

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var words: [String]

    func run() throws {
        // The words are passed through untouched, so ArgumentParser never sees a help flag among them.
        if let first = words.first, ["--help", "-h", "help"].contains(first) {
            throw CleanExit.helpRequest(self)
        }
        let request: String
        do {
            request = try ControlProtocol.requestLine(words: words)
        } catch {
            throw ValidationError(error.message)
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
}
