// mixerbench: how many seconds of audio the mixer and each source render per second of CPU
// wall time, in 1024-frame blocks at 48 kHz (what `MixerBenchmarkTests` printed in the unit
// tests before it became a benchmark).
//
//   mixerbench [--seconds 600] [--json]
//
// The mix: an item (a 30 s pink-noise clip, looped by seeking back), a rain bed and an ocean
// alarm, with gain ramps over the whole run and the volume applied. Then each source alone and
// the two gain-ramp curves, over a quarter of the time.
//
// Prints one JSON object per measurement (with --json) or one line each.
#if canImport(Glibc)
import Glibc
#endif
import SleepBoxAudio

var seconds = 600
var json = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            print("mixerbench: --seconds needs a positive whole number")
            exit(64)
        }
        seconds = value
    case "--json":
        json = true
    default:
        print("mixerbench: unknown argument \(argument) (mixerbench [--seconds N] [--json])")
        exit(64)
    }
}

/// Seconds of audio rendered per second of wall time, rendering `frames` in blocks of `block`.
func speed(frames: Int, block: Int = 1_024, _ render: (UnsafeMutablePointer<Float>, Int) -> Void) -> Double {
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
    let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return Double(frames) / 48_000 / max(wall, 1e-9)
}

@MainActor func report(_ kind: String, _ name: String, _ value: Double) {
    if json {
        print(#"{"kind":"\#(kind)","name":"\#(name)","audio_seconds":\#(kind == "mix" ? seconds : seconds / 4),"speed":\#(Int(value))}"#)
    } else {
        print("\(name): \(Int(value))x real time")
    }
}

/// `frames` stereo frames of `source`, rendered in 512-frame blocks.
func rendered(_ source: some AudioSource, frames: Int) -> [Float] {
    var out = [Float](repeating: 0, count: 2 * frames)
    out.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < frames {
            let got = source.render(into: base + 2 * done, frames: min(512, frames - done))
            if got == 0 { break }
            done += got
        }
    }
    return out
}

// The mix.
let frames = seconds * 48_000
let clip = ClipSource(samples: rendered(NoiseGenerator(color: .pink, seed: 1), frames: 30 * 48_000),
                      sampleRate: 48_000, layout: .stereo)
let mixer = Mixer(volumePercent: 60)
mixer.setSource(clip, on: .item)
mixer.ramp(.item, to: 0, overFrames: frames, curve: .decibelLinear)
mixer.setSource(RainGenerator(seed: 2), on: .bed, gain: 0.3)
mixer.setSource(OceanGenerator(seed: 3), on: .alarm, gain: 0.05)
mixer.ramp(.alarm, to: 0.7, overFrames: frames, curve: .decibelLinear)
var seekFailure: AudioError?
let mixSpeed = speed(frames: frames) { buffer, n in
    let rendered = mixer.render(into: buffer, frames: n)
    if rendered.ended.contains(.item) {
        do throws(AudioError) { try clip.seek(toFrame: 0) } catch { seekFailure = error }
        mixer.setSource(clip, on: .item, gain: mixer.level(of: .item).current)
    }
}
if let seekFailure {
    print("mixerbench: the looped clip could not seek back: \(seekFailure)")
    exit(70)
}
report("mix", "item (clip) + bed (rain) + alarm (ocean), ramps, volume", mixSpeed)

// Each source alone, and the gain ramps.
let quarter = frames / 4
let sources: [(String, any AudioSource)] = [
    ("white", NoiseGenerator(color: .white, seed: 1)),
    ("pink", NoiseGenerator(color: .pink, seed: 1)),
    ("brown", NoiseGenerator(color: .brown, seed: 1)),
    ("rain", RainGenerator(seed: 1)),
    ("ocean", OceanGenerator(seed: 1)),
    ("forest", ForestGenerator(seed: 1)),
    ("chime", ChimeGenerator(frequency: 440, decay: 1_000)),
    ("sweep", ToneSweep(from: 220, to: 330, seconds: 100_000)),
    ("isochronic", BrainwaveTone(style: .isochronic, state: .theta)),
    ("binaural", BrainwaveTone(style: .binaural, state: .delta)),
]
for (name, source) in sources {
    report("source", name, speed(frames: quarter) { buffer, n in _ = source.render(into: buffer, frames: n) })
}

// A three-layer mix as the library's MixSource plays one: each layer rendered into one scratch
// block and added at its gain (rain, brown noise at -8 dB, isochronic theta at -12 dB).
let layers: [(any AudioSource, Float)] = [
    (RainGenerator(seed: 1), 1), (NoiseGenerator(color: .brown, seed: 2), 0.398), (BrainwaveTone(style: .isochronic, state: .theta), 0.251),
]
let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 4_096)
report("source", "mix of three layers (rain + brown noise + isochronic theta)", speed(frames: quarter) { buffer, n in
    buffer.update(repeating: 0, count: 2 * n)
    for (source, gain) in layers {
        let got = source.render(into: scratch, frames: n)
        for i in 0..<(2 * got) { buffer[i] += scratch[i] * gain }
    }
})
scratch.deallocate()
var decibelRamp = GainRamp(gain: 1)
decibelRamp.ramp(to: 0, overFrames: quarter, curve: .decibelLinear)
report("ramp", "GainRamp dB-linear", speed(frames: quarter) { buffer, n in decibelRamp.apply(to: buffer, frames: n) })
var powerRamp = GainRamp(gain: 0.3)
powerRamp.ramp(to: 0.9, overFrames: quarter, curve: .equalPower)
report("ramp", "GainRamp equal power (general)", speed(frames: quarter) { buffer, n in powerRamp.apply(to: buffer, frames: n) })
