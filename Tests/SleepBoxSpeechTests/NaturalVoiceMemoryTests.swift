import Foundation
import SleepBoxSystem
import Testing
@testable import SleepBoxSpeech

/// The memory check before the natural voice's process starts, with the `/proc/meminfo` of boards
/// written to a temporary folder.
@Suite struct NaturalVoiceMemoryTests {
    static func check(total: Int, available: Int) throws -> NaturalVoiceMemory {
        let dir = TemporaryDirectory("meminfo")
        defer { dir.remove() }
        try "MemTotal: \(total) kB\nMemFree: 1000 kB\nMemAvailable: \(available) kB\n"
            .write(toFile: dir.file("meminfo"), atomically: true, encoding: .utf8)
        return NaturalVoiceMemory.check(path: dir.file("meminfo"))
    }

    @Test func aPiZero2WIsTooSmall() throws {
        let verdict = try Self.check(total: 439_068, available: 332_012)
        #expect(!verdict.affordable)
        #expect(verdict.summary.hasPrefix("MemTotal 428 MiB, MemAvailable 324 MiB: too little memory for the natural voice"))
        #expect(verdict.summary.contains("espeak-ng reads the rest"))
    }

    @Test func aPi3HasEnoughUnlessItIsFull() throws {
        #expect(try Self.check(total: 948_304, available: 760_000).affordable)
        // 1 GB in all, but 200 MiB left now.
        #expect(!(try Self.check(total: 948_304, available: 204_800).affordable))
        // The limits themselves.
        let need = (NaturalVoiceMemory.voicePeakBytes + NaturalVoiceMemory.headroomBytes) / 1024
        #expect(try Self.check(total: NaturalVoiceMemory.minimumTotalBytes / 1024, available: need).affordable)
        #expect(!(try Self.check(total: NaturalVoiceMemory.minimumTotalBytes / 1024 - 1, available: need).affordable))
        #expect(!(try Self.check(total: 4_000_000, available: need - 1).affordable))
    }

    @Test func anUnreadableFileStartsTheVoiceAnyway() {
        let verdict = NaturalVoiceMemory.check(path: "/nonexistent/meminfo")
        #expect(verdict.affordable)
        #expect(verdict.summary.contains("could not be read"))
    }

    @Test func aRefusedServerNeverStartsItsProcess() throws {
        let dir = TemporaryDirectory("refused")
        defer { dir.remove() }
        // A Python that would leave a mark if it were ever run.
        let python = try dir.script("python3", "touch \(dir.file("ran")); sleep 5")
        let server = PiperServer(python: python, script: python, refusal: "MemTotal 428 MiB")
        #expect(throws: SpeechError.Reason.notEnoughMemory("MemTotal 428 MiB")) {
            _ = try server.render("Hello.", lengthScale: 1, volume: 1, timeout: 5)
        }
        #expect(throws: SpeechError.Reason.notEnoughMemory("MemTotal 428 MiB")) { try server.start() }
        #expect(server.processIdentifier == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.file("ran")))
    }
}
