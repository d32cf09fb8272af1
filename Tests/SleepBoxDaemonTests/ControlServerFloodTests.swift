#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SleepBoxSystem
import Testing
@testable import SleepBoxDaemon

/// The control socket under hostile clients, with real sockets in a temporary folder: clients
/// that flood requests and never read their answers cost each wake-up a bounded number of
/// answers and are closed, a quiet client is answered meanwhile, a burst of connections is held
/// in the backlog, a last line without its newline is answered, and a path that is not a socket
/// is named for what it is.
@Suite struct ControlServerFloodTests: ControlSocketPeer {
    let folder: String
    var path: String { folder + "/c.sock" }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-flood-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func floodingClientsThatNeverReadAreClosedAndAQuietOneIsAnswered() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A status-sized answer: a few kilobytes.
        let big = String(repeating: "s", count: 3000)
        let answer: (String) -> JSONValue = { line in
            line.contains("volume") ? .object([("ok", .bool(true))]) : .object([("status", .string(big))])
        }
        let request = Array((#"{"cmd":"status"}"# + "\n").utf8)
        let flood = Array(repeating: request, count: (64 << 10) / request.count).flatMap { $0 }
        var hostile: [Int32] = []
        for _ in 0..<(ControlServer.maximumClients - 1) {
            let c = try #require(tryConnect())
            hostile.append(c)
            serve(server, at: 0, answer: answer)
        }
        defer { hostile.forEach { _ = close($0) } }
        var pending = Dictionary(uniqueKeysWithValues: hostile.map { ($0, flood[...]) })
        func keepFlooding() {
            for (fd, rest) in pending where !rest.isEmpty {
                let n = write(Array(rest), to: fd)
                pending[fd] = rest.dropFirst(n)
            }
        }
        keepFlooding()
        #expect(serve(server, at: 0.1, answer: answer) <= ControlServer.requestBudget)

        let quiet = try #require(tryConnect())
        defer { close(quiet) }
        var quietAnswer = ""
        var wakeups = 0
        for i in 0..<400 {
            keepFlooding()
            if i == 1 { write(Array((#"{"cmd":"volume","percent":40}"# + "\n").utf8), to: quiet) }
            let answered = serve(server, at: 0.2 + Double(i) * 0.001, answer: answer)
            #expect(answered <= ControlServer.requestBudget)
            quietAnswer += received(quiet).text
            wakeups = i
            if !quietAnswer.isEmpty && server.clientCount == 1 { break }
        }
        // Answered in its turn, while the others flooded.
        #expect(quietAnswer == #"{"ok":true}"# + "\n")
        // Every flooding client let its answers pile up and was closed; the quiet one stays.
        #expect(server.clientCount == 1, "after \(wakeups) wake-ups")
        for c in hostile { #expect(drain(c).closed) }
        #expect(!received(quiet).closed)
    }

    /// Reads everything `fd` has and says whether the server closed it.
    private func drain(_ fd: Int32) -> (bytes: Int, closed: Bool) {
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { total += n; continue }
            return (total, n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
        }
    }

    @Test func aBurstOfConnectionsWaitsInTheBacklog() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var storm: [Int32] = []
        defer { storm.forEach { _ = close($0) } }
        // Sixty connections before the loop wakes: none is refused.
        for _ in 0..<60 { storm.append(try #require(tryConnect())) }
        let late = try #require(tryConnect())
        defer { close(late) }
        write(Array((#"{"cmd":"status"}"# + "\n").utf8), to: late)
        var answer = ""
        for i in 0..<20 where answer.isEmpty {
            serve(server, at: Double(i) * 0.01) { _ in .object([("ok", .bool(true))]) }
            answer = received(late).text
        }
        #expect(answer == #"{"ok":true}"# + "\n")
    }

    @Test func aLastLineWithoutItsNewlineIsAnswered() throws {
        let server = try ControlServer(path: path, logger: Logger(label: "test"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let c = try #require(tryConnect())
        defer { close(c) }
        write(Array((#"{"cmd":"a"}"# + "\n" + #"{"cmd":"b"}"#).utf8), to: c)
        shutdown(c, Int32(SHUT_WR))
        var text = ""
        var closed = false
        for i in 0..<5 where !closed {
            serve(server, at: Double(i)) { line in .object([("echo", .string(line))]) }
            let r = received(c)
            text += r.text
            closed = r.closed
        }
        #expect(text == #"{"echo":"{\"cmd\":\"a\"}"}"# + "\n" + #"{"echo":"{\"cmd\":\"b\"}"}"# + "\n")
        #expect(closed)
        #expect(server.clientCount == 0)
    }

    @Test func aPathThatIsNotASocketIsNamed() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ControlServer.NotASocket(path: path, what: "a regular file")) {
            _ = try ControlServer(path: path, logger: Logger(label: "test"))
        }
        #expect(FileManager.default.fileExists(atPath: path))
        let dir = folder + "/d.sock"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        do {
            _ = try ControlServer(path: dir, logger: Logger(label: "test"))
            Issue.record("a folder was taken as the socket")
        } catch {
            #expect("\(error)" == "the control socket's path \(dir) is a folder, not a socket; remove it or give another path (--socket)")
        }
    }
}
