#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SleepBoxCore
import SleepBoxSystem
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

/// `{"cmd":"watch"}` (`sleepbox ctl watch`): a client that stays and is told the alarm's moments
/// and the changes of what a client shows, as they happen.
@Suite struct ControlWatchTests: ControlSocketPeer {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sbw-\(UUID().uuidString.prefix(8)).sock").path

    @Test func aWatcherStaysPastTheIdleTimeAndIsSentWhatIsPublished() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        let watcher = try connectClient()
        let other = try connectClient()
        defer { close(watcher); close(other) }
        serve(server, at: 0)
        write(#"{"cmd":"watch"}"# + "\n", to: watcher)
        serve(server, at: 0.1)
        #expect(received(watcher) == (#"{"ok":true,"watching":true}"# + "\n", false))
        #expect(server.watcherCount == 1)
        server.publish([#"{"event":"changed"}"#])
        #expect(received(watcher).text == #"{"event":"changed"}"# + "\n")
        // Past the idle time: the quiet ordinary client goes, the watcher stays.
        server.closeIdleClients(at: ControlServer.idleSeconds + 1)
        serve(server, at: ControlServer.idleSeconds + 1)
        #expect(received(other).closed)
        #expect(server.clientCount == 1)
        #expect(server.nextIdleDeadline == nil)
        server.publish([#"{"event":"rang","alarm":1}"#, #"{"event":"changed"}"#])
        #expect(received(watcher) == (#"{"event":"rang","alarm":1}"# + "\n" + #"{"event":"changed"}"# + "\n", false))
        // It may still ask, as any client.
        write(#"{"cmd":"status"}"# + "\n", to: watcher)
        serve(server, at: 12)
        #expect(received(watcher).text.hasPrefix(#"{"echo":"#))
    }

    @Test func atMostFourWatchAndAFloodPushesOutTheOthersFirst() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        var watchers: [Int32] = []
        defer { watchers.forEach { _ = close($0) } }
        for i in 0...ControlServer.maximumWatchers {
            watchers.append(try connectClient())
            serve(server, at: Double(i) * 0.01)
            write(#"{"cmd":"watch"}"# + "\n", to: watchers[i])
            serve(server, at: Double(i) * 0.01 + 0.005)
        }
        #expect(server.watcherCount == ControlServer.maximumWatchers)
        #expect(received(watchers.last!).text == #"{"ok":false,"error":"4 clients watch already; try again when one has gone"}"# + "\n")
        // A flood of new clients: the ordinary ones are pushed out, never the watchers.
        var flood: [Int32] = []
        defer { flood.forEach { _ = close($0) } }
        for i in 0..<(2 * ControlServer.maximumClients) {
            flood.append(try connectClient())
            serve(server, at: 1 + Double(i) * 0.01)
        }
        #expect(server.watcherCount == ControlServer.maximumWatchers)
        for w in watchers.dropLast() { #expect(!received(w).closed) }
        // A watch request with more in it is an ordinary request, answered by the protocol.
        #expect(!ControlProtocol.isWatchRequest(#"{"cmd":"watch","since":1}"#))
        #expect(ControlProtocol.isWatchRequest(#"{ "cmd" : "watch" }"#))
        if case .failure(let e) = ControlProtocol.parse(#"{"cmd":"watch","since":1}"#) {
            #expect(e.message == #"a watch request has no other fields: {"cmd":"watch"}"#)
        } else { Issue.record("a watch request with a field was taken") }
    }

    @Test func theAlarmsMomentsAndChangesAreToldOnceEach() throws {
        let sim = ControlProtocolTests.simulator()
        let watch = ControlWatch()
        sim.runner.add(watch)
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        #expect(watch.take() == [])
        _ = control.answer(line: #"{"cmd":"alarm","time":"06:45"}"#, at: sim.now)
        #expect(watch.take() == [#"{"event":"changed"}"#])
        // The clock moving on changes nothing a client shows.
        sim.advance(to: 3600)
        #expect(watch.take() == [])
        sim.advance(to: 8 * 3600 + 15 * 60 + 5)
        let rang = watch.take()
        #expect(rang.first == #"{"event":"rang","alarm":1,"at":"2026-11-23T06:45:00+01:00"}"#, "\(rang)")
        #expect(rang.last == #"{"event":"changed"}"#)
        _ = control.answer(line: #"{"cmd":"snooze"}"#, at: sim.now)
        #expect(watch.take().first?.hasPrefix(#"{"event":"snoozed","alarm":1,"at":"2026-11-23T06:45:"#) == true)
        _ = control.answer(line: #"{"cmd":"dismiss"}"#, at: sim.now)
        #expect(watch.take().first?.hasPrefix(#"{"event":"dismissed","alarm":1,"#) == true)
        _ = control.answer(line: #"{"cmd":"volume","percent":35}"#, at: sim.now)
        #expect(watch.take() == [#"{"event":"changed"}"#])
    }

    @Test func theNapsRingIsToldAsTheNapsNotAsAnAlarms() throws {
        // docs/examples/timers.jsonl: a 3-minute meditation, then a 2-minute nap whose alarm is
        // snoozed and dismissed; the box's alarm 1 is set for the morning.
        let watch = ControlWatch()
        _ = try DocsExamplesRunTests.run("timers.jsonl", config: "timers.toml", observer: watch)
        let events = watch.take().filter { !$0.contains("changed") }
        #expect(events.count == 3, "\(events)")
        for (line, name) in zip(events, ["rang", "snoozed", "dismissed"]) {
            #expect(line.hasPrefix(#"{"event":"\#(name)","nap":true,"at":"2026-11-22T22:3"#), "\(line)")
        }
    }
}
