import SleepBoxAudio
import Testing
@testable import SleepBoxContent

private func script(_ body: String, pauses: String = "marked") throws -> Script {
    try ScriptParser.parse(text: "title: T\nkind: meditation\nauthor: me\npauses: \(pauses)\n---\n" + body, path: "s.txt")
}

private let perChar = FakeSpeech.framesPerCharacter

@Suite struct ScriptProgramTests {
    @Test func silencesAreExactlyTheScriptedPauses() throws {
        let builder = ProgramBuilder(speech: FakeSpeech())
        let plan = try builder.plan(script("Hello. (2s) World.\n(0.5s) Done (1.5m)"), id: "x")
        let f = 48_000
        #expect(plan.elements.map(\.startFrame) == [0, 6 * perChar + 2 * f, 12 * perChar + 2 * f + f / 2])
        #expect(plan.elements.map(\.text) == ["Hello.", "World.", "Done"])
        #expect(plan.nominalFrames == 16 * perChar + 2 * f + f / 2 + 90 * f)
        #expect(plan.lengthFrames == plan.nominalFrames)
        #expect(Render.runs(ProgramSource(plan: plan)) == [
            .init(silent: false, start: 0, length: 6 * perChar),
            .init(silent: true, start: 6 * perChar, length: 2 * f),
            .init(silent: false, start: 6 * perChar + 2 * f, length: 6 * perChar),
            .init(silent: true, start: 12 * perChar + 2 * f, length: f / 2),
            .init(silent: false, start: 12 * perChar + 2 * f + f / 2, length: 4 * perChar),
            .init(silent: true, start: 16 * perChar + 2 * f + f / 2, length: 90 * f),
        ])
    }

    @Test func theSpeechPausesAreTheSilencesBetweenStretches() throws {
        let builder = ProgramBuilder(speech: FakeSpeech())
        let plan = try builder.plan(script("Hello. (2s) World.\n(0.1s) Done (1.5m)"), id: "x")
        let f = 48_000
        let frames = plan.speechPauses().map { [Int(($0.lowerBound * Double(f)).rounded()), Int(($0.upperBound * Double(f)).rounded())] }
        // The 0.1 s pause is shorter than a pause worth waiting for; the 1.5 m at the end is one.
        let doneEnd = 16 * perChar + 2 * f + f / 10
        #expect(frames == [[6 * perChar, 6 * perChar + 2 * f], [doneEnd, doneEnd + 90 * f]])
        #expect(plan.speechPauses(minimumSeconds: 0.05).count == 3)
    }

    @Test func aBundledScriptRendersWithEveryPauseExact() throws {
        let s = try ScriptParser.parse(fileAt: TestContent.path("yoga-nidra/nidra-short.txt"))
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(s, id: "nidra-short")
        // The expected runs, straight from the parts: a tone for each stretch, zeros for each pause.
        var expected: [Render.Run] = []
        var frame = 0
        for part in s.parts {
            let length = part.text.map(FakeSpeech.frames) ?? AudioFormat.engine.frames(part.pauseSeconds ?? 0)
            expected.append(.init(silent: part.text == nil, start: frame, length: length))
            frame += length
        }
        #expect(Render.runs(ProgramSource(plan: plan), block: 1024) == expected)
        #expect(plan.nominalFrames == frame)
        #expect(plan.duration == Double(frame) / 48_000)
    }

    @Test func autoPausesRenderExactlyToo() throws {
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(script("One. Two,\nthree.\n\nFour.", pauses: "auto"), id: "a")
        let f = 48_000.0
        #expect(Render.runs(ProgramSource(plan: plan)).filter(\.silent).map(\.length) == [
            Int(0.6 * f), Int(0.4 * f), Int(1.5 * f),
        ])
    }

    @Test func seekingLandsOnTheExactFrame() throws {
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(script("Hello. (2s) World. (1s) Again."), id: "x")
        let full = Render.stereo(ProgramSource(plan: plan), frames: plan.lengthFrames)
        // Into a clip, into a pause, on a boundary, at the start, and past the end.
        for target in [0, 1, 6 * perChar - 7, 6 * perChar, 6 * perChar + 48_000, 6 * perChar + 96_000,
                       12 * perChar + 96_000 + 12_345, plan.lengthFrames - 1] {
            let source = ProgramSource(plan: plan)
            try source.seek(toFrame: target)
            #expect(source.positionFrames == target)
            let rest = Render.stereo(source, frames: plan.lengthFrames, block: 333)
            #expect(rest.count == full.count - 2 * target)
            #expect(rest == Array(full[(2 * target)...]), "seek to \(target)")
        }
        let past = ProgramSource(plan: plan)
        try past.seek(toFrame: plan.lengthFrames + 100)
        #expect(past.positionFrames == plan.lengthFrames)
        #expect(Render.left(past).isEmpty)
    }

    @Test func makeSourceStartsAtAPosition() throws {
        let builder = ProgramBuilder(speech: FakeSpeech())
        let plan = try builder.plan(script("Hello. (2s) World."), id: "x")
        let source = try builder.makeSource(.spoken(plan), atSeconds: 1)
        let seekable = try #require(source as? ProgramSource)
        #expect(seekable.positionFrames == 48_000)
        #expect(seekable.lengthFrames == 12 * perChar + 96_000)
    }

    @Test func sameTextIsRenderedOnce() throws {
        let speech = FakeSpeech()
        let plan = try ProgramBuilder(speech: speech).plan(script("Thumb. (1s) Palm. (1s) Thumb. (1s)"), id: "x")
        #expect(speech.renders == ["Thumb.", "Palm."])
        #expect(plan.clips.count == 2)
        #expect(plan.elements.map(\.sound) == [.speech(clip: 0), .speech(clip: 1), .speech(clip: 0)])
        #expect(plan.clips.byteCount == 11 * perChar * 2)
    }

    @Test func withoutAVoiceOrWithAFailingOne() throws {
        #expect(throws: ContentError(path: "s.txt", message: "no voice is installed, so spoken items cannot be played (install espeak-ng)")) {
            try ProgramBuilder(speech: nil).plan(script("Hi."), id: "x")
        }
        #expect(throws: ContentError(path: "s.txt", line: 6, message: "the voice (broken) could not read \"Hi.\": synthesis failed")) {
            try ProgramBuilder(speech: BrokenSpeech()).plan(script("Hi."), id: "x")
        }
    }
}
