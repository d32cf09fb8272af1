import SleepBoxAudio
import SleepBoxCore
import Testing

/// Continuous sound (ambient generators, tones, mixes) comes in over a minute and gives way over a
/// minute when it is stopped while it sounds (the alarm's start); every other item starts and
/// stops at once.
@Suite struct ContinuousFadeTests {
    /// "hum" is continuous (a steady 0.5 on both channels); "talk" is not.
    final class Provider: SoundProvider {
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource { DSPConstantSource(0.5) }
        func wakeSound() -> any AudioSource { DSPConstantSource(0) }
        func speech(_ text: String) -> (any AudioSource)? { nil }
        func continuousFadeSeconds(for id: ItemID) -> Double? { id == "hum" ? 60 : nil }
    }

    /// The item bus's gain after `seconds` of rendering.
    static func gain(after seconds: Double, _ engine: AudioEngine) -> Float {
        var scratch = [Float](repeating: 0, count: 2 * 480)
        for _ in 0..<Int((seconds * 100).rounded()) {
            _ = scratch.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: 480) }
        }
        return engine.mixer.level(of: .item).current
    }

    @Test func continuousSoundFadesInOverAMinute() {
        let engine = AudioEngine(provider: Provider())
        engine.perform(.play("hum", from: 0))
        let at1 = Self.gain(after: 1, engine), at30 = Self.gain(after: 29, engine), at60 = Self.gain(after: 30.5, engine)
        print("continuous fade-in: gain \(at1) after 1 s, \(at30) after 30 s, \(at60) after 60.5 s")
        #expect(at1 < 0.2)
        #expect(at30 > at1 && at30 < 0.9)
        #expect(at60 == 1)
        // Anything else is at full level within a block.
        let other = AudioEngine(provider: Provider())
        other.perform(.play("talk", from: 0))
        #expect(Self.gain(after: 0.02, other) == 1)
    }

    @Test func atTheAlarmsStartContinuousSoundGivesWaySlowly() {
        let engine = AudioEngine(provider: Provider())
        engine.perform(.play("hum", from: 0))
        _ = Self.gain(after: 61, engine)
        engine.perform(.stop)
        engine.perform(.startAlarm(from: 0.05, to: 0.7, over: 60))
        let at10 = Self.gain(after: 10, engine)
        let at61 = Self.gain(after: 51, engine)
        print("continuous fade-out under the alarm: gain \(at10) after 10 s, \(at61) after 61 s")
        #expect(at10 > 0.3 && at10 < 1)
        #expect(at61 == 0)
        #expect(!engine.mixer.isActive(.item))
        // A spoken item stops at once.
        let other = AudioEngine(provider: Provider())
        other.perform(.play("talk", from: 0))
        _ = Self.gain(after: 1, other)
        other.perform(.stop)
        _ = Self.gain(after: 0.01, other)
        #expect(!other.mixer.isActive(.item))
    }
}
