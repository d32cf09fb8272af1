#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxHardware
import SleepBoxSpeech
import SleepBoxConfig
import SleepBoxDaemon
import SleepBoxSound
import SleepBoxSystem

/// `sleepbox doctor`: looks at everything the box needs and says, for each thing that is wrong,
/// what to do about it.
public struct Doctor {
    public struct Check: Sendable, Equatable {
        public enum Outcome: String, Sendable { case ok = "ok", warning = "warn", failure = "FAIL" }
        public var name: String
        public var outcome: Outcome
        public var detail: String
        /// What to do (empty when nothing needs doing).
        public var fix: String
    }

    public var configPath: String?
    public var stateDirectory: String
    public var socketPath: String
    public var boardPath: String?
    /// Probes the sound device: the formats it takes, or why it cannot be opened.
    public var probeAudio: (String) -> Result<String, Error>

    public init(configPath: String?, stateDirectory: String, socketPath: String, boardPath: String?,
                probeAudio: @escaping (String) -> Result<String, Error> = Doctor.probeALSA) {
        self.configPath = configPath
        self.stateDirectory = stateDirectory
        self.socketPath = socketPath
        self.boardPath = boardPath
        self.probeAudio = probeAudio
    }

    /// Opens the ALSA device `device` and asks what it takes (formats, rates, channels).
    public static func probeALSA(_ device: String) -> Result<String, Error> {
        ALSALibrary.silenceErrorOutput()
        do {
            return .success("\(try ALSADeviceInfo.probe(device))")
        } catch {
            return .failure(error)
        }
    }

