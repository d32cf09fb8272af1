import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxSpeech
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound

/// A provider with nothing but the menu voice.
private final class MenuVoiceProvider: SoundProvider {
    let voice: MenuVoice
    init(voice: MenuVoice) { self.voice = voice }
    func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
        throw AudioError(reason: "no items here")
    }
    func wakeSound() -> any AudioSource { SilenceSource(frames: 48_000) }
    func speech(_ text: String) -> (any AudioSource)? { nil }
    func menuSpeech(_ text: String) -> (any AudioSource)? { voice.say(text) }
}

/// Menu rows said by espeak-ng on the cue bus: softly, cut off by the next row, and a row whose
/// words are not rendered yet is silence that keeps its place.
@Suite struct MenuVoiceTests {
    static let block = 480

    /// Renders `seconds` of the engine and returns the frames in which anything sounded.
    static func soundingFrames(_ engine: AudioEngine, seconds: Double) -> Int {
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
        defer { buffer.deallocate() }
        var sounding = 0
        for _ in 0..<Int(seconds * 48_000) / block {
            _ = engine.render(into: buffer, frames: block)
            for i in 0..<block where buffer[2 * i] != 0 || buffer[2 * i + 1] != 0 { sounding += 1 }
        }
        return sounding
    }

    static func engine() -> AudioEngine {
        let voice = MenuVoice(voice: .espeakEnglish, format: .engine, threaded: false, logger: Logger(label: "test"))
        return AudioEngine(provider: MenuVoiceProvider(voice: voice), volumePercent: 100)
    }

    @Test func aRowIsSaidOnTheCueBusAndEnds() {
        let engine = Self.engine()
        engine.perform(.speakMenu("Sleep stories"))
        #expect(engine.mixer.isActive(.cue))
        #expect(engine.mixer.level(of: .cue).target == AudioEngine.menuVoiceGain)
        let sounding = Self.soundingFrames(engine, seconds: 3)
        #expect(sounding > 48_000 / 4 && sounding < 48_000 * 2, "\(sounding) frames of speech")
        #expect(!engine.mixer.isActive(.cue), "the words end and leave the bus")
        #expect(engine.isSilent)
    }

    @Test func aNewRowCutsOffTheOneBefore() {
        let alone = Self.engine()
        alone.perform(.speakMenu("Favorites"))
        let short = Self.soundingFrames(alone, seconds: 3)
        let long = Self.engine()
        long.perform(.speakMenu("Featured tonight. Continue listening"))
        let whole = Self.soundingFrames(long, seconds: 4)
        #expect(whole > short + 48_000 / 2)

        let engine = Self.engine()
        engine.perform(.speakMenu("Featured tonight. Continue listening"))
        let before = Self.soundingFrames(engine, seconds: 0.2)
        engine.perform(.speakMenu("Favorites"))
        let after = Self.soundingFrames(engine, seconds: 4)
        // The first row stops at the turn (a few milliseconds of de-click), the second is said whole.
        #expect(before <= 48_000 / 5)
        #expect(abs(after - short) < 48_000 / 50, "\(after) frames after the turn, \(short) for the row alone")
    }

    @Test func wordsNotRenderedYetAreSilenceThatKeepsThePlace() {
        let utterance = MenuUtterance(text: "Back")
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * Self.block)
        defer { buffer.deallocate() }
        #expect(utterance.render(into: buffer, frames: Self.block) == Self.block)
        #expect((0..<2 * Self.block).allSatisfy { buffer[$0] == 0 })
        #expect(utterance.framesBeforeWords == nil)
        utterance.deliver([0.5, -0.5, 0.25])
        #expect(utterance.render(into: buffer, frames: Self.block) == 3, "the words, then the end")
        #expect(Array(UnsafeBufferPointer(start: buffer, count: 6)) == [0.5, 0.5, -0.5, -0.5, 0.25, 0.25])
        #expect(utterance.framesBeforeWords == Self.block)
        #expect(utterance.render(into: buffer, frames: Self.block) == 0)

        let dropped = MenuUtterance(text: "Favorites")
        #expect(dropped.isWaiting)
        dropped.deliver(nil)
        #expect(!dropped.isWaiting)
        #expect(dropped.render(into: buffer, frames: Self.block) == 0, "a row replaced before it was said ends at once")
    }
}
