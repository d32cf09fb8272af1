import Testing
@testable import SleepBoxCore

/// The state file's numbers and texts, held to the rules the configuration and the library keep:
/// an offset of Int.min, a bell every microsecond, a title longer than the library lets in.
@Suite struct SnapshotLimitTests {
    /// A state file of a box playing the first item for 30 s, its session open.
    func playing() throws -> Snapshot {
        var d = try BoxTestsHistory.Driver()
        d.press(.leaf)
        d.send(.timePassed, after: 30)
        let snapshot = d.box.snapshot(at: d.now)
        #expect(snapshot.validated().rejected.isEmpty)
        #expect(snapshot.openSession != nil)
        return snapshot
    }

    @Test(arguments: [Int.min, Int.max, -86_400, 86_400])
    func anOpenSessionsOffsetOutOfRangeIsRejectedWithoutATrap(_ offset: Int) throws {
        var snapshot = try playing()
        snapshot.openSession?.startOffset = offset
        let (checked, rejected) = snapshot.validated()
        #expect(rejected == ["openSession: startOffset \(offset) is not a time zone's offset"])
        #expect(checked.openSession == nil)
    }

    @Test func titlesAreKeptUpToTheLibrarysLimitAndNoFurther() throws {
        var snapshot = try playing()
        snapshot.openSession?.title = String(repeating: "é", count: ContentItem.maximumTextBytes / 2)
        #expect(snapshot.validated().rejected.isEmpty, "a title the library lets in is kept")
        snapshot.openSession?.title += "x"
        #expect(snapshot.validated().rejected == ["openSession: title longer than 1000 bytes"])
        #expect(Snapshot.maximumTextLength == ContentItem.maximumTextBytes)
        #expect(Snapshot.secondsRange.upperBound == ContentItem.maximumSeconds)
    }

    @Test func aSessionsBellMoreOftenThanOnceAMinuteIsRejected() throws {
        var snapshot = try playing()
        let session = Snapshot.SessionSnapshot(kind: .meditation, startedAt: snapshot.savedAt - 60, length: 600, sound: nil,
                                               guide: false, bellEvery: 60)
        snapshot.session = session
        #expect(snapshot.validated().rejected.isEmpty)
        snapshot.session?.bellEvery = 1e-6
        #expect(snapshot.validated().rejected == ["session: bellEvery 1e-06 is not 60 to 3600 seconds and at most the length"])
        #expect(snapshot.validated().snapshot.session == nil)
    }

    @Test func aChoiceOfABellMoreOftenThanOnceAMinuteIsRejected() throws {
        var snapshot = try playing()
        snapshot.meditationChoice = MeditationChoice(minutes: 10, sound: nil, guide: false, bellEveryMinutes: 0)
        #expect(snapshot.validated().rejected.isEmpty)
        snapshot.meditationChoice?.bellEveryMinutes = 1
        #expect(snapshot.validated().rejected.isEmpty)
        snapshot.meditationChoice?.bellEveryMinutes = 0.0001
        #expect(snapshot.validated().rejected
                    == ["meditationChoice: a bell every 0.0001 minutes is not 0 (none) or 1 to 60 and at most the length"])
    }
}
