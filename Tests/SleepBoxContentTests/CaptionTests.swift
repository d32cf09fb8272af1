import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// The caption timeline a program plan gives: each speech clip's text at its time, shared among
/// its sentences, long sentences cut to fit the screen, bells left out.
@Suite struct CaptionTests {
    static let format = AudioFormat(sampleRate: 1_000)

    static func plan(_ elements: [ProgramElement]) -> ProgramPlan {
        ProgramPlan(itemID: "x", format: format, elements: elements, clips: SpeechClips(), nominalFrames: 60_000)
    }

    @Test func eachClipIsALineAtItsTime() {
        let plan = Self.plan([
            ProgramElement(startFrame: 500, lengthFrames: 2_000, sound: .speech(clip: 0), text: "Close your eyes."),
            ProgramElement(startFrame: 3_000, lengthFrames: 100, sound: .bell(.interval)),
            ProgramElement(startFrame: 4_000, lengthFrames: 1_500, sound: .speech(clip: 1), text: "Rest."),
        ])
        #expect(plan.captions() == [CaptionLine(start: 0.5, end: 2.5, text: "Close your eyes."),
                                    CaptionLine(start: 4, end: 5.5, text: "Rest.")])
    }

    @Test func aClipOfSeveralSentencesIsSharedByTheirLength() {
        // 10 and 21 characters: the clip's 3.1 s go 1 s and 2.1 s to the two sentences.
        let plan = Self.plan([ProgramElement(startFrame: 0, lengthFrames: 3_100, sound: .speech(clip: 0),
                                             text: "Sleep now. \u{201C}Breathe out slowly.\u{201D}")])
        let lines = plan.captions()
        #expect(lines.map(\.text) == ["Sleep now.", "\u{201C}Breathe out slowly.\u{201D}"])
        #expect(lines.first?.start == 0)
        #expect(abs((lines.last?.end ?? 0) - 3.1) < 1e-9)
        #expect(abs((lines.first?.end ?? 0) - 1) < 1e-9)
    }

    @Test func aLongSentenceIsCutIntoPiecesOfAboutEqualLength() {
        let sentence = "Below it, tucked into a hollow out of the wind, is the keeper's cottage, white-walled, "
            + "with a blue door and a chimney that is already smoking."
        let pieces = ProgramPlan.pieces(of: sentence, maxCharacters: 72)
        #expect(pieces == ["Below it, tucked into a hollow out of the wind, is the keeper's cottage,",
                           "white-walled, with a blue door and a chimney that is already smoking."])
        #expect(ProgramPlan.pieces(of: "Short.", maxCharacters: 72) == ["Short."])
        #expect(ProgramPlan.pieces(of: String(repeating: "a", count: 100), maxCharacters: 72).count == 1,
                "no space: one piece")
        #expect(ProgramPlan.sentences(of: "One. Two!  Three? 3.5 words") == ["One.", "Two!", "Three?", "3.5 words"])
    }
}
