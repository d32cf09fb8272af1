import SleepBoxAudio
import Testing

/// Render speed, printed, never asserted. Meaningful only in a release build:
/// `swift test -c release --filter MixerBenchmarkTests`.
@Suite struct MixerBenchmarkTests {
    #if DEBUG
    static let seconds = 5
    #else
    static let seconds = 600
    #endif

    static func seconds(of duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Seconds of audio rendered per second of wall time.
    static func speed(frames: Int, block: Int = 1_024, _ render: (UnsafeMutablePointer<Float>, Int) -> Void) -> Double {
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: 2 * block)
        let elapsed = ContinuousClock().measure {
            var done = 0
            while done < frames {
                let n = min(block, frames - done)
                render(buffer, n)
                done += n
            }
        }
        return Double(frames) / 48_000 / max(Self.seconds(of: elapsed), 1e-9)
    }

    @Test func mixerWithItemBedAndAlarm() throws {
        let frames = Self.seconds * 48_000
        // The item: a 30 s stereo clip, looped by seeking back when it ends.
        let clip = ClipSource(samples: DSP.render(NoiseGenerator(color: .pink, seed: 1), frames: 30 * 48_000),
                              sampleRate: 48_000, layout: .stereo)
        let mixer = Mixer(volumePercent: 60)
        mixer.setSource(clip, on: .item)
        mixer.ramp(.item, to: 0, overFrames: frames, curve: .decibelLinear)
        mixer.setSource(RainGenerator(seed: 2), on: .bed, gain: 0.3)
        mixer.setSource(OceanGenerator(seed: 3), on: .alarm, gain: 0.05)
        mixer.ramp(.alarm, to: 0.7, overFrames: frames, curve: .decibelLinear)
        var seekError: AudioError?
        let speed = Self.speed(frames: frames) { buffer, n in
            let report = mixer.render(into: buffer, frames: n)
            if report.ended.contains(.item) {
                do throws(AudioError) { try clip.seek(toFrame: 0) } catch { seekError = error }
                mixer.setSource(clip, on: .item, gain: mixer.level(of: .item).current)
            }
        }
        #expect(seekError == nil)
        print("benchmark: mixer item (clip) + bed (rain) + alarm (ocean), ramps, volume: \(Int(speed))× real time")
    }

    @Test func eachSourceAlone() {
        let frames = Self.seconds * 48_000 / 4
        let sources: [(String, any AudioSource)] = [
            ("white", NoiseGenerator(color: .white, seed: 1)),
            ("pink", NoiseGenerator(color: .pink, seed: 1)),
            ("brown", NoiseGenerator(color: .brown, seed: 1)),
            ("rain", RainGenerator(seed: 1)),
            ("ocean", OceanGenerator(seed: 1)),
            ("forest", ForestGenerator(seed: 1)),
            ("chime", ChimeGenerator(frequency: 440, decay: 1_000)),
            ("sweep", ToneSweep(from: 220, to: 330, seconds: 100_000)),
        ]
        var line = "benchmark, × real time:"
        for (name, source) in sources {
            let speed = Self.speed(frames: frames) { buffer, n in _ = source.render(into: buffer, frames: n) }
            line += " \(name) \(Int(speed))"
        }
        var ramp = GainRamp(gain: 1)
        ramp.ramp(to: 0, overFrames: frames, curve: .decibelLinear)
        let rampSpeed = Self.speed(frames: frames) { buffer, n in ramp.apply(to: buffer, frames: n) }
        var power = GainRamp(gain: 0.3)
        power.ramp(to: 0.9, overFrames: frames, curve: .equalPower)
        let powerSpeed = Self.speed(frames: frames) { buffer, n in power.apply(to: buffer, frames: n) }
        line += "; GainRamp dB \(Int(rampSpeed)), equal power (general) \(Int(powerSpeed))"
        print(line)
    }
}