    /// Runs every check, in the order a person would fix things.
    public func run() -> [Check] {
        var checks: [Check] = []
        func add(_ name: String, _ outcome: Check.Outcome, _ detail: String, _ fix: String = "") {
            checks.append(Check(name: name, outcome: outcome, detail: detail, fix: fix))
        }

        // The running box, if any: devices it holds are busy for the checks below.
        let answer = try? ControlClient.send(#"{"cmd":"status"}"#, to: socketPath, timeoutSeconds: 2)
        let running = answer.map { $0.contains("\"ok\":true") } ?? false
        add("box", running ? .ok : .warning, running ? "running, answering on \(socketPath)" : "not running (no answer on \(socketPath))",
            running ? "" : "sudo systemctl start sleepbox; journalctl -u sleepbox -e shows why it stopped")
        if running, let answer, let saves = Self.stateSaveCheck(status: answer, stateDirectory: stateDirectory) {
            checks.append(saves)
        }
        // A box on simulated devices (`sleepbox run --hardware sim`, a PC) needs no board, GPIO,
        // display or sound card: their absence is no failure then.
        let simulated = running && answer.map(Self.runsSimulated(status:)) == true
        let simulatedDevices = "the running box uses simulated devices (sleepbox run --hardware sim)"

        // Configuration.
        var devices = DeviceSettings()
        var boxConfig: BoxConfig?
        if let configPath {
            do {
                let file = try ConfigFile(path: configPath, defaultTimeZone: ConfigFile.systemTimeZone())
                devices = file.devices
                boxConfig = file.config
                add("configuration", .ok, configPath)
            } catch {
                add("configuration", .failure, "\(error)", "fix the line named, then: sleepbox config check \(configPath)")
            }
        } else {
            add("configuration", .warning, "no configuration file: factory settings", "install config/sleepbox.toml as /etc/sleepbox/sleepbox.toml")
        }

        // Board, GPIO, display.
        var profile: BoardProfile?
        do {
            profile = try BoardSetup.profile(devices, explicitPath: boardPath)
            add("board", .ok, "\(profile?.name ?? "?") (\(BoardDetection.model() ?? "model unknown"))")
        } catch {
            if simulated {
                add("board", .ok, "\(simulatedDevices): no board is needed")
            } else {
                add("board", .failure, "\(error)", "set [board] profile to one of \(BoardProfile.supportedNames.joined(separator: ", ")) or a profile file")
            }
        }
        checks.append(lightCheck(devices, profile: profile))
        if let profile {
            checks.append(gpioCheck(profile, running: running))
            checks.append(displayCheck(profile))
        } else if simulated {
            add("GPIO", .ok, "not needed: \(simulatedDevices)")
            add("display", .ok, "not needed: \(simulatedDevices)")
        } else {
            // Say what was not checked and why, rather than leave the rows out.
            let fix = "on a Raspberry Pi the board is detected; elsewhere name a profile: --board FILE or [board] profile"
            add("GPIO", .warning, "not checked: no board profile", fix)
            add("display", .warning, "not checked: no board profile", fix)
        }

        // Sound.
        // The device's name once: ALSA's messages often begin with it already.
        func named(_ text: String) -> String {
            text.hasPrefix(devices.audioDevice + ":") ? text : "\(devices.audioDevice): \(text)"
        }
        switch probeAudio(devices.audioDevice) {
        case .success(let text): add("sound device", .ok, named(text))
        case .failure(let error):
            let busy = "\(error)".lowercased().contains("busy")
            if busy && running {
                add("sound device", .ok, "\(devices.audioDevice): in use by the running box")
            } else if simulated {
                add("sound device", .ok, "\(simulatedDevices); \(named("\(error)"))")
            } else {
                add("sound device", .failure, named("\(error)"),
                    "check `aplay -l`; set [audio] device; the service's user needs the group audio")
            }
        }

        // Voice.
        let selection = VoiceSelection.choose(settings: devices.voice, rate: (boxConfig ?? BoxConfig()).voiceRate)
        checks.append(Self.voiceCheck(selection, reason: VoiceSelection.reason(settings: devices.voice, choice: selection.choice)))
        let memory = selection.choice.isServed ? NaturalVoiceMemory.check() : nil
        if let memory { checks.append(Self.voiceMemoryCheck(memory)) }
        checks.append(Self.preRenderedSpeechCheck(BundledSpeech.find(), voiceAffordable: memory?.affordable ?? true))
        checks.append(speechCacheCheck(devices: devices, config: boxConfig ?? BoxConfig()))

        // Folders.
        checks.append(folderCheck("state folder", stateDirectory, needWrite: true, fix: "sudo install -d -o sleepbox -g sleepbox \(stateDirectory)"))
        if let content = devices.contentDirectory ?? DataLocations.folder("content") {
            checks.append(folderCheck("content folder", content, needWrite: false, fix: "reinstall: sudo deploy/install.sh"))
        } else {
            add("content folder", .failure,
                "no bundled content found: the library is empty (looked in $SLEEPBOX_SHARE/content, "
                    + "/usr/local/share/sleepbox/content, /usr/share/sleepbox/content and the folders above the program)",
                "set SLEEPBOX_SHARE to the folder that holds content/ (a checkout's top folder) or [paths] content, "
                    + "or install: sudo deploy/install.sh")
        }

        // Permissions of the service user.
        if let groups = groupsOf("sleepbox") {
            let missing = ["gpio", "i2c", "audio", "rtc"].filter { !groups.contains($0) }
            add("permissions", missing.isEmpty ? .ok : .failure,
                missing.isEmpty ? "user sleepbox is in gpio, i2c, audio, rtc" : "user sleepbox is not in: \(missing.joined(separator: ", "))",
                missing.isEmpty ? "" : "sudo usermod -a -G \(missing.joined(separator: ",")) sleepbox")
        } else {
            add("permissions", .warning, "no user sleepbox (not installed as a service)", "sudo deploy/install.sh creates it")
        }

        // Clock.
        // A simulated box keeps a clock of its own (and has no RTC): that is the one it uses.
        checks += Self.clockChecks(simulated ? .forSimulatedHardware(stateDirectory: stateDirectory)
                                             : ClockKeeper(stateDirectory: stateDirectory))
        return checks
    }

    /// Where the clock's time came from, and the battery-backed clock.
    public static func clockChecks(_ keeper: ClockKeeper) -> [Check] {
        let source = keeper.source
        let setIt = "sleepbox ctl clock set \"YYYY-MM-DD HH:MM\" (or on the box: Settings, Clock)"
        let clock: Check
        switch source {
        case .ntp: clock = Check(name: "clock", outcome: .ok, detail: "source NTP: synchronised by network time", fix: "")
        case .rtc: clock = Check(name: "clock", outcome: .ok, detail: "source RTC: read from \(keeper.rtc.path) at boot", fix: "")
        case .setByHand: clock = Check(name: "clock", outcome: .ok, detail: "source set by hand since this boot", fix: "")
        case .untrusted:
            clock = Check(name: "clock", outcome: .warning,
                          detail: "source untrusted: not synchronised, no valid RTC, not set by hand; alarms use the clock as it is",
                          fix: "connect to a network once (systemd-timesyncd), fit an RTC (board/README.md), or set it: \(setIt)")
        }
        let r = keeper.rtcReading
        let driver = keeper.rtc.driverName.map { " (\($0))" } ?? ""
        let rtc: Check
        if let time = r.time {
            let difference = time - r.systemWall
            let agreement = String(format: "%+.0f s from the system clock", difference)
            if r.isValid {
                rtc = Check(name: "RTC", outcome: .ok, detail: "\(r.path)\(driver): \(RTCReading.isoUTC(time)), \(agreement)", fix: "")
            } else if time < RTCDevice.earliestPlausible {
                rtc = Check(name: "RTC", outcome: .warning, detail: "\(r.path)\(driver) reads \(RTCReading.isoUTC(time)): never set, or its battery ran flat",
                            fix: "set the clock by hand once: \(setIt); replace the RTC's battery if it happens again")
            } else {
                rtc = Check(name: "RTC", outcome: .warning, detail: "\(r.path)\(driver): \(RTCReading.isoUTC(time)), \(agreement)",
                            fix: "the system clock was not read from the RTC at boot; set the clock by hand: \(setIt)")
            }
        } else if let error = r.error, error.errno == ENOENT {
            rtc = Check(name: "RTC", outcome: .ok, detail: "none (\(r.path)): after a power cut the clock needs the network or a hand setting",
                        fix: "")
        } else {
            let why = r.error.map(\.description) ?? "unreadable"
            rtc = Check(name: "RTC", outcome: .warning, detail: "\(r.path)\(driver): \(why)",
                        fix: r.error?.errno == EINVAL ? "its oscillator stopped (a flat battery): replace the battery, then set the clock: \(setIt)"
                            : "the service user needs the group rtc (the package's udev rule gives it \(r.path))")
        }
        return [clock, rtc]
    }

    /// Which voice will speak; when the configured one cannot, why, what speaks instead, and how
    /// to fix it (a warning: the box still speaks; a failure when no voice is left at all).
    /// The running box's state saves, from its status answer: a failure when the last save
    /// failed (a full or read-only disk: after a power cut the box would come back from an old
    /// state), nil when the answer does not say.
    static func stateSaveCheck(status answer: String, stateDirectory: String) -> Check? {
        guard let object = try? JSONParser.parseObject(answer[...]), let status = object.first(where: { $0.key == "status" })?.value,
              status.keys.contains("stateSaveError") else { return nil }
        if let why = status["stateInMemory"]?.string {
            return Check(name: "state saves", outcome: .failure,
                         detail: "the state folder cannot be written (\(why)): the box runs with its state in memory; "
                            + "the alarms come from the configuration, no history is kept, and nothing set survives a restart",
                         fix: "make \(stateDirectory) a writable folder (mount -o remount,rw; df -h \(stateDirectory)), then restart the box")
        }
        guard let error = status["stateSaveError"]?.string else {
            return Check(name: "state saves", outcome: .ok, detail: "the last save worked", fix: "")
        }
        let count = status["stateSaveFailures"]?.wholeNumber(in: 0...Int(Int32.max)) ?? 1
        return Check(name: "state saves", outcome: .failure,
                     detail: "\(count) save(s) in a row failed, the last: \(error)",
                     fix: "free space or make \(stateDirectory) writable (df -h \(stateDirectory)); the box saves again on its next change")
    }

    static func voiceCheck(_ selection: (choice: VoiceSelection.Choice, problems: [VoiceSelection.Problem]),
                           reason: String? = nil) -> Check {
        guard let summary = VoiceSelection.summary(selection) else {
            var detail = "\(selection.choice)" + (reason.map { " (\($0))" } ?? "")
            if case .natural(let installation, _) = selection.choice, let data = installation.voiceData {
                detail += "; the voice's model card (licence, lineage): \(data)/MODEL_CARD"
                    + (voiceLicencePath().map { ", and \($0)" } ?? "")
            }
            return Check(name: "voice", outcome: .ok, detail: detail, fix: "")
        }
        let silent = selection.problems.contains(where: \.isSilent)
        return Check(name: "voice", outcome: silent ? .failure : .warning, detail: summary.detail, fix: summary.fix)
    }

    /// The voice's licence notes: installed with the voice (deploy/install.sh, or the
    /// `sleepbox-voice` package), or docs/voice-licence.md of the checkout the program runs from;
    /// nil when none is there.
    static func voiceLicencePath(installed: [String] = ["/usr/local/share/doc/sleepbox/voice-licence.md",
                                                        "/usr/share/doc/sleepbox-voice/voice-licence.md"]) -> String? {
        if let found = installed.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        return DataLocations.folder("docs").map { $0 + "/voice-licence.md" }.flatMap {
            FileManager.default.fileExists(atPath: $0) ? $0 : nil
        }
    }

    /// Whether a status answer says the box runs on simulated devices (`"hardware":"sim"`).
    static func runsSimulated(status answer: String) -> Bool {
        guard let object = try? JSONParser.parseObject(answer[...]),
              let status = object.first(where: { $0.key == "status" })?.value else { return false }
        return status["hardware"]?.string == "sim"
    }

    /// How much of the library's speech the voice's cache holds: the box renders what is missing
    /// in the background after it starts, so a warning here only means it has not finished yet.
    func speechCacheCheck(devices: DeviceSettings, config: BoxConfig) -> Check {
        var quiet = Logger(label: "sleepbox.doctor")
        quiet.logLevel = .critical
        // Only looking: the state folder's check must find it as the box left it, not made here.
        let content = ContentSetup.load(devices: devices, config: config, stateDirectory: stateDirectory,
                                        format: AudioFormat(sampleRate: devices.sampleRate), logger: quiet, creating: false)
        let spoken = content.library.entries.filter {
            $0.item.isAvailable && ($0.sourceKind == .script || $0.sourceKind == .timeline)
        }
        let cached = spoken.filter { content.library.isSpeechCached($0) }.count
        let voice = content.voice.map { "\($0.voice.engine) \($0.voice.name)" } ?? "no voice"
        let size = content.voice.map { String(format: "; cache %.0f of %d MiB", Double($0.cache.byteCount) / 1_048_576,
                                              $0.cache.maxBytes / 1_048_576) } ?? ""
        let reserve = content.voice?.cache.reserve
        let detail = "\(cached) of \(spoken.count) spoken items rendered with \(voice)\(size)" + (reserve.map { "; \($0.summary)" } ?? "")
        // The cache gives way to the state and the history: below the reserve, it renders no more.
        if let reserve, reserve.shortfall(adding: 0) > 0 {
            return Check(name: "speech cache", outcome: .warning, detail: detail,
                         fix: "the state filesystem is nearly full: the cache stores no more speech (the state and the history come first); "
                            + "free space there or give the state folder a larger filesystem")
        }
        return Check(name: "speech cache", outcome: cached == spoken.count ? .ok : .warning, detail: detail,
                     fix: cached == spoken.count ? "" : "the running box renders the rest in the background; "
                        + "or now: sleepbox content render")
    }

    func gpioCheck(_ profile: BoardProfile, running: Bool) -> Check {
        let scan = GPIOInput.scanChips()
        do {
            let chip = try scan.chip(labelled: profile.chipLabels)
            if running {
                return Check(name: "GPIO", outcome: .ok, detail: "\(chip) (lines held by the running box)", fix: "")
            }
            let input = try GPIOInput(profile: profile, consumer: "sleepbox-doctor")
            input.close()
            return Check(name: "GPIO", outcome: .ok, detail: "\(chip): the buttons', knob's and LED's lines can be requested", fix: "")
        } catch {
            return Check(name: "GPIO", outcome: .failure, detail: "\(error)",
                         fix: "check the board profile and wiring (board/README.md); gpioinfo lists the lines and who holds them")
        }
    }

    func displayCheck(_ profile: BoardProfile) -> Check {
        let path = "/dev/i2c-\(profile.display.i2cBus)"
        let address = String(profile.display.address, radix: 16)
        do {
            let bus = try LinuxI2CBus(path: path, address: UInt8(profile.display.address))
            // 0xE3 is the controllers' no-operation command: it shows whether anyone answers.
            try bus.writeBlock(command: 0x00, [0xE3][...])
            return Check(name: "display", outcome: .ok, detail: "\(profile.display.controller) answers at 0x\(address) on \(path)", fix: "")
        } catch {
            // The summary is the fix; the detail is what failed, said once.
            return Check(name: "display", outcome: .failure, detail: "\(error.operation.rawValue): \(error.system.reason), errno \(error.errno)",
                         fix: error.summary)
        }
    }

    func folderCheck(_ name: String, _ path: String, needWrite: Bool, fix: String) -> Check {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            return Check(name: name, outcome: .failure, detail: "\(path) does not exist", fix: fix)
        }
        if needWrite, access(path, W_OK) != 0 {
            return Check(name: name, outcome: .warning, detail: "\(path) is not writable by this user (the service's user may differ)", fix: fix)
        }
        return Check(name: name, outcome: .ok, detail: path, fix: "")
    }

    func groupsOf(_ user: String) -> [String]? {
        guard let pw = getpwnam(user) else { return nil }
        var count: Int32 = 64
        var ids = [gid_t](repeating: 0, count: Int(count))
        guard getgrouplist(user, pw.pointee.pw_gid, &ids, &count) >= 0 else { return nil }
        return ids.prefix(Int(count)).compactMap { getgrgid($0).map { String(cString: $0.pointee.gr_name) } }
    }

    /// The checks as a table: what, status, detail, and the fix for each failure.
    public static func table(_ checks: [Check]) -> String {
        let w = (checks.map(\.name.count).max() ?? 5) + 2
        var lines: [String] = []
        for c in checks {
            lines.append(c.name.padding(toLength: w, withPad: " ", startingAt: 0) + c.outcome.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0) + c.detail)
            if !c.fix.isEmpty && c.outcome != .ok {
                lines.append(String(repeating: " ", count: w + 6) + "fix: " + c.fix)
            }
        }
        return lines.joined(separator: "\n")
    }
}
