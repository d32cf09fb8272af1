import SleepBoxCore
import Testing
@testable import SleepBoxAudio

/// No source poisons the mix: a bus whose source renders NaN, infinity or absurd values is dropped
/// where it is found, and the alarm (and every other bus) is heard as if it were not there.
@Suite struct SampleGuardTests {
    static let frames = 48_000

    /// The output of a mixer with `alarm` a sine on the alarm bus and brown-ish noise (a low
    /// sine) on the bed, plus, when given, a constant `poison` on the item bus.
    static func render(poison: Float?) -> (samples: [Float], reports: [(Int, MixReport)]) {
        let mixer = Mixer(format: .engine, maxBlockFrames: 512, volumePercent: 60)
        if let poison { mixer.setSource(DSPConstantSource(poison), on: .item, gain: 1) }
        mixer.setSource(DSPSineSource(frequency: 220, amplitude: 0.2), on: .bed, gain: 1)
        mixer.setSource(DSPSineSource(frequency: 880, amplitude: 0.3), on: .alarm, gain: 1)
        return DSP.render(mixer, frames: frames)
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity, 3e38, -1e30])
    func aBrokenItemIsDroppedAndTheAlarmAndTheBedSoundAsWithoutIt(_ poison: Float) {
        let clean = Self.render(poison: nil).samples
        let (poisoned, reports) = Self.render(poison: poison)
        #expect(poisoned == clean)
        let rms = DSP.rms(poisoned)
        #expect(rms > 0.2, "alarm and bed audible: RMS \(rms)")
        #expect(reports.first?.1.dropped == [.item])
        #expect(reports.first?.1.ended == [.item])
        #expect(reports.first?.1.frameOffset(of: .item) == 0)
    }

    @Test func aBrokenAlarmSourceIsDroppedAndTheRestPlays() {
        let mixer = Mixer(format: .engine, maxBlockFrames: 512, volumePercent: 100)
        mixer.setSource(DSPConstantSource(.nan), on: .alarm, gain: 1)
        mixer.setSource(DSPSineSource(frequency: 220, amplitude: 0.2), on: .bed, gain: 1)
        let (out, reports) = DSP.render(mixer, frames: Self.frames)
        #expect(abs(DSP.rms(out) - 0.2 / 2.0.squareRoot()) < 0.01)
        #expect(reports.first?.1.dropped == [.alarm])
    }

    @Test func theRuleCatchesNaNAnywhereInABlock() {
        for index in [0, 5, 7, 8, 15, 16, 17] {
            var samples = [Float](repeating: 0.5, count: 18)
            #expect(SampleGuard.isSound(samples))
            samples[index] = .nan
            #expect(!SampleGuard.isSound(samples), "NaN at \(index)")
            samples[index] = 16.5
            #expect(!SampleGuard.isSound(samples), "16.5 at \(index)")
            samples[index] = -16
            #expect(SampleGuard.isSound(samples), "-16 at \(index)")
        }
    }
}

/// The engine as the box drives it: an item of NaN samples fading out under the sleep timer
/// while the alarm rings. The item is reported failed; the alarm sounds as it does alone.
@Suite struct EngineBrokenItemTests {
    final class Provider: SoundProvider {
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            DSPConstantSource(id == "nan" ? .nan : 0.1)
        }
        func wakeSound() -> any AudioSource { WakeSound() }
        func speech(_ text: String) -> (any AudioSource)? { nil }
    }

    /// One second of the engine playing `item` at the start of a 600 s fade, with the alarm rising.
    static func render(item: ItemID?) -> (samples: [Float], reports: [EngineReport]) {
        let engine = AudioEngine(provider: Provider(), volumePercent: 50)
        if let item {
            engine.perform(.play(item, from: 0))
            engine.perform(.rampGain(to: 0, over: 600, curve: .decibelLinear))
        }
        engine.perform(.startAlarm(from: 0.5, to: 1, over: 10))
        var out = [Float](repeating: 0, count: 2 * 48_000)
        var reports: [EngineReport] = []
        out.withUnsafeMutableBufferPointer { buffer in
            for block in 0..<100 {
                reports += engine.render(into: buffer.baseAddress! + 2 * 480 * block, frames: 480).map(\.0)
            }
        }
        return (out, reports)
    }

    @Test func aNaNItemFailsAndTheAlarmIsHeardAsWithoutIt() {
        let alone = Self.render(item: nil).samples
        let (withNaN, reports) = Self.render(item: "nan")
        #expect(reports == [.itemFailed("nan", reason: SampleGuard.reason)])
        #expect(withNaN == alone)
        #expect(DSP.db(DSP.rms(withNaN)) > -60, "the alarm is audible: \(DSP.db(DSP.rms(withNaN))) dBFS")
    }
}
