import Foundation
import SleepBoxAudio
import Testing
import SleepBoxSystem
@testable import SleepBoxContent

/// The fake voice's lengths without its tone: isolates the content code's own cost.
private final class ConstantSpeech: SpeechRenderer, @unchecked Sendable {
    var voiceDescription: String { "constant" }
    func render(_ text: String) throws -> [Float] { [Float](repeating: 0.25, count: FakeSpeech.frames(text)) }
    func cachedDuration(_ text: String) -> Double? { nil }
}

@Suite struct PlanBuildTimeTests {
    /// The longest bundled items lay out whole with the test voice (which renders a tone, so this
    /// is the content code itself; a real voice adds its rendering). The time it takes is printed
    /// for a person to read, never asserted: `make bench` measures speed.
    @Test func longestBundledItemsPlanWhole() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let spoken = library.entries.filter { $0.sourceKind == .script || $0.sourceKind == .timeline }
        let longest = spoken.sorted { $0.item.duration > $1.item.duration }.prefix(2)
        let clock = ContinuousClock()
        for (entry, speech) in longest.flatMap({ [($0, FakeSpeech() as any SpeechRenderer), ($0, ConstantSpeech())] }) {
            let builder = ProgramBuilder(speech: speech)
            var plan: ProgramPlan?
            let elapsed = try clock.measure { plan = try builder.prepare(entry, seed: 1).plan }
            let built = try #require(plan)
            let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            print("plan \(entry.id) (\(speech.voiceDescription)): \(built.elements.count) elements, \(built.clips.count) clips, "
                + "\(built.clips.byteCount / 1024) KiB of speech, \(DurationText.format(built.duration)) long, built in \(Int(ms)) ms")
            #expect(built.clips.count > 0 && !built.elements.isEmpty)
            #expect(built.duration > 60, "\(entry.id): \(built.duration) s")
        }
    }
}
