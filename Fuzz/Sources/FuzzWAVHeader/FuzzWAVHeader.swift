import CFuzzer
import Foundation
import SleepBoxAudio

/// Where each input is written for libsndfile to open (one file per fuzzing process).
private let path = NSTemporaryDirectory() + "sleepbox-fuzz-wav-\(getpid()).wav"

/// A sound file from any bytes (a WAV header and what follows it, or anything libsndfile tells
/// apart: FLAC, Ogg, MP3), opened through libsndfile as the engine opens a recording
/// (`FileSource` at the engine's rate and at the file's own, `LoopingSource` as a mix layer plays
/// it) and a tenth of a second of each rendered: on the item bus with the alarm ringing, through
/// the loudness measurement. It is refused with a reason or plays; what the mixer puts out is
/// finite and within full scale, and the alarm is heard through it; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAVHeader(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    let frames = 4_800
    var sources: [any AudioSource] = []
    do { sources.append(try FileSource(path: path)) } catch { precondition(!error.reason.isEmpty, "refused without a reason") }
    if let own = try? FileSource(atItsOwnRate: path) {
        let loudness = LoudnessMeter.measure(own, frames: frames, format: own.format)
        precondition(!loudness.integrated.isNaN && !loudness.peak.isNaN, "the loudness measured NaN")
    }
    if let loop = try? LoopingSource(path: path) { sources.append(loop) }
    let out = UnsafeMutablePointer<Float>.allocate(capacity: 2 * frames)
    defer { out.deallocate() }
    for source in sources {
        let mixer = Mixer(format: .engine, maxBlockFrames: 1_024, volumePercent: 100)
        mixer.setSource(source, on: .item, gain: 1)
        mixer.setSource(ClipSource(samples: (0..<frames).map { Float(0.3 * sin(Double($0) * 0.115)) }, sampleRate: 48_000),
                        on: .alarm, gain: 1)
        _ = mixer.render(into: out, frames: frames)
        var energy = 0.0
        for i in 0..<(2 * frames) {
            precondition(out[i].isFinite && abs(out[i]) <= 1, "the file rendered \(out[i])")
            energy += Double(out[i]) * Double(out[i])
        }
        precondition(energy > 0, "the alarm was silenced")
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzWAVHeader_main")
public func fuzzWAVHeaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzWAVHeader(data, size)
    }
}
