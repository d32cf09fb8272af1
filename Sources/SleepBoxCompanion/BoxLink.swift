import SleepBoxSystem

/// The companion's only way to the box: one request, one answer, over the control socket (the
/// same requests `sleepbox ctl` sends).
public protocol BoxLink: Sendable {
    /// Sends `request` and returns the answer object; throws when the box cannot be reached.
    func send(_ request: JSONValue) throws(BoxLinkError) -> JSONValue
}

public struct BoxLinkError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension BoxLink {
    /// The box's status, or nil when it cannot be reached or answers otherwise.
    public func status() -> JSONValue? {
        guard let answer = try? send(.object([("cmd", .string("status"))])), answer["ok"]?.bool == true else { return nil }
        return answer["status"]
    }

    /// Sends `request`; nil when the box did it, else its reason (or why it could not be asked).
    public func perform(_ request: JSONValue) -> String? {
        do {
            let answer = try send(request)
            return answer["ok"]?.bool == true ? nil : (answer["error"]?.string ?? "the box refused")
        } catch {
            return "the box cannot be reached: \(error.description)"
        }
    }
}

/// The control socket at a path.
public struct SocketBoxLink: BoxLink {
    public let path: String

    public init(path: String) { self.path = path }

    public func send(_ request: JSONValue) throws(BoxLinkError) -> JSONValue {
        let line: String
        do {
            line = try ControlClient.send(request.serialized, to: path, timeoutSeconds: 5)
        } catch {
            throw BoxLinkError(error.description)
        }
        do {
            return .object(try JSONParser.parseObject(line[...]).map { ($0.key, $0.value) })
        } catch {
            throw BoxLinkError("the box's answer is not JSON (column \(error.column): \(error.message))")
        }
    }
}
