// mixlayers: renders an owner's mix of the given sounds through the library's `MixSource`, as the
// box plays one, for callgrind to count (bench/mixlayers.py runs it at two lengths and takes the
// difference, so the library's load is left out).
//
//   mixlayers --content DIR [--user DIR] --sounds ID[,ID...] --seconds S
//   mixlayers --write-ogg FILE --seconds S     (a 44.1 kHz stereo Ogg Vorbis of noise, for a
//                                               recording layer)
//
// The mix renders in 480-frame blocks (the engine's 10 ms period at 48 kHz).
#if canImport(Glibc)
import Glibc
#endif
import CSndFile
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore

func fail(_ message: String) -> Never {
    print("mixlayers: " + message)
    exit(64)
}

var content: String?
var user: String?
var sounds: [String] = []
var seconds = 0
var oggPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--content": content = arguments.popFirst()
    case "--user": user = arguments.popFirst()
    case "--sounds": sounds = (arguments.popFirst() ?? "").split(separator: ",").map(String.init)
    case "--seconds":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail("--seconds needs a positive whole number") }
        seconds = value
    case "--write-ogg": oggPath = arguments.popFirst()
    default: fail("unknown argument \(argument)")
    }
}
guard seconds > 0 else { fail("--seconds is needed") }

if let oggPath {
    // Noise at -12 dBFS, 44.1 kHz stereo: a recording that must be decoded and resampled.
    var info = SF_INFO()
    info.samplerate = 44_100
    info.channels = 2
    info.format = Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
    guard let file = sf_open(oggPath, Int32(SFM_WRITE), &info) else { fail("cannot write \(oggPath)") }
    let noise = NoiseGenerator(color: .pink, seed: 5)
    var block = [Float](repeating: 0, count: 2 * 4_410)
    for _ in 0..<(seconds * 10) {
        block.withUnsafeMutableBufferPointer { b in
            guard let base = b.baseAddress else { return }
            _ = noise.render(into: base, frames: 4_410)
            for i in 0..<b.count { base[i] *= 0.25 }
            _ = sf_writef_float(file, base, 4_410)
        }
    }
    sf_close(file)
    exit(0)
}

guard let content else { fail("--content is needed") }
guard !sounds.isEmpty else { fail("--sounds is needed") }
let library = ContentLibrary.load(bundled: content, user: user)
let mix = OwnerMix(number: 1, layers: sounds.enumerated().map { OwnerMix.Layer(sound: $1, levelDB: $0 == 0 ? 0 : -10) })
let (item, skipped) = library.mixItem(for: mix)
guard skipped.isEmpty, item.playableLayers.count == sounds.count else {
    fail("not every sound can play in a mix: \(skipped)")
}
let source = MixSource(item: item, seed: 7)
guard source.layerCount == sounds.count else { fail("\(sounds.count - source.layerCount) layers did not open") }
let block = 480
let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
buffer.initialize(repeating: 0, count: 2 * block)
var peak: Float = 0
for _ in 0..<(seconds * 48_000 / block) {
    let got = source.render(into: buffer, frames: block)
    guard got == block else { fail("the mix ended early") }
    peak = max(peak, abs(buffer[0]))
}
buffer.deallocate()
print("layers \(source.layerCount), \(seconds) s, first-sample peak \(peak)")
