import Foundation
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

@Suite("Greeting level")
struct GreetingVoiceLevelTests {
    /// The engine brings the greeting to the chime's level assuming the voice renders near
    /// -20 dBFS RMS (`AudioEngine.greetingPerAlarmGain`): the real voice does.
    @Test func theVoiceRendersTheGreetingNearMinus20dBFS() throws {
        let text = WakeGreeting().text(hour: 6, minute: 45, weekday: 3, lastTitle: "Body Scan", in: .english)
        let clip = try EspeakEngine().synthesize(text)
        // RMS over the voiced part (windows of 50 ms louder than -50 dBFS), as speech is measured.
        let window = clip.sampleRate / 20
        var sum = 0.0, count = 0
        for start in stride(from: 0, to: clip.samples.count - window, by: window) {
            let w = clip.samples[start..<(start + window)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window)
            if w > 1e-5 { sum += w; count += window }
        }
        let db = 10 * log10(sum / Double(max(1, count)) * Double(window))
        #expect(db > -23 && db < -15, "\(db) dBFS")
    }
}
