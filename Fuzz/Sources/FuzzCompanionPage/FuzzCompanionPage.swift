import CFuzzer
import Foundation
import Logging
import SleepBoxCompanion
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxSimulator
import SleepBoxSystem

/// A box for the whole run, answering the companion's socket requests in process, as the daemon's
/// control socket does.
nonisolated(unsafe) private let sim: Simulator = {
    let sim = Simulator(config: BoxConfig(alarm: AlarmSettings(hour: 6, minute: 45)), catalog: Catalog(items: []),
                        startWall: 1_795_383_000, seed: 1, store: nil, trace: nil, frames: nil,
                        logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
    sim.start()
    _ = ControlProtocol(runner: sim.runner).answer(line: #"{"cmd":"companion","set":"on"}"#, at: sim.now)
    return sim
}()

private struct InProcessBox: BoxLink {
    func send(_ request: JSONValue) throws(BoxLinkError) -> JSONValue {
        ControlProtocol(runner: sim.runner).answer(line: request.serialized, at: sim.now)
    }
}

nonisolated(unsafe) private let site = CompanionSite(
    box: InProcessBox(), tokens: DeviceTokens(path: nil), port: 8080, names: { ["sleepbox", "127.0.0.1"] },
    monotonic: { sim.time }, wallSeconds: { 0 })
private let homeAssistant = HomeAssistant(id: "sleepbox_0123456789ab", hasLight: true, version: "0")

/// Requests to the page from any bytes: a first line `METHOD PATH`, header lines `Name: value` up to
/// an empty line, then the body; each answered with a status the page gives (never a trap). The
/// same bytes as an MQTT command to each of Home Assistant's topics, and as a devices file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompanionPage(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
    let first = (lines.next() ?? "").split(separator: " ", maxSplits: 1)
    var headers: [(name: String, value: String)] = []
    while let line = lines.next(), !line.isEmpty {
        let parts = line.split(separator: ":", maxSplits: 1)
        headers.append((String(parts.first ?? ""), String(parts.dropFirst().first?.drop { $0 == " " } ?? "")))
    }
    var body: [String] = []
    while let line = lines.next() { body.append(String(line)) }
    let request = PageRequest(method: String(first.first ?? "GET"), path: String(first.dropFirst().first ?? "/"),
                              headers: headers, body: Array(body.joined(separator: "\n").utf8), peer: "192.168.1.31")
    let response = site.respond(request)
    precondition([200, 303, 400, 401, 403, 404, 405, 409, 421, 429, 500, 502, 503].contains(response.status), "status \(response.status)")
    let html = String(decoding: response.body, as: UTF8.self)
    precondition(!html.contains("<script"), "a script in the page")
    let status = InProcessBox().status()
    for topic in ["volume/set", "alarm/1/set", "alarm/3/time/set", "light/set", "skip_next", "dawn", "snooze"] {
        _ = homeAssistant.requests(topic: "sleepbox/sleepbox_0123456789ab/" + topic, payload: text, status: status)
    }
    _ = try? DeviceTokens.parse(text, path: "devices")
    sim.advance(to: sim.time + 0.5)
    return 0
}

@_cdecl("FuzzCompanionPage_main")
public func fuzzCompanionPageMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzCompanionPage(data, size)
    }
}
