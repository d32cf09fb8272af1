import SleepBoxAudio
import SleepBoxCore
import Testing

/// The wake greeting speaks as loud as the wake sound has grown, not at a fixed loud level.
@Suite struct GreetingLevelTests {
    /// The chime as the alarm plays it, and a stand-in for the rendered greeting at the voice's
    /// level (-20 dBFS RMS; the real voice is measured in the speech tests).
    final class Provider: SoundProvider {
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            throw AudioError(path: id, reason: "no items here")
        }
        func wakeSound() -> any AudioSource { WakeSound() }
        func speech(_ text: String) -> (any AudioSource)? {
            ToneSweep(from: 220, to: 220, seconds: 3, level: 0.1_414, attack: 0.05, release: 0.05)
        }
    }

    static let rate = 48_000
    /// The wake sound at gain 1 over one phrase (8.4 s), dBFS RMS.
    static let chimeAtGainOne = level(DSP.render(WakeSound(), frames: rate * 42 / 5))

    /// dBFS RMS of the left channel.
    static func level(_ s: [Float]) -> Double { DSP.db(DSP.rms(DSP.left(s))) }

    /// The greeting's level, dBFS RMS, when it starts `seconds` into an alarm ramping from 0.05 to
    /// `volume` over `ramp` seconds; and the chime's level at that moment.
    static func greetingAndChime(after seconds: Double, volume: Double, ramp: Double = 60) -> (greeting: Double, chime: Double) {
        let engine = AudioEngine(provider: Provider(), volumePercent: 50)
        engine.perform(.startAlarm(from: 0.05, to: volume, over: ramp))
        var scratch = [Float](repeating: 0, count: 2 * 480)
        for _ in 0..<Int(seconds * 100) { _ = scratch.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: 480) } }
        let alarmGain = Double(engine.mixer.level(of: .alarm).current)
        engine.perform(.speak("Good morning"))
        // The chime taken away at once, so what sounds is the greeting alone.
        engine.mixer.stop(.alarm)
        var out = [Float](repeating: 0, count: 2 * rate)
        _ = out.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, frames: rate) }
        return (level(Array(out[(2 * rate / 10)...])), chimeAtGainOne + DSP.db(alarmGain))
    }

    @Test func fiveSecondsIntoAGentleAlarmTheGreetingIsAsSoftAsTheChime() {
        let (greeting, chime) = Self.greetingAndChime(after: 5, volume: 0.7)
        #expect(abs(greeting - chime) <= 3, "greeting \(greeting) dBFS, chime \(chime) dBFS")
        // 5 s into a 60 s ramp from 0.05 the chime is still soft: about -55 dBFS.
        #expect(greeting < -45)
    }

    @Test func theGreetingIsNeverLouderThanTheAlarmsFullVolumeAllows() {
        let (late, chimeLate) = Self.greetingAndChime(after: 12, volume: 0.7, ramp: 10)
        #expect(abs(late - chimeLate) <= 3, "greeting \(late) dBFS, chime \(chimeLate) dBFS")
        let (full, _) = Self.greetingAndChime(after: 12, volume: 1, ramp: 10)
        #expect(late <= full)
        #expect(full <= Self.chimeAtGainOne + 3)
    }
}
