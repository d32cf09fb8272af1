import Foundation
import SleepBoxCore
import SleepBoxAudio
import Testing
@testable import SleepBoxContent

private let f = 48_000

/// Breathing from 2 s + 5 s = 7 s: inhale 4, hold 2, exhale 4.5, rest 1 (a cycle of 11.5 s),
/// four cycles, counted aloud.
private func breathingPlan(countAloud: Bool = true) throws -> ProgramPlan {
    try ProgramBuilder(speech: FakeSpeech()).plan(breathingTimeline(countAloud: countAloud), id: "b", seed: 3)
}

private func breathingTimeline(countAloud: Bool = true) throws -> Timeline {
    try TimelineParser.parse(text: """
        title = "Breathe"
        kind = "breathing"
        author = "me"
        length = "1m"
        start_delay = "2s"

        [[segment]]
        at = "0s"
        text = "Begin."

        [breathing]
        pattern = ["inhale 4", "hold 2", "exhale 4.5", "rest 1"]
        cycles = 4
        starts_at = "5s"
        count_aloud = \(countAloud)

        [[segment]]
        at = "55s"
        text = "End."
        """, path: "b.timeline.toml")
}

/// The breathing cues of a plan: kind and start frame.
private func cueStarts(_ plan: ProgramPlan) -> [(BreathStep.Kind, Int)] {
    plan.elements.compactMap { element in
        if case .breathCue(let kind, _) = element.sound { return (kind, element.startFrame) }
        return nil
    }
}

@Suite struct BreathingProgramTests {
    @Test func cuesStartEveryStepAtItsExactFrame() throws {
        let plan = try breathingPlan()
        let cues = plan.elements.compactMap { element -> (BreathStep.Kind, Int, Int)? in
            if case .breathCue(let kind, _) = element.sound { return (kind, element.startFrame, element.lengthFrames) }
            return nil
        }
        var expected: [(BreathStep.Kind, Int, Int)] = []
        for cycle in 0..<4 {
            let start = 7 * f + cycle * 552_000 // 11.5 s
            expected += [(.inhale, start, 4 * f), (.hold, start + 4 * f, 38_400),
                         (.exhale, start + 6 * f, 216_000), (.rest, start + 504_000, 38_400)]
        }
        #expect(cues.map(\.0) == expected.map(\.0))
        #expect(cues.map(\.1) == expected.map(\.1))
        #expect(cues.map(\.2) == expected.map(\.2))
        #expect(plan.breathing?.startFrame == 7 * f)
        #expect(plan.breathing?.endFrame == 53 * f)
    }

    @Test func theVoiceCountsTheFirstThreeCycles() throws {
        let plan = try breathingPlan()
        let words = plan.elements.filter { $0.text != nil && $0.text != "Begin." && $0.text != "End." }
        var expected: [(String, Int)] = []
        for cycle in 0..<3 {
            let start = 7 * f + cycle * 552_000
            expected += [("in", start), ("hold", start + 4 * f), ("out", start + 6 * f)]
        }
        #expect(words.compactMap(\.text) == expected.map(\.0))
        #expect(words.map(\.startFrame) == expected.map(\.1))
        #expect(try breathingPlan(countAloud: false).elements.compactMap(\.text) == ["Begin.", "End."])
    }

    @Test func aBreathCueIsASoftSwellWithNoEdges() {
        let format = AudioFormat.engine
        for step in [BreathStep(.inhale, seconds: 4), BreathStep(.exhale, seconds: 8)] {
            let frames = format.frames(step.seconds)
            let sound = Render.stereo(BreathCue.cue(for: step).makeGenerator(frames: frames, format: format), frames: frames)
            // RMS of 100 ms windows of the left channel, in dBFS.
            let window = format.frames(0.1)
            let levels = stride(from: 0, to: frames - window + 1, by: window).map { start -> Double in
                var sum = 0.0
                for i in start..<(start + window) { sum += Double(sound[2 * i]) * Double(sound[2 * i]) }
                return 10 * log10(max(sum / Double(window), 1e-20))
            }
            // Well under the voice (near -20 dBFS): the crest is at most -36 dBFS RMS.
            #expect(levels.max()! <= -36 && levels.max()! >= -42, "\(step.kind): crest \(levels.max()!)")
            // No edges: it starts and ends from nothing...
            #expect(levels.first! < -55 && levels.last! < -55, "\(step.kind): \(levels.first!) ... \(levels.last!)")
            // ...and swells: louder towards the middle, softer after it (no steady plateau).
            let crest = levels.firstIndex(of: levels.max()!)!
            #expect(abs(crest - levels.count / 2) <= 2)
            #expect(zip(levels[..<crest], levels[1...crest]).allSatisfy { $0 <= $1 + 0.01 })
            #expect(zip(levels[crest...].dropLast(), levels[(crest + 1)...]).allSatisfy { $0 + 0.01 >= $1 })
            #expect(levels[levels.count / 4] < levels.max()! - 4)
        }
    }

