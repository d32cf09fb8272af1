import SleepBoxAudio
import Testing
@testable import SleepBoxContent

private func timeline(_ body: String, length: String = "2m", kind: String = "meditation") throws -> Timeline {
    try TimelineParser.parse(text: """
        title = "T"
        kind = "\(kind)"
        author = "me"
        length = "\(length)"
        start_delay = "3s"

        """ + body, path: "t.timeline.toml")
}

private let f = 48_000
private let perChar = FakeSpeech.framesPerCharacter
/// 50 characters: 3 s with the fake voice.
private let threeSeconds = "Let the shoulders drop, and the jaw, and the hand."

@Suite struct TimelineProgramTests {
    @Test func segmentsStartOnTheirExactFrame() throws {
        let t = try timeline("""
            [[segment]]
            at = "0s"
            text = "Welcome. (2s) Settle."

            [[segment]]
            at = "30s"
            text = "Middle."

            [[segment]]
            at = "1m30s"
            text = "The end."
            """)
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "t", seed: 1)
        #expect(plan.elements.map(\.startFrame) == [3 * f, 3 * f + 8 * perChar + 2 * f, 33 * f, 93 * f])
        #expect(plan.nominalFrames == 123 * f)
        #expect(plan.lengthFrames == 123 * f)
        // In the sound: each segment's first sample is its exact frame, whatever the block size.
        for block in [480, 333, 1024] {
            #expect(Render.runs(ProgramSource(plan: plan), block: block) == [
                .init(silent: true, start: 0, length: 3 * f),
                .init(silent: false, start: 3 * f, length: 8 * perChar),
                .init(silent: true, start: 3 * f + 8 * perChar, length: 2 * f),
                .init(silent: false, start: 5 * f + 8 * perChar, length: 7 * perChar),
                .init(silent: true, start: 5 * f + 15 * perChar, length: 28 * f - 15 * perChar),
                .init(silent: false, start: 33 * f, length: 7 * perChar),
                .init(silent: true, start: 33 * f + 7 * perChar, length: 60 * f - 7 * perChar),
                .init(silent: false, start: 93 * f, length: 8 * perChar),
                .init(silent: true, start: 93 * f + 8 * perChar, length: 30 * f - 8 * perChar),
            ])
        }
    }

    @Test func overlapsAreRejectedWithBothPartsAndTheirTimes() throws {
        #expect(threeSeconds.count == 50)
        let t = try timeline("""
            [[segment]]
            at = "0s"
            text = "\(threeSeconds)"

            [[segment]]
            at = "2s"
            text = "Too soon."
            """)
        #expect(throws: ContentError(path: "t.timeline.toml", line: 6, message: "the segment at 0s (line 6) lasts 3s with this voice, so it ends at 3s, after the segment at 2s (line 10) begins at 2s: shorten the text or move the later part (leave a few seconds of room: voices differ in speed)")) {
            try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "t", seed: 1)
        }
        // The check, estimating 10 words at 130 a minute, finds the overlap too.
        let estimate = ContentLibrary.layoutIssues(t, timing: SpeechTiming(), format: .engine)
        #expect(estimate.map(\.description) == [
            "t.timeline.toml:6: error: the segment at 0s (line 6) lasts about 4.6s, so it ends at 4.6s, after the segment at 2s (line 10) begins at 2s: shorten the text or move the later part (leave a few seconds of room: voices differ in speed)",
        ])
    }

    @Test func aLongInterjectionOptionOverlapsWhatFollows() throws {
        let t = try timeline("""
            [[interjection]]
            from = "20s"
            to = "40s"
            options = ["Short.", "\(threeSeconds) \(threeSeconds) \(threeSeconds) \(threeSeconds)"]

            [[segment]]
            at = "50s"
            text = "Later."
            """)
        #expect(throws: ContentError(path: "t.timeline.toml", line: 6, message: "the interjection from 20s to 40s (line 6) has an option lasting 12.2s with this voice, so it ends at 52.2s, after the segment at 50s (line 11) begins at 50s: shorten the text or move the later part (leave a few seconds of room: voices differ in speed)")) {
            try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "t", seed: 1)
        }
    }

    @Test func speechMustEndBeforeTheBreathingPhaseAndTheEnd() throws {
        let t = try timeline("""
            [[segment]]
            at = "8s"
            text = "\(threeSeconds)"

            [breathing]
            pattern = ["inhale 4", "exhale 6"]
            cycles = 1
            starts_at = "10s"

            [[segment]]
            at = "18s"
            text = "\(threeSeconds)"
            """, length: "20s", kind: "breathing")
        let error = try #require(throws: ContentError.self) { try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "t", seed: 1) }
        #expect(error.issues.map(\.description) == [
            "t.timeline.toml:6: error: the segment at 8s (line 6) lasts 3s with this voice, so it ends at 11s, after the breathing phase from 10s to 20s (line 10) begins at 10s: shorten the text or move the later part (leave a few seconds of room: voices differ in speed)",
            "t.timeline.toml:10: error: the breathing phase from 10s to 20s (line 10) lasts 10s, so it ends at 20s, after the segment at 18s (line 15) begins at 18s: shorten the text or move the later part (leave a few seconds of room: voices differ in speed)",
            "t.timeline.toml:15: error: the segment at 18s (line 15) lasts 3s with this voice, so it ends at 21s, after the end of the item (length = \"20s\", line 4): shorten the text, start it earlier or make length longer",
        ])
    }

    @Test func interjectionsFallInTheirWindowReproducibly() throws {
        let t = try timeline("""
            [[segment]]
            at = "0s"
            text = "Hi."

            [[interjection]]
            from = "20s"
            to = "40s"
            options = ["One.", "Two two.", "Three three three."]

            [[segment]]
            at = "50s"
            text = "Later."
            """)
        let builder = ProgramBuilder(speech: FakeSpeech())
        let options: Set<String> = ["One.", "Two two.", "Three three three."]
        var starts: Set<Int> = []
        var chosen: Set<String> = []
        for seed in UInt64(0)..<40 {
            let plan = try builder.plan(t, id: "t", seed: seed)
            let picked = plan.elements.filter { $0.text.map(options.contains) ?? false }
            #expect(picked.count == 1)
            guard let element = picked.first, let text = element.text else { continue }
            #expect(element.startFrame >= 23 * f && element.startFrame <= 43 * f, "seed \(seed)")
            starts.insert(element.startFrame)
            chosen.insert(text)
            #expect(try builder.plan(t, id: "t", seed: seed) == plan, "seed \(seed) is reproducible")
        }
        #expect(starts.count == 40)
        #expect(chosen == options)
        // The placement is in the sound too.
        let plan = try builder.plan(t, id: "t", seed: 7)
        let element = try #require(plan.elements.first { $0.text.map(options.contains) ?? false })
        let runs = Render.runs(ProgramSource(plan: plan))
        #expect(runs.contains(.init(silent: false, start: element.startFrame, length: element.lengthFrames)))
    }

    @Test func bellsRingAtTheirExactFrames() throws {
        let bellFrames = BellSound.interval.lengthFrames(format: .engine)
        #expect(bellFrames < 15 * f)
        let t = try timeline("""
            bell_interval = "15s"
            end_bell = true

            [[segment]]
            at = "0s"
            text = "Hi."
            """, length: "45s")
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "t", seed: 1)
        let bells = plan.elements.filter { if case .bell = $0.sound { return true } else { return false } }
        #expect(bells.map(\.startFrame) == [18 * f, 33 * f, 48 * f])
        #expect(bells.map(\.sound) == [.bell(.interval), .bell(.interval), .bell(.end)])
        let endBellFrames = BellSound.end.lengthFrames(format: .engine)
        #expect(plan.nominalFrames == 48 * f)
        #expect(plan.lengthFrames == 48 * f + endBellFrames)

        let sound = Render.stereo(ProgramSource(plan: plan), frames: plan.lengthFrames)
        #expect(sound.count == 2 * plan.lengthFrames)
        for (start, bell) in [(18 * f, BellSound.interval), (33 * f, .interval), (48 * f, .end)] {
            let length = bell.lengthFrames(format: .engine)
            let expected = Render.stereo(bell.makeGenerator(format: .engine), frames: length)
            #expect(Array(sound[(2 * start)..<(2 * (start + length))]) == expected)
            // Silence right up to the strike.
            #expect(sound[(2 * (start - 4800))..<(2 * start)].allSatisfy { $0 == 0 })
        }
    }

    @Test func seekIntoABellMatchesUninterruptedPlay() throws {
        let t = try timeline("""
            bell_interval = "15s"

            [[segment]]
            at = "0s"
            text = "Hi."
            """, length: "30s")
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "t", seed: 1)
        let full = Render.stereo(ProgramSource(plan: plan), frames: plan.lengthFrames)
        let target = 18 * f + 12_345
        let source = ProgramSource(plan: plan)
        try source.seek(toFrame: target)
        #expect(Render.stereo(source, frames: plan.lengthFrames) == Array(full[(2 * target)...]))
    }

    @Test func everyBundledTimelineBuildsWithTheTestVoice() throws {
        for path in ["breathing/breath-478", "breathing/breath-box", "breathing/breath-long-exhale",
                     "breathing/breath-relaxing-exhale", "meditations/med-counting-breaths"] {
            let t = try TimelineParser.parse(fileAt: TestContent.path(path + ".timeline.toml"))
            let plan = try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "x", seed: 42)
            #expect(plan.nominalFrames == AudioFormat.engine.frames(t.totalSeconds), "\(path)")
            #expect(plan.elements.first?.startFrame == 3 * f, "\(path) starts after start_delay")
        }
    }
}
