import ArgumentParser
import Logging
import SleepBoxCompanion
import SleepBoxSystem
#if canImport(Glibc)
import Glibc
#endif

/// `sleepbox-companion`: the page on the home network and Home Assistant over MQTT, for a box whose
/// owner switched them on (Settings > Connect). A client of the box's control socket, nothing more.
struct CompanionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleepbox-companion",
        abstract: "The box's page on the home network and its Home Assistant link, while the owner has them switched on.",
        version: BuildVersion.current)

    @Option(help: "The box's control socket.")
    var socket = "/run/sleepbox/control.sock"

    @Option(help: "Where the paired devices are kept.")
    var stateDir = "/var/lib/sleepbox-companion"

    @Option(help: "The address the page listens on.")
    var listen = "0.0.0.0"

    @Option(help: "The page's port (1 to 65535).")
    var port = 8080

    @Option(help: "The MQTT broker for Home Assistant (none: no MQTT).")
    var mqttHost: String?

    @Option(help: "The broker's port (1 to 65535).")
    var mqttPort = 1883

    @Option(help: "The user name at the broker.")
    var mqttUser: String?

    @Option(help: "A file holding the broker's password (its first line; at most 1 KiB).")
    var mqttPasswordFile: String?

    @Option(help: "The device's id in Home Assistant (default: sleepbox_ and 12 hex digits from /etc/machine-id).")
    var mqttID: String?

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port: 1 to 65535, not \(port)") }
        guard (1...65535).contains(mqttPort) else { throw ValidationError("--mqtt-port: 1 to 65535, not \(mqttPort)") }
        if let mqttID, !(1...64).contains(mqttID.count) || !mqttID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
            throw ValidationError("--mqtt-id: 1 to 64 letters, digits, _ or -")
        }
        if mqttHost == nil, mqttUser != nil || mqttPasswordFile != nil {
            throw ValidationError("--mqtt-user and --mqtt-password-file need --mqtt-host")
        }
    }

    func run() throws {
        JournalLogHandler.bootstrap()
        let log = Logger(label: "sleepbox-companion")
        var mqtt: MQTTLink.Options?
        if let mqttHost {
            var password: String?
            if let file = mqttPasswordFile {
                switch AtomicFile.readRegularFile(file, limit: 1024) {
                case .bytes(let bytes):
                    password = String(String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
                case .missing:
                    throw ValidationError("--mqtt-password-file: \(file): no such file")
                case .refused(let why):
                    throw ValidationError("--mqtt-password-file: \(file): \(why)")
                }
            }
            let id = mqttID ?? HomeAssistant.id(machineID: AtomicFile.read("/etc/machine-id", limit: 256).map { String(decoding: $0, as: UTF8.self) } ?? "")
            mqtt = MQTTLink.Options(host: mqttHost, port: mqttPort, user: mqttUser, password: password, clientID: id,
                                    willTopic: "", willPayload: "offline")
        }
        do {
            try AtomicFile.makeDirectory(stateDir)
        } catch {
            throw ValidationError("--state-dir: \(error.description)")
        }
        var info = stat()
        guard stat(stateDir, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ValidationError("--state-dir: \(stateDir) is not a folder")
        }
        let process = CompanionProcess(.init(socket: socket, stateDir: stateDir, listen: listen, port: port, mqtt: mqtt), log: log)
        do {
            try process.run()
        } catch {
            log.critical("cannot serve the page on \(listen):\(port): \(error)")
            throw ExitCode(1)
        }
    }
}

CompanionCommand.main()
