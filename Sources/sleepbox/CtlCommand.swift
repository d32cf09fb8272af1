import ArgumentParser
import Foundation
import SleepBoxDaemon
import SleepBoxSystem

/// `sleepbox ctl`: talk to the running box through its control socket (also over SSH).
struct CtlCommand: ParsableCommand {
    // Every line of the table fits 80 columns: the help is not wrapped in the middle of a row.
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Control the running box.",
        discussion: """
            Commands:
              status                        the box's state (JSON)
              nights [DAYS]                 minutes heard on each of the last nights (30;
                                            up to 366), oldest first (JSON)
              watch                         a line for each of the alarm's moments (rang,
                                            snoozed, dismissed) and each change of what
                                            plays, the volume, the timer, the alarms, the
                                            light and the companion's switch, as they
                                            happen (until interrupted)
              press leaf|skip|timer|knob    a short press
              hold BUTTON SECONDS           hold a button
              turn N                        turn the knob N detents (negative:
                                            anticlockwise)
              play ID                       play an item (sleepbox content list lists them)
              stop                          stop what plays
              volume PERCENT                the volume, 0 to 100
              alarm [N] set HH:MM [DAYS]    set alarm N (1 to 4; without N, alarm 1), e.g.
                                            alarm 2 set 08:15 weekends (DAYS: mon,tue,...,
                                            weekdays, weekends, daily)
              alarm [N] on|off|clear        switch it on or off, or remove it
              alarm [N] skip-next|keep-next skip its next ring, or not
              alarm [N] sound NAME          chime, rain, ocean, forest, pink, brown, white
              alarm [N] ramp SECONDS        1 to 1800; default: the configuration's
              alarm [N] snooze MINUTES      1 to 60; default: the configuration's
              alarm [N] volume PERCENT      0 to 100; default: the configuration's
              alarm [N] dawn MINUTES|off    its dawn light, 15 to 90 minutes before it
                                            rings, or none; default: [light]'s
              snooze                        snooze the ringing alarm
              dismiss                       dismiss the ringing or snoozed alarm
              timer MINUTES|end|off         the sleep timer: 1 to 1440 minutes, to the end
                                            of what plays, or off (as set on the box)
              reminder set HH:MM [DAYS]     the bedtime reminder, on at this time
              reminder on|off               the bedtime reminder on or off
              meditation start              start the meditation timer as it is set up
              meditation length MINUTES     its length, 1 to 180
              meditation sound NAME|none    its sound ([meditation] sounds), or silence
              meditation guide on|off       its breathing guide
              meditation bells MINUTES|off  a bell every 1 to 60 minutes, or none
              setting KEY VALUE|default     a setting as on the box's Settings screen, e.g.
                                            setting display.clock_24h off
              frame                         the display's frame as hex (SSD1306 pages)
              frame --png FILE              the display's frame as a PNG (512x256)
              clock                         the clock's source (ntp, rtc, setByHand,
                                            untrusted), its time and the RTC
              clock set "YYYY-MM-DD HH:MM"  set the clock by hand (local time in the box's
                                            zone): on a Pi the system clock and the RTC;
                                            with --hardware sim the box's own only
              light on|off|LEVEL            the light on, off, or at a lightness (CIE L*, 0
                                            to 100); off also ends the night light
              light LEVEL KELVIN            at a lightness and colour temperature, e.g.
                                            light 40 2700
              light dawn [MINUTES]          a dawn now, over 1 to 90 minutes (default: the
                                            configuration's), then full until switched
              companion on|off|forget       the home network (the companion's page and
                                            Home Assistant) on or off, as at Settings >
                                            Connect; forget: every paired device forgotten

            An alarm's ramp, snooze, volume and dawn take default: the configuration's
            again.
            """)

    @OptionGroup var controlSocket: SocketOption

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var words: [String]

    func run() throws {
        // The words are passed through untouched, so ArgumentParser never sees a help flag among them.
        if let first = words.first, ["--help", "-h", "help"].contains(first) {
            throw CleanExit.helpRequest(self)
        }
        if words == ["watch"] {
            // Every line the box sends, as it comes, until the box stops or ctl is interrupted.
            var refused = false
            do {
                try ControlClient.watch(controlSocket.socket) { line in
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                    refused = line.hasPrefix(#"{"ok":false"#)
                    return !refused
                }
            } catch {
                FileHandle.standardError.write(Data("sleepbox ctl: \(error) (is the box running? see systemctl status sleepbox)\n".utf8))
                throw ExitCode(.unavailable)
            }
            if refused { throw ExitCode(.failure) }
            return
        }
        var png: String? = nil
        var command = words
        if command.first == "frame", command.count >= 2, command[1] == "--png" {
            guard command.count == 3 else { throw ValidationError("frame --png FILE: name one file to write") }
            png = command[2]
            command = ["frame"]
        }
        let request: String
        do {
            request = try ControlProtocol.requestLine(words: command)
        } catch {
            throw ValidationError(error.message)
        }
        let answer: String
        do {
            answer = try ControlClient.send(request, to: controlSocket.socket)
        } catch {
            FileHandle.standardError.write(Data("sleepbox ctl: \(error) (is the box running? see systemctl status sleepbox)\n".utf8))
            throw ExitCode(.unavailable)
        }
        if answer.contains("\"ok\":false") {
            print(answer)
            throw ExitCode(.failure)
        }
        guard let png else {
            print(answer)
            return
        }
        // The picture replaces a file of the same name, never a device, FIFO, link or folder
        // (as root, `--png /dev/null` would otherwise put a regular file in /dev/null's place).
        var st = stat()
        if lstat(png, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            FileHandle.standardError.write(Data("sleepbox ctl: frame --png \(png): not a regular file; nothing written\n".utf8))
            throw ExitCode(.cantCreate)
        }
        do {
            try AtomicFile.write(try FramePicture.png(answer: answer), to: png)
        } catch {
            FileHandle.standardError.write(Data("sleepbox ctl: frame --png \(png): \(error)\n".utf8))
            throw ExitCode(.cantCreate)
        }
        print("Wrote \(png)")
    }
}
