import SleepBoxAudio
import Testing

@Suite struct ClipSourceTests {
    static let ramp = (0..<1_000).map { Float($0) / 1_000 }

    @Test func monoPlaysOnBothChannels() {
        let clip = ClipSource(samples: Self.ramp, sampleRate: 48_000)
        let out = DSP.render(clip, frames: 2_000, block: 333)
        #expect(out.count == 2_000)
        #expect(DSP.left(out) == Self.ramp && DSP.right(out) == Self.ramp)
        #expect(clip.lengthFrames == 1_000)
        #expect(abs(clip.duration - 1.0 / 48) < 1e-12)
    }

    @Test func stereoPlaysAsIs() {
        let stereo = (0..<2_001).map { Float($0) }
        let clip = ClipSource(samples: stereo, sampleRate: 48_000, layout: .stereo)
        #expect(clip.lengthFrames == 1_000)
        #expect(DSP.render(clip, frames: 5_000, block: 64) == Array(stereo[0..<2_000]))
    }

    @Test func seeksAreExactToTheFrame() throws {
        let clip = ClipSource(samples: Self.ramp, sampleRate: 48_000)
        _ = DSP.render(clip, frames: 300)
        try clip.seek(toFrame: 123)
        #expect(clip.positionFrames == 123)
        let out = DSP.render(clip, frames: 10)
        #expect(DSP.left(out) == Array(Self.ramp[123..<133]))
        try clip.seek(toFrame: 999)
        #expect(DSP.render(clip, frames: 10) == [Self.ramp[999], Self.ramp[999]])
        try clip.seek(toFrame: 5_000)
        #expect(clip.positionFrames == 1_000)
        #expect(DSP.render(clip, frames: 10).isEmpty)
        try clip.seek(toFrame: -1)
        #expect(DSP.render(clip, frames: 1) == [0, 0])
    }
}
