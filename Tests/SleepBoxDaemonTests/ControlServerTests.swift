#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SleepBoxSystem
import Testing
@testable import SleepBoxDaemon

/// The control socket's server, driven by hand at given monotonic times: clients that stall,
/// trickle or flood are answered or closed without ever holding the loop, and a live socket is
/// never taken over.
@Suite struct ControlServerTests: ControlSocketPeer {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(UUID().uuidString.prefix(8)).sock").path

    @Test func aPartialLineWaitsForItsEnd() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        let c = try connectClient()
        defer { close(c) }
        write(#"{"cmd":"sta"#, to: c)
        serve(server, at: 0)
        serve(server, at: 1)
        #expect(received(c).text == "")
        write("tus\"}\n", to: c)
        serve(server, at: 2)
        #expect(received(c) == (#"{"echo":"{\"cmd\":\"status\"}"}"# + "\n", false))
        #expect(server.clientCount == 1)
    }

    @Test func stalledClientsAreClosedAfterTheIdleTimeAndLockNobodyOut() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        var stalled: [Int32] = []
        for i in 0..<ControlServer.maximumClients {
            stalled.append(try connectClient())
            write(#"{"cmd":"sta"#, to: stalled[i])
            serve(server, at: Double(i) * 0.1)
        }
        defer { stalled.forEach { _ = close($0) } }
        #expect(server.clientCount == ControlServer.maximumClients)
        #expect(server.nextIdleDeadline == ControlServer.idleSeconds)

        // A seventeenth client is served at once: the one waiting longest makes room.
        let late = try connectClient()
        defer { close(late) }
        write(#"{"cmd":"status"}"# + "\n", to: late)
        serve(server, at: 2)
        serve(server, at: 2)
        #expect(received(late).text == #"{"echo":"{\"cmd\":\"status\"}"}"# + "\n")
        #expect(received(stalled[0]).closed)
        #expect(server.clientCount == ControlServer.maximumClients)

        // The rest have ten seconds from their connection; the one just answered from its answer.
        server.closeIdleClients(at: 1.0 + ControlServer.idleSeconds - 0.01)
        #expect(server.clientCount == ControlServer.maximumClients - 9)
        server.closeIdleClients(at: 2.0 + ControlServer.idleSeconds - 0.01)
        #expect(server.clientCount == 1)
        #expect(!received(late).closed)
        server.closeIdleClients(at: 2.0 + ControlServer.idleSeconds)
        #expect(server.clientCount == 0)
        #expect(received(late).closed)
        #expect(server.nextIdleDeadline == nil)
    }

    @Test func aTrickleDoesNotKeepAClientAlive() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        let c = try connectClient()
        defer { close(c) }
        serve(server, at: 0)
        for t in 1...9 {
            write(" ", to: c)
            serve(server, at: Double(t))
        }
        server.closeIdleClients(at: ControlServer.idleSeconds)
        #expect(server.clientCount == 0)
    }

    @Test func aLineLongerThanTheLimitIsRefusedAndTheClientClosed() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        let c = try connectClient()
        defer { close(c) }
        write(String(repeating: "x", count: ControlServer.maximumLineBytes + 1), to: c)
        serve(server, at: 0)
        serve(server, at: 0)
        #expect(received(c) == (#"{"ok":false,"error":"request longer than 4096 bytes"}"# + "\n", true))
        #expect(server.clientCount == 0)
    }

    @Test func aLiveSocketIsNeverTakenOver() throws {
        let first = try ControlServer(path: path, logger: Logger(label: "test"))
        #expect(throws: ControlServer.InUse(path: path)) { try ControlServer.removeStaleSocket(at: path) }
        #expect(throws: SystemError("bind", errno: EADDRINUSE, path: path)) {
            _ = try ControlServer(path: path, logger: Logger(label: "test"))
        }
        // The first one still answers on it.
        let c = try connectClient()
        defer { close(c) }
        write("{}\n", to: c)
        serve(first, at: 0)
        serve(first, at: 0)
        #expect(received(c).text == #"{"echo":"{}"}"# + "\n")
    }

    @Test func aSocketNobodyAnswersOnIsReplaced() throws {
        // A socket file left by a process that ended without removing it.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        try #require(bound == 0)
        try ControlServer.removeStaleSocket(at: path)
        #expect(!FileManager.default.fileExists(atPath: path))
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        #expect(server.clientCount == 0)
    }
}
