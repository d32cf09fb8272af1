import CMosquitto
import Logging

/// A connection to the owner's MQTT broker through libmosquitto: its own network thread, keep-alive,
/// the last will and reconnection (2 s, doubling to a minute) are the library's. Callbacks arrive
/// on that thread; they hand work on and return.
public final class MQTTLink: @unchecked Sendable {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var user: String?
        public var password: String?
        public var clientID: String
        /// The last will: published by the broker when this client is gone without saying goodbye.
        public var willTopic: String
        public var willPayload: String

        public init(host: String, port: Int, user: String?, password: String?, clientID: String, willTopic: String, willPayload: String) {
            self.host = host
            self.port = port
            self.user = user
            self.password = password
            self.clientID = clientID
            self.willTopic = willTopic
            self.willPayload = willPayload
        }
    }

    private let options: Options
    private let log: Logger
    private var mosq: OpaquePointer?
    private let onConnect: @Sendable () -> Void
    private let onMessage: @Sendable (String, String) -> Void

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(_ options: Options, log: Logger, onConnect: @escaping @Sendable () -> Void,
                onMessage: @escaping @Sendable (_ topic: String, _ payload: String) -> Void) {
        self.options = options
        self.log = log
        self.onConnect = onConnect
        self.onMessage = onMessage
    }

    static func reason(_ rc: Int32) -> String { String(cString: mosquitto_strerror(rc)) }

    /// Starts connecting (the library's thread keeps at it until `stop`).
    public func start() throws(Failure) {
        mosquitto_lib_init()
        guard let m = mosquitto_new(options.clientID, true, Unmanaged.passUnretained(self).toOpaque()) else {
            throw Failure(description: "mosquitto_new failed")
        }
        mosq = m
        if let user = options.user {
            let rc = mosquitto_username_pw_set(m, user, options.password)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw Failure(description: "MQTT user: \(MQTTLink.reason(rc))") }
        }
        let will = Array(options.willPayload.utf8)
        _ = will.withUnsafeBytes { mosquitto_will_set(m, options.willTopic, Int32($0.count), $0.baseAddress, 1, true) }
        mosquitto_reconnect_delay_set(m, 2, 60, true)
        mosquitto_connect_callback_set(m) { _, obj, rc in
            guard let obj else { return }
            let link = Unmanaged<MQTTLink>.fromOpaque(obj).takeUnretainedValue()
            if rc == 0 {
                link.log.info("MQTT: connected to \(link.options.host):\(link.options.port)")
                link.onConnect()
            } else {
                link.log.error("MQTT: \(link.options.host):\(link.options.port) refused the connection: \(String(cString: mosquitto_connack_string(rc)))")
            }
        }
        mosquitto_disconnect_callback_set(m) { _, obj, rc in
            guard let obj, rc != 0 else { return }
            let link = Unmanaged<MQTTLink>.fromOpaque(obj).takeUnretainedValue()
            link.log.warning("MQTT: connection lost (\(MQTTLink.reason(rc))); trying again")
        }
        mosquitto_message_callback_set(m) { _, obj, message in
            guard let obj, let message, let topic = message.pointee.topic else { return }
            let link = Unmanaged<MQTTLink>.fromOpaque(obj).takeUnretainedValue()
            let count = Int(message.pointee.payloadlen)
            guard count <= 4096 else { return }
            let payload = count > 0 ? String(decoding: UnsafeRawBufferPointer(start: message.pointee.payload, count: count), as: UTF8.self) : ""
            link.onMessage(String(cString: topic), payload)
        }
        let rc = mosquitto_connect_async(m, options.host, Int32(options.port), 60)
        if rc != MOSQ_ERR_SUCCESS.rawValue {
            log.warning("MQTT: cannot reach \(options.host):\(options.port) yet (\(MQTTLink.reason(rc))); trying again")
        }
        let started = mosquitto_loop_start(m)
        guard started == MOSQ_ERR_SUCCESS.rawValue else { throw Failure(description: "MQTT thread: \(MQTTLink.reason(started))") }
    }

    /// Publishes at QoS 1 (queued by the library while disconnected is not wanted: retained
    /// state is sent again on each connection).
    public func publish(_ topic: String, _ payload: String, retain: Bool) {
        guard let mosq else { return }
        let bytes = Array(payload.utf8)
        let rc = bytes.withUnsafeBytes { mosquitto_publish(mosq, nil, topic, Int32($0.count), $0.baseAddress, 1, retain) }
        if rc != MOSQ_ERR_SUCCESS.rawValue && rc != MOSQ_ERR_NO_CONN.rawValue {
            log.warning("MQTT: cannot publish \(topic): \(MQTTLink.reason(rc))")
        }
    }

    public func subscribe(_ topic: String) {
        guard let mosq else { return }
        _ = mosquitto_subscribe(mosq, nil, topic, 1)
    }

    /// Says "offline" itself (a will is only for leaving without a word), then disconnects.
    public func stop() {
        guard let m = mosq else { return }
        publish(options.willTopic, options.willPayload, retain: true)
        mosquitto_disconnect(m)
        mosquitto_loop_stop(m, false)
        mosquitto_destroy(m)
        mosq = nil
        mosquitto_lib_cleanup()
    }
}
