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
        #expect(found == [ColdCode.Mapping(start: 0x55d0a1000000, end: 0x55d0a2800000, fileOffset: 0x01000000)])
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
        func residentCodeKiB() -> Int { ColdCodeTests.programKiB("Rss:") { $0 == "r-xp" } }
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
            // Settled but rendering, or sounding for a moment: not yet.
            (107, true, true, false), (106, false, false, false),
            // Quiet and not rendering: once.
            (108, true, false, true), (109, true, false, false),
            // A render runs and ends: due again at the next quiet moment, once.
            (200, true, true, false), (300, false, false, false), (301, true, false, true), (302, true, false, false),
        ]
        var got: [Bool] = []
        for step in steps {
            got.append(schedule.next(uptime: step.uptime, quiet: step.quiet, rendering: step.rendering, codeBytes: 5 << 20) == .all)
        }
        #expect(got == steps.map(\.due))
        #expect(!schedule.pending)
    }

    /// While something sounds: nothing for the first 15 s of the stretch, then the code a slice
    /// a check until all of it is given back, once per stretch; a render pauses the slices; a
    /// quiet moment ends the stretch, and the next stretch gives the code back again.
    @Test func whileSoundingTheCodeGoesBackASliceAtATimeOncePerStretch() {
        var schedule = ColdCodeSchedule()
        let slice = ColdCodeSchedule.sliceBytes
        let code = 2 * slice + 1_000
        #expect(schedule.next(uptime: 0, quiet: true, rendering: false, codeBytes: code) == .none)
        #expect(schedule.next(uptime: 6, quiet: true, rendering: false, codeBytes: code) == .all)
        // Sound starts at 10 s.
        var actions: [ColdCodeSchedule.Action] = []
        for t in stride(from: 10.0, through: 24, by: 1) { actions.append(schedule.next(uptime: t, quiet: false, rendering: false, codeBytes: code)) }
        #expect(actions.allSatisfy { $0 == .none })
        #expect(schedule.next(uptime: 25, quiet: false, rendering: false, codeBytes: code) == .slice(offset: 0, length: slice, first: true))
        #expect(schedule.next(uptime: 26, quiet: false, rendering: true, codeBytes: code) == .none)
        #expect(schedule.next(uptime: 27, quiet: false, rendering: false, codeBytes: code) == .slice(offset: slice, length: slice, first: false))
        #expect(schedule.next(uptime: 28, quiet: false, rendering: false, codeBytes: code) == .slice(offset: 2 * slice, length: slice, first: false))
        for t in stride(from: 29.0, through: 200, by: 1) {
            #expect(schedule.next(uptime: t, quiet: false, rendering: false, codeBytes: code) == .none)
        }
        // The slices after the render gave its code back too: nothing is due when it goes quiet.
        #expect(!schedule.pending)
        #expect(schedule.next(uptime: 201, quiet: true, rendering: false, codeBytes: code) == .none)
        // A new stretch of sound: once more, after it has settled.
        #expect(schedule.next(uptime: 300, quiet: false, rendering: false, codeBytes: code) == .none)
        #expect(schedule.next(uptime: 314, quiet: false, rendering: false, codeBytes: code) == .none)
        #expect(schedule.next(uptime: 315, quiet: false, rendering: false, codeBytes: code) == .slice(offset: 0, length: slice, first: true))
    }

    /// The slices cover the code exactly once, across mappings, and the process runs on.
    @Test func releasingSlicesAdvisesEachByteOfTheCodeOnce() throws {
        let total = ColdCode.codeBytes
        try #require(total > 0)
        var advised = 0
        var offset = 0
        while offset < total + ColdCodeSchedule.sliceBytes {
            guard let bytes = ColdCode.release(from: offset, length: ColdCodeSchedule.sliceBytes) else { return }  // before Linux 5.4
            advised += bytes
            offset += ColdCodeSchedule.sliceBytes
        }
        #expect(advised == total)
        #expect(ColdCode.release(from: total, length: 4_096) == 0)
    }

    @Test func onlyPresentPagesOfTheFileAreDataToGiveBack() {
        #expect(ColdCode.isFilePage(1 << 63 | 1 << 61 | 0x1234))
        #expect(!ColdCode.isFilePage(1 << 63 | 0x1234))  // written: an anonymous copy
        #expect(!ColdCode.isFilePage(1 << 61))  // not present
        #expect(!ColdCode.isFilePage(1 << 62 | 1 << 61))  // swapped out
        let maps = """
        55d0a1000000-55d0a2800000 r-xp 01000000 fd:01 100 /usr/bin/sleepbox
        55d0a2800000-55d0a2900000 r--p 02800000 fd:01 100 /usr/bin/sleepbox
        55d0a2900000-55d0a2a00000 rw-p 02900000 fd:01 100 /usr/bin/sleepbox
        55d0a2a00000-55d0a2b00000 rw-s 02a00000 fd:01 100 /usr/bin/sleepbox
        """
        #expect(ColdCode.codeMappings(maps: maps, program: "/usr/bin/sleepbox", code: false) == [
            ColdCode.Mapping(start: 0x55d0a2800000, end: 0x55d0a2900000, fileOffset: 0x02800000),
            ColdCode.Mapping(start: 0x55d0a2900000, end: 0x55d0a2a00000, fileOffset: 0x02900000),
        ])
    }

    /// On this test process: the program's unwritten data pages are given back (its resident
    /// file data goes down), its written ones stay, and it runs on.
    @Test func givingTheReadOnlyDataBackLeavesWrittenPagesAndRunsOn() throws {
        // The file's pages of the data mappings: resident less the anonymous copies written
        // (a freshly linked program's pages can still be dirty in the page cache, not "clean").
        func fileDataKiB() -> Int {
            ColdCodeTests.programKiB("Rss:") { $0 != "r-xp" } - ColdCodeTests.programKiB("Anonymous:") { $0 != "r-xp" }
        }
        ColdCodeTests.written = 42
        // Read every page of the program's data once, so pages it has not written are resident.
        var sum = 0
        for mapping in ColdCode.program?.data ?? [] {
            for address in stride(from: mapping.start, to: mapping.end, by: 4_096) {
                sum &+= Int(UnsafeRawPointer(bitPattern: address)?.load(as: UInt8.self) ?? 0)
            }
        }
        let before = fileDataKiB()
        try #require(before > 0, "no data page of this program's file is resident (sum \(sum))")
        guard let advised = ColdCode.releaseFileData() else { return }  // before Linux 5.4
        let after = fileDataKiB()
        #expect(advised > 0)
        #expect(after < before, "the file's data pages: \(before) KiB before, \(after) KiB after")
        #expect(ColdCodeTests.written == 42)
    }

    nonisolated(unsafe) static var written = 0

    /// The sum of one `/proc/self/smaps` field (KiB) over this process's own program's mappings
    /// whose permissions `chosen` accepts.
    static func programKiB(_ field: Substring, _ chosen: (Substring) -> Bool) -> Int {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var inside = false, total = 0
        for line in ((try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)) ?? "").split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), fields.count >= 5 {
                inside = fields.count == 6 && chosen(fields[1]) && String(fields[5]) == exe
            } else if inside, fields.first == field, fields.count >= 2, let kib = Int(fields[1]) {
                total += kib
            }
        }
        return total
    }
}
