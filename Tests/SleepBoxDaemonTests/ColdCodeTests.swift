#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import SleepBoxDaemon

@Suite("ColdCode")
struct ColdCodeTests {
    @Test func onlyTheProgramsReadAndExecuteMappingsAreChosen() {
        let maps = """
        55d0a0000000-55d0a1000000 r--p 00000000 fd:01 100 /usr/bin/sleepbox
        55d0a1000000-55d0a2800000 r-xp 01000000 fd:01 100 /usr/bin/sleepbox
        55d0a2800000-55d0a2900000 r--p 02800000 fd:01 100 /usr/bin/sleepbox
        55d0a2900000-55d0a2a00000 rw-p 02900000 fd:01 100 /usr/bin/sleepbox
        7f0000000000-7f0000100000 r-xp 00000000 fd:01 200 /usr/lib/x86_64-linux-gnu/libc.so.6
        7f0000200000-7f0000300000 r-xp 00000000 fd:01 300 /usr/bin/sleepbox-old
        7f0000400000-7f0000500000 rw-p 00000000 00:00 0 
        7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]
        """
        let found = ColdCode.codeMappings(maps: maps, program: "/usr/bin/sleepbox")
        #expect(found.count == 1)
        #expect(found.first?.start == 0x55d0a1000000)
        #expect(found.first?.end == 0x55d0a2800000)
        #expect(ColdCode.codeMappings(maps: maps, program: "/usr/bin/other").isEmpty)
    }

    @Test func aPathWithSpacesIsMatchedWhole() {
        let maps = "400000-500000 r-xp 00000000 fd:01 7 /opt/my box/sleepbox\n"
        #expect(ColdCode.codeMappings(maps: maps, program: "/opt/my box/sleepbox").count == 1)
        #expect(ColdCode.codeMappings(maps: maps, program: "/opt/my").isEmpty)
    }

    /// The real thing, on this test process's own program: the resident code pages go down and the
    /// program goes on running (its code comes back from the file).
    @Test func releasingTheCodeLowersItsResidentPagesAndTheProgramRunsOn() throws {
        func residentCodeKiB() -> Int {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
            var inCode = false, total = 0
            for line in ((try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)) ?? "").split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if let first = fields.first, first.contains("-"), fields.count >= 5 {
                    inCode = fields.count == 6 && fields[1] == "r-xp" && String(fields[5]) == exe
                } else if inCode, fields.first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                    total += kib
                }
            }
            return total
        }
        let before = residentCodeKiB()
        try #require(before > 0, "no resident code mapping of this program found")
        guard let advised = ColdCode.release() else {
            // A kernel before 5.4 refuses MADV_PAGEOUT: the daemon then keeps its pages.
            return
        }
        #expect(advised > 0)
        let after = residentCodeKiB()
        #expect(after < before, "resident code \(before) KiB before, \(after) KiB after")
        // Still running: this very code, and the parser, work after their pages were reclaimed.
        #expect(ColdCode.codeMappings(maps: "1000-2000 r-xp 0 0:0 0 /x\n", program: "/x").count == 1)
    }

    @Test func theScheduleWaitsForTheStartThenForQuietThenForTheRenderToEnd() {
        var schedule = ColdCodeSchedule()
        let steps: [(uptime: Double, quiet: Bool, rendering: Bool, due: Bool)] = [
            // Just started: not yet, however quiet.
            (100, true, false, false), (104.9, true, false, false),
            // Settled but sounding, or rendering: not yet.
            (106, false, false, false), (107, true, true, false),
            // Quiet and not rendering: once.
            (108, true, false, true), (109, true, false, false),
            // A render runs and ends: due again at the next quiet moment, once.
            (200, true, true, false), (300, false, false, false), (301, true, false, true), (302, true, false, false),
        ]
        var got: [Bool] = []
        for step in steps { got.append(schedule.isDue(uptime: step.uptime, quiet: step.quiet, rendering: step.rendering)) }
        #expect(got == steps.map(\.due))
        #expect(!schedule.pending)
    }
}
