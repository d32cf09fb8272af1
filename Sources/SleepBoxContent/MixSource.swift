import Logging
import SleepBoxAudio
import SleepBoxSystem

/// Plays a mix: its layers started together, each at its gain, summed into one sound that fades in
/// over `MixItem.fadeInSeconds` from its first frame, for exactly the mix's `length`. Generators
/// never end; a recording layer loops without a seam (`LoopingSource`, a short equal-power
/// crossfade), its steady offset taken out (`DCBlockingSource`). The engine sees one source, so
/// the sleep timer's fade takes every layer down together. Nothing is allocated while it plays: the one scratch buffer grows only when a larger
/// block is asked for than ever before.
///
/// A layer that renders samples that are not finite or far beyond full scale (`SampleGuard`) is
/// dropped with a log line the first time it does; the others play on.
public final class MixSource: SeekableSource {
    /// The mix played.
    public let item: MixItem
    /// The length in frames (the mix's `length`).
    public let totalFrames: Int
    /// Frames rendered since the start (after a seek: the frame sought).
    public private(set) var positionFrames = 0
    private var layers: [(source: any AudioSource, gain: Float, name: String)]
    private let logger: Logger
    private var scratch: [Float]
    private var rendered = 0
    private let fadeFrames: Int

    /// A source for `item`'s playable layers, their randomness from `seed` (each layer its own),
    /// each layer's gain its level times `levelled(layer)` (the gain bringing the layer's item to
    /// the box's one loudness, 1 when not known). A recording that cannot be opened is left out.
    public init(item: MixItem, seed: UInt64, format: AudioFormat = .engine,
                logger: Logger = Logger(label: "sleepbox.mix"),
                levelled: (MixItem.Layer.Sound) -> Float = { _ in 1 }) {
        self.item = item
        self.logger = logger
        let length = item.length.isFinite ? min(max(0, item.length), DurationText.maximumSeconds) : 0
        totalFrames = format.frames(length)
        fadeFrames = max(1, format.frames(MixItem.fadeInSeconds))
        layers = []
        for (index, layer) in item.layers.enumerated() {
            guard let sound = layer.resolved else { continue }
            let source: any AudioSource
            switch sound {
            case .generator(let generator):
                source = GeneratorSource(item: generator, seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15, format: format)
            case .recording(let path):
                guard let loop = try? LoopingSource(path: path, format: format) else { continue }
                // Looped all night: no steady offset may reach the speaker (`DCBlockingSource`).
                source = DCBlockingSource(loop, sampleRate: format.sampleRate)
            }
            layers.append((source, layer.gain * levelled(sound), layer.sound))
        }
        scratch = [Float](repeating: 0, count: 2 * 4_096)
    }

    /// The length in frames.
    public var lengthFrames: Int? { totalFrames }

    /// How many layers play (a layer dropped for its samples no longer counts).
    public var layerCount: Int { layers.count }

    /// Renders up to `frames` frames; fewer (then 0) at the end.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = max(0, min(frames, totalFrames - positionFrames))
        guard n > 0 else { return 0 }
        buffer.update(repeating: 0, count: 2 * n)
        if scratch.count < 2 * n { scratch = [Float](repeating: 0, count: 2 * n) }
        scratch.withUnsafeMutableBufferPointer { scratchBuffer in
            guard let temp = scratchBuffer.baseAddress else { return }
            var dropped: [Int] = []
            for (index, (source, gain, _)) in layers.enumerated() {
                let got = max(0, min(n, source.render(into: temp, frames: n)))
                guard SampleGuard.isSound(temp, count: 2 * got) else {
                    dropped.append(index)
                    continue
                }
                for i in 0..<(2 * got) { buffer[i] += temp[i] * gain }
            }
            for index in dropped.reversed() {
                logger.error("\(item.path): the layer \"\(layers[index].name)\" is left out: \(SampleGuard.reason)")
                layers.remove(at: index)
            }
        }
        if rendered < fadeFrames {
            // The layers fade in together along a smoothstep, 3x² − 2x³: no slope at either end.
            for i in 0..<n where rendered + i < fadeFrames {
                let x = Double(rendered + i) / Double(fadeFrames)
                let s = Float(x * x * (3 - 2 * x))
                buffer[2 * i] *= s
                buffer[2 * i + 1] *= s
            }
        }
        rendered += n
        positionFrames += n
        return n
    }

    /// Moves to `frame` (clamped to 0…length); the layers carry on as they were (their sound
    /// does not change over time in any way a listener could place).
    public func seek(toFrame frame: Int) throws(AudioError) {
        positionFrames = min(max(0, frame), totalFrames)
    }
}