    @Test func theSoundIsTheCuePlusTheCountedWord() throws {
        let plan = try breathingPlan()
        let sound = Render.stereo(ProgramSource(plan: plan), frames: plan.lengthFrames)
        // The last exhale (cycle 4, not counted): exactly the falling sweep, then silence.
        let exhale = 7 * f + 3 * 552_000 + 6 * f
        let cue = BreathCue.cue(for: .init(.exhale, seconds: 4.5))
        #expect(cue.from > cue.to)
        let sweep = Render.stereo(cue.makeGenerator(frames: 216_000, format: .engine), frames: 216_000)
        #expect(Array(sound[(2 * exhale)..<(2 * (exhale + 216_000))]) == sweep)
        // The first inhale: the rising sweep with "in" (two characters) on top.
        let inhale = 7 * f
        let rising = Render.stereo(BreathCue.cue(for: .init(.inhale, seconds: 4)).makeGenerator(frames: 4 * f, format: .engine),
                                   frames: 4 * f)
        let word = FakeSpeech.samples("in").map { SpeechClips.float(SpeechClips.int16($0)) }
        for i in 0..<word.count {
            #expect(sound[2 * (inhale + i)] == rising[2 * i] + word[i])
        }
        for i in word.count..<(4 * f) where i % 997 == 0 {
            #expect(sound[2 * (inhale + i)] == rising[2 * i])
        }
        // A hold: a short soft mark, then exact silence until the exhale.
        let hold = 7 * f + 3 * 552_000 + 4 * f
        #expect(sound[(2 * (hold + 38_400))..<(2 * (hold + 2 * f))].allSatisfy { $0 == 0 })
        #expect(sound[(2 * hold)..<(2 * (hold + 38_400))].contains { $0 != 0 })
    }

    @Test func withCuesOffTheBreathingPhaseIsTheCountedWordsAndSilence() throws {
        let timeline = try breathingTimeline()
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(timeline, id: "b", seed: 3, breathingCues: false)
        let withCues = try breathingPlan()
        #expect(cueStarts(plan).isEmpty)
        #expect(!cueStarts(withCues).isEmpty)
        // Everything else is where it was: the speech, the counted words, the length.
        let notCues = withCues.elements.filter { if case .breathCue = $0.sound { return false } else { return true } }
        #expect(plan.elements.map(\.startFrame) == notCues.map(\.startFrame))
        #expect(plan.lengthFrames == withCues.lengthFrames)
        // The rendered sound: the last exhale (not counted) is silent, where it was a swell.
        let sound = Render.stereo(ProgramSource(plan: plan), frames: plan.lengthFrames)
        let exhale = 7 * f + 3 * 552_000 + 6 * f
        #expect(sound[(2 * exhale)..<(2 * (exhale + 216_000))].allSatisfy { $0 == 0 })
        let breathing = (7 * f)..<(7 * f + 4 * 552_000)
        let withSound = Render.stereo(ProgramSource(plan: withCues), frames: withCues.lengthFrames)
        #expect(withSound[(2 * exhale)..<(2 * (exhale + 216_000))].contains { $0 != 0 })
        // Only the counted words sound in the breathing phase.
        let words = plan.elements.filter { breathing.contains($0.startFrame) }
        #expect(words.allSatisfy { if case .speech = $0.sound { return true } else { return false } })
    }

    @Test func breathPhaseFollowsThePattern() throws {
        let guide = try #require(try breathingTimeline().breathingGuide)
        func phase(_ seconds: Double) -> BreathPhase? { guide.phase(at: seconds) }
        func isPhase(_ seconds: Double, _ step: BreathStep.Kind, _ progress: Double, _ cycle: Int) -> Bool {
            guard let phase = phase(seconds) else { return false }
            return phase.step == step && phase.progress == progress && phase.cycle == cycle
        }
        #expect(phase(1) == nil)
        #expect(phase(6.99) == nil)
        #expect(isPhase(7, .inhale, 0, 0))
        #expect(isPhase(9, .inhale, 0.5, 0))
        #expect(isPhase(12, .hold, 0.5, 0))
        #expect(isPhase(15.25, .exhale, 0.5, 0))
        #expect(isPhase(18, .rest, 0.5, 0))
        #expect(isPhase(18.5, .inhale, 0, 1))
        #expect(isPhase(7 + 3 * 11.5 + 6 + 4.5 * 0.25, .exhale, 0.25, 3))
        #expect(isPhase(52.75, .rest, 0.75, 3))
        #expect(phase(53) == nil)
        #expect(phase(59) == nil)
        #expect(phase(9)?.stepSeconds == 4)
        #expect(phase(9)?.stepIndex == 0)
        // What the screen and the LED follow is what the program plays: every cue starts a step.
        let plan = try breathingPlan()
        for (kind, start) in cueStarts(plan) {
            let at = phase(Double(start) / Double(f))
            #expect(at?.step == kind && at?.progress == 0, "cue \(kind) at frame \(start): \(String(describing: at))")
        }
    }

    @Test func aBundledBreathingExercise() throws {
        let t = try TimelineParser.parse(fileAt: TestContent.path("breathing/breath-478.timeline.toml"))
        let plan = try ProgramBuilder(speech: FakeSpeech()).plan(t, id: "breath-478", seed: 1)
        let guide = try #require(t.breathingGuide)
        // 12 cycles of inhale 4, hold 7, exhale 8, rest 1 from 3 s + 1m30s.
        let cues = plan.elements.filter { if case .breathCue = $0.sound { return true } else { return false } }
        #expect(cues.count == 48)
        #expect(cues.first?.startFrame == 93 * f)
        #expect(cues.last?.startFrame == (93 + 11 * 20 + 19) * f)
        #expect(guide.phase(at: 93 + 4 + 3.5)?.step == .hold)
        #expect(guide.phase(at: 93 + 4 + 3.5)?.progress == 0.5)
        for (kind, start) in cueStarts(plan) { #expect(guide.phase(at: Double(start) / Double(f))?.step == kind) }
        #expect(plan.elements.filter { ["in", "hold", "out"].contains($0.text ?? "") }.count == 9)
    }
}
