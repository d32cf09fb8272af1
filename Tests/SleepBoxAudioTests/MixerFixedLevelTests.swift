import Testing
@testable import SleepBoxAudio

/// The alarm and the greeting keep their own level whatever the bedtime volume.
@Suite struct MixerFixedLevelTests {
    func peak(volume: Int, bus: MixerBus) -> Float {
        let mixer = Mixer(format: .engine, maxBlockFrames: 512, volumePercent: volume)
        mixer.setSource(ClipSource(samples: [Float](repeating: 0.25, count: 48_000), sampleRate: 48_000), on: bus, gain: 1)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 4800)
        defer { out.deallocate() }
        _ = mixer.render(into: out, frames: 4800)
        return out[2 * 4799]
    }

    @Test func theAlarmIgnoresTheMasterVolume() {
        #expect(peak(volume: 10, bus: .alarm) == 0.25)
        #expect(peak(volume: 10, bus: .speech) == 0.25)
    }

    @Test func contentFollowsTheMasterVolume() {
        let quiet = peak(volume: 10, bus: .item)
        #expect(abs(quiet - 0.25 * PerceptualVolume.gain(percent: 10)) < 1e-6)
        #expect(peak(volume: 100, bus: .item) == 0.25)
    }
}
