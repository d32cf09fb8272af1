import SleepBoxCore
import Testing
@testable import SleepBoxSpeech

@Suite("German greeting voice")
struct GermanGreetingVoiceTests {
    @Test func germanGreetingIsSpokenByTheGermanVoice() throws {
        let text = WakeGreeting().text(hour: 6, minute: 45, weekday: 3, lastTitle: nil, in: .german)
        let clip = try EspeakEngine(voice: .espeak(for: .german)).synthesize(text)
        #expect(clip.duration > 1.5 && clip.duration < 6, "\(clip.duration) s")
    }
}
