import Dispatch
import Logging
import SleepBoxSystem
#if canImport(Glibc)
import Glibc
#endif

/// The companion's life: it waits for the box, serves the page (and Home Assistant, when a broker
/// is given) while the owner has it switched on, follows the box through a watch (no polling), and
/// ends with status 0 when the owner switches it off on the box.
public final class CompanionProcess: @unchecked Sendable {
    public struct Options: Sendable {
        public var socket: String
        public var stateDir: String
        public var listen: String
        public var port: Int
        /// The broker, when Home Assistant is wanted; its client id is the device's id.
        public var mqtt: MQTTLink.Options?

        public init(socket: String, stateDir: String, listen: String, port: Int, mqtt: MQTTLink.Options?) {
            self.socket = socket
            self.stateDir = stateDir
            self.listen = listen
            self.port = port
            self.mqtt = mqtt
        }
    }

    private let options: Options
    private let log: Logger
    private let box: SocketBoxLink
    private let queue = DispatchQueue(label: "companion.box")
    private var mqtt: MQTTLink?
    private var homeAssistant: HomeAssistant?
    /// Where the page answers, as the box's pairing page shows it.
    private var pageAddress: String?

    public init(_ options: Options, log: Logger) {
        self.options = options
        self.log = log
        box = SocketBoxLink(path: options.socket)
    }

    /// Runs until the owner switches the companion off (returns) or the page cannot be served (throws).
    public func run() throws {
        guard let status = waitForBox() else {
            log.notice("the box's home network is switched off: nothing to serve")
            return
        }
        let (tokens, problem) = DeviceTokens.load(options.stateDir + "/devices")
        if let problem { log.error("\(problem)") }
        let site = CompanionSite(box: box, tokens: tokens, port: options.port, names: { HostNames.current() },
                                 monotonic: { SystemClock.monotonicSeconds() }, wallSeconds: { Int(time(nil)) })
        let server = try PageServer(host: options.listen, port: options.port, site: site)
        log.info("serving the page on \(options.listen):\(server.port)")
        pageAddress = HostNames.pageAddress(listen: options.listen, port: server.port)
        tellAddress()
        if let mqttOptions = options.mqtt {
            startHomeAssistant(mqttOptions, status: status)
        }
        followBox()
        log.info("switched off on the box: the page closes")
        mqtt?.stop()
        server.stop()
    }

    /// The box's status once it answers with the companion switched on; nil when it answers with it
    /// off. Waits (1 s between tries) while the box is not there yet.
    private func waitForBox() -> JSONValue? {
        var said = false
        while true {
            if let status = box.status() {
                return status["companion"]?["enabled"]?.bool == true ? status : nil
            }
            if !said { log.info("waiting for the box at \(options.socket)"); said = true }
            sleep(1)
        }
    }

    /// Follows the box's watch until the owner switches the companion off; when the box goes away
    /// (restarted, upgraded), watches again once it is back.
    private func followBox() {
        while true {
            var switchedOff = false
            do {
                try ControlClient.watch(options.socket) { line in
                    guard let members = try? JSONParser.parseObject(line[...]) else { return true }
                    let message = JSONValue.object(members.map { ($0.key, $0.value) })
                    if let ha = homeAssistant, let event = ha.event(message) { mqtt?.publish(ha.eventTopic, event, retain: false) }
                    guard let status = box.status() else { return true }
                    if status["companion"]?["enabled"]?.bool != true { switchedOff = true; return false }
                    publishStates(status)
                    return true
                }
            } catch {
                log.warning("lost the box's watch: \(error.description)")
            }
            if switchedOff { return }
            sleep(1)
            guard waitForBox() != nil else { return }
            tellAddress()
        }
    }

    /// Tells the box where the page answers (the box's own unit sees no network).
    private func tellAddress() {
        guard let pageAddress else { return }
        if let refusal = box.perform(.object([("cmd", .string("companion")), ("address", .string(pageAddress))])) {
            log.warning("the box did not take the page's address \(pageAddress): \(refusal)")
        }
    }

    private func startHomeAssistant(_ o: MQTTLink.Options, status: JSONValue) {
        let hasLight = (status["light"]?["device"]?.string ?? "none") != "none"
        let ha = HomeAssistant(id: o.clientID, hasLight: hasLight, version: BuildVersion.current)
        homeAssistant = ha
        var linkOptions = o
        linkOptions.willTopic = ha.availabilityTopic
        linkOptions.willPayload = "offline"
        let queue = self.queue
        let link = MQTTLink(linkOptions, log: log, onConnect: { [weak self] in
            guard let self else { return }
            queue.async { self.announce() }
        }, onMessage: { [weak self] topic, payload in
            guard let self else { return }
            queue.async { self.command(topic, payload) }
        })
        mqtt = link
        do { try link.start() } catch { log.error("MQTT: \(error.description)") }
    }

    /// On each connection: online, discovery, the commands subscribed, the state.
    private func announce() {
        guard let ha = homeAssistant, let mqtt else { return }
        mqtt.publish(ha.availabilityTopic, "online", retain: true)
        mqtt.publish(ha.discoveryTopic, ha.discovery().serialized, retain: true)
        mqtt.subscribe(HomeAssistant.birthTopic)
        mqtt.subscribe(ha.commandTopics)
        if let status = box.status() { publishStates(status) }
    }

    private func publishStates(_ status: JSONValue) {
        guard let ha = homeAssistant, let mqtt else { return }
        for (topic, payload) in ha.states(status) { mqtt.publish(topic, payload, retain: true) }
    }

    private func command(_ topic: String, _ payload: String) {
        guard let ha = homeAssistant else { return }
        if topic == HomeAssistant.birthTopic {
            // Home Assistant came back: discovery again, after a short random wait so that many
            // devices do not all answer at once.
            if payload == "online" {
                queue.asyncAfter(deadline: .now() + .milliseconds(Int.random(in: 200...2000))) { [weak self] in
                    guard let self, let ha = self.homeAssistant else { return }
                    self.mqtt?.publish(ha.discoveryTopic, ha.discovery().serialized, retain: true)
                    if let status = self.box.status() { self.publishStates(status) }
                }
            }
            return
        }
        // The box's own state topics come back on the wildcard: only `/set` and the buttons are commands.
        let name = topic.split(separator: "/").last.map(String.init) ?? ""
        guard ["set", "snooze", "dismiss", "skip_next", "dawn"].contains(name) else { return }
        switch ha.requests(topic: topic, payload: payload, status: box.status()) {
        case .failure(let error):
            log.warning("MQTT command refused: \(error.description)")
        case .success(let requests):
            for request in requests {
                if let refusal = box.perform(request) { log.warning("MQTT command \(topic): the box refused: \(refusal)"); break }
            }
        }
    }
}

/// The names and addresses the box answers to: its host name, `<name>.local`, `localhost`, the
/// loopback addresses and every address of its interfaces.
enum HostNames {
    /// The address a phone reaches the page at: the listening address, or for any address
    /// (0.0.0.0) the first IPv4 address of an interface that is up and not the loopback; with the port.
    static func pageAddress(listen: String, port: Int) -> String? {
        if listen != "0.0.0.0" && listen != "::" { return listen.contains(":") ? "[\(listen)]:\(port)" : "\(listen):\(port)" }
        return NetworkAddresses.firstIPv4().map { "\($0):\(port)" }
    }

    static func current() -> Set<String> {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
            if !name.isEmpty { names.insert(name); names.insert(name + ".local") }
        }
        return names.union(NetworkAddresses.all())
    }
}
