/// A steady tone for one of the five brainwave states, made sample by sample (no table, no
/// allocation while it plays):
///
/// - **Binaural beat**: a pure sine on each ear, the left at `carrier − beat/2`, the right at
///   `carrier + beat/2` (200 Hz and 2 Hz: 199 Hz left, 201 Hz right). The beat exists only in the
///   listener's head, and only with headphones: through one speaker both tones reach both ears
///   and are heard as an ordinary (monaural) beat, a slow throb of loudness.
/// - **Isochronic tone**: the carrier, the same on both channels, in distinct pulses `beat` times
///   a second. Each pulse is shaped, not gated: during the first half of its period the level is
///   sin²(π·x) (x from 0 to 1 over the half period), so it rises from exact silence and falls back
///   to it with zero slope; the second half is silent. It works through a speaker.
///
/// Both fade in over `fadeIn` seconds (a raised cosine) from their first frame. The phases are
/// kept in Double and wrapped every sample, so the frequencies stay exact over a whole night.
/// RMS: binaural −18 dBFS (peak −15 dBFS), as the noise generators; isochronic has the same peak
/// and an RMS of −25.3 dBFS (the pulses are shaped and silent half the time). The box levels
/// both to its one loudness like every other item.
public final class BrainwaveTone: AudioSource {
    /// How the beat reaches the listener.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// A different pitch on each ear (headphones).
        case binaural
        /// Shaped pulses of one tone (a speaker is fine).
        case isochronic
    }

    /// The five states and the beat each is played at.
    public enum State: String, Sendable, Equatable, CaseIterable {
        case delta, theta, alpha, beta, gamma

        /// The beat or pulse rate in Hz: delta 2, theta 6, alpha 10, beta 20, gamma 40.
        public var beatHz: Double {
            switch self {
            case .delta: return 2
            case .theta: return 6
            case .alpha: return 10
            case .beta: return 20
            case .gamma: return 40
            }
        }
    }

    /// The carrier when none is given: 200 Hz, low and soft, well under the 1 kHz above which
    /// binaural beats fade.
    public static let defaultCarrierHz = 200.0
    /// The carriers allowed: 100 to 1000 Hz.
    public static let carrierRange: ClosedRange<Double> = 100...1_000
    /// The peak level: −15 dBFS (0.178).
    public static let peak: Float = 0.177_827_94

    /// The style.
    public let style: Style
    /// The beat or pulse rate, in Hz.
    public let beatHz: Double
    /// The carrier, in Hz.
    public let carrierHz: Double
    /// The engine format.
    public let format: AudioFormat

    private var phaseL = 0.0, phaseR = 0.0, phaseBeat = 0.0
    private let incL: Double, incR: Double, incBeat: Double
    private var frame = 0
    private let fadeFrames: Int

    /// A tone of `style` beating at `beatHz` on `carrierHz`, fading in over `fadeIn` seconds.
    public init(style: Style, beatHz: Double, carrierHz: Double = BrainwaveTone.defaultCarrierHz,
                fadeIn: Double = 2, format: AudioFormat = .engine) {
        self.style = style
        self.format = format
        let fs = Double(max(1, format.sampleRate))
        let carrier = carrierHz.isFinite ? min(max(carrierHz, 20), fs / 4) : Self.defaultCarrierHz
        let beat = beatHz.isFinite ? min(max(beatHz, 0.1), carrier / 2) : 2
        self.beatHz = beat
        self.carrierHz = carrier
        switch style {
        case .binaural:
            incL = (carrier - beat / 2) / fs
            incR = (carrier + beat / 2) / fs
        case .isochronic:
            incL = carrier / fs
            incR = incL
        }
        incBeat = beat / fs
        fadeFrames = max(1, format.frames(fadeIn.isFinite ? max(0, fadeIn) : 0))
    }

    /// A tone for one of the five states.
    public convenience init(style: Style, state: State, carrierHz: Double = BrainwaveTone.defaultCarrierHz,
                            format: AudioFormat = .engine) {
        self.init(style: style, beatHz: state.beatHz, carrierHz: carrierHz, format: format)
    }

    /// Renders `frames` frames; a tone never ends.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        switch style {
        case .binaural: renderBinaural(buffer, frames)
        case .isochronic: renderIsochronic(buffer, frames)
        }
        frame += frames
        return frames
    }

    /// The fade-in's gain at frame `n`: sin²(π/2 · n/fade), 1 after it.
    @inline(__always)
    private func fade(_ n: Int) -> Float {
        guard n < fadeFrames else { return 1 }
        let s = DSPMath.sinCycles(Float(n) / Float(4 * fadeFrames))
        return s * s
    }

    private func renderBinaural(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        var l = phaseL, r = phaseR
        let il = incL, ir = incR, a = Self.peak
        for i in 0..<frames {
            let g = a * fade(frame + i)
            out[2 * i] = DSPMath.sinCycles(Float(l)) * g
            out[2 * i + 1] = DSPMath.sinCycles(Float(r)) * g
            DSPMath.advance(&l, by: il)
            DSPMath.advance(&r, by: ir)
        }
        phaseL = l
        phaseR = r
    }

    private func renderIsochronic(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        var c = phaseL, b = phaseBeat
        let ic = incL, ib = incBeat, a = Self.peak
        for i in 0..<frames {
            // The pulse: sin²(π·2b) over the first half period (b < 0.5), silence after.
            var env: Float = 0
            if b < 0.5 {
                let s = DSPMath.sinCycles(Float(b))
                env = s * s
            }
            let y = DSPMath.sinCycles(Float(c)) * env * a * fade(frame + i)
            out[2 * i] = y
            out[2 * i + 1] = y
            DSPMath.advance(&c, by: ic)
            DSPMath.advance(&b, by: ib)
        }
        phaseL = c
        phaseBeat = b
    }
}
