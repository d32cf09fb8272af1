import Foundation
import SleepBoxAudio

/// One loudness for every item: the target integrated loudness (EBU R128, LUFS) items play at,
/// and what was measured of the items whose level is not set where they are made.
///
/// - Spoken items: their speech is levelled clip by clip to the target before it is cached
///   (`CachedSpeech.loudness`). Bells and breathing cues can make a timeline louder than its
///   speech: the finished plan is measured too (sample peak, which is cheap: speech clips are
///   kept under -1.5 dBFS and cues are plain tones) and turned down to the target, never up. The
///   first play of an item whose speech is rendered while it plays is not turned down (its plan
///   is not finished when it starts); every later one is.
/// - Generators: two minutes rendered with the item's seed and measured once per generator and
///   level (the sound does not change over an hour), apart from the first play, which starts at
///   once at the generator's own `level_db`; every later play is at the target.
/// - Recordings: the whole file measured once (on a background thread), remembered by path, size
///   and modification time; the daemon keeps these in its state folder (`RecordingLoudnessFile`).
///
/// The gain brings the item to the target unless its true peak would pass -1 dBTP: then the peak
/// decides and the item stays quieter. Thread-safe.
public final class ItemLoudness: @unchecked Sendable {
    /// The target, in LUFS.
    public let target: Double
    /// Where continuous sound (ambient generators, tones, mixes) plays relative to `target`, in
    /// dB: 0 or less (`[audio] ambient_level_db`, -6 by default): a sound heard all night sits
    /// under the voice.
    public let continuousOffset: Double
    /// -6 dB: continuous sound under the voice by default.
    public static let defaultContinuousOffset = -6.0
    /// The range `continuousOffset` may take.
    public static let continuousOffsetRange: ClosedRange<Double> = -30...0
    private let lock = NSLock()
    private var measured: [String: Loudness] = [:]
    /// Gains estimated from recordings' starts (`estimatedGain`), until they are measured whole.
    private var estimates: [String: Float] = [:]

    /// -26 LUFS: 3 dB under EBU R128's broadcast -23, for speech and sound heard at a whisper's
    /// distance from the pillow; it leaves 25 dB of headroom under -1 dBTP, so no bundled item
    /// needs its peaks limited (docs/performance.md, "Loudness of the library"). The volume knob
    /// sets the level in the room; this only makes the items equal.
    public static let defaultTarget = -26.0
    /// Frames of a generator measured: two minutes, longer than any of its slow swells.
    static let generatorSeconds = 120.0

    /// A target of `target` LUFS.
    public init(target: Double = ItemLoudness.defaultTarget, continuousOffset: Double = ItemLoudness.defaultContinuousOffset) {
        self.target = target
        self.continuousOffset = continuousOffset.isFinite ? min(0, max(Self.continuousOffsetRange.lowerBound, continuousOffset)) : 0
    }

    /// The loudness `prepared` is brought to: the target, less `continuousOffset` for sound that
    /// plays on and on.
    public func target(for prepared: PreparedProgram) -> Double {
        switch prepared {
        case .generator, .mix: return target + continuousOffset
        case .spoken, .audio: return target
        }
    }

    /// The gain for a prepared item, measuring it first when that was not done yet (slow for a
    /// recording: call it where slow work is allowed, `ProgramBuilder.prepare`).
    public func gain(for prepared: PreparedProgram, format: AudioFormat) -> Float {
        guard let loudness = measure(prepared, format: format) else { return 1 }
        return loudness.gain(target: target(for: prepared))
    }

    /// The measured loudness of an item (nil for silence and for recordings that cannot be read);
    /// a spoken item measured louder than the target only.
    public func measure(_ prepared: PreparedProgram, format: AudioFormat) -> Loudness? {
        guard let key = Self.key(prepared) else { return nil }
        lock.lock()
        if let known = measured[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let loudness: Loudness
        switch prepared {
        case .spoken(let plan):
            let measured = LoudnessMeter.measure(ProgramSource(plan: plan), frames: plan.lengthFrames, format: format,
                                                 truePeak: false)
            // Never louder than the speech was made: a timeline that is mostly silence stays as is.
            loudness = measured.integrated > target ? measured : Loudness(integrated: target, range: measured.range,
                                                                            peak: measured.peak)
        case .generator(let item, let seed):
            if item.generator == .silence { return nil }
            let source = GeneratorSource(item: item, seed: seed, format: format)
            loudness = LoudnessMeter.measure(source, frames: format.frames(Self.generatorSeconds), format: format)
        case .mix(let item, let seed):
            // Each layer at the one loudness first, then the mix as the listener hears it.
            for layer in item.playableLayers {
                guard let sound = layer.resolved else { continue }
                _ = measure(Self.layerProgram(sound, seed: seed), format: format)
            }
            let source = MixSource(item: item, seed: seed, format: format) { sound in
                self.knownGain(for: Self.layerProgram(sound, seed: seed))
            }
            guard source.layerCount > 0 else { return nil }
            loudness = LoudnessMeter.measure(source, frames: format.frames(Self.generatorSeconds), format: format)
        case .audio(let path):
            // At the file's own rate (resampling does not change the loudness; it only costs).
            guard let source = try? FileSource(atItsOwnRate: path) else { return nil }
            loudness = LoudnessMeter.measure(source, frames: Int.max, format: source.format)
        }
        lock.lock()
        measured[key] = loudness
        lock.unlock()
        return loudness
    }

    /// The recordings measured so far, by key (for keeping them: `remember`).
    public var measuredRecordings: [String: Loudness] {
        lock.withLock { measured.filter { $0.key.hasPrefix("audio:") } }
    }

    /// Takes recordings measured before (`measuredRecordings` of an earlier run); a key that no
    /// longer matches its file (changed since) is simply never asked for.
    public func remember(_ recordings: [String: Loudness]) {
        lock.withLock { for (key, loudness) in recordings where key.hasPrefix("audio:") { measured[key] = loudness } }
    }

    /// The key a recording's measurement is kept under (path, size, modification time), or nil
    /// for another item or a file that is not there.
    public static func recordingKey(_ prepared: PreparedProgram) -> String? {
        guard case .audio = prepared else { return nil }
        return key(prepared)
    }

    /// How much of a recording's start `estimatedGain` measures.
    public static let estimateSeconds = 15.0

    /// The gain for a recording whose whole measurement is not done yet, from its first
    /// `estimateSeconds` decoded at the file's own rate (sample peaks, with half a decibel more
    /// room for the true peak they do not see): a few milliseconds here, about 0.2 s on a Pi (from
    /// instructions), so its first play starts at about the one loudness instead of at the file's
    /// own level. Never above 1: a start quieter than the rest must not turn the rest up. Nil for
    /// another kind of item, a file that cannot be read or a silent start.
    public func estimatedGain(for prepared: PreparedProgram) -> Float? {
        guard case .audio(let path) = prepared, let key = Self.key(prepared) else { return nil }
        // A seek or a second play before the whole measurement does not decode the start again.
        if let known = lock.withLock({ estimates[key] }) { return known }
        guard let source = try? FileSource(atItsOwnRate: path) else { return nil }
        let start = LoudnessMeter.measure(source, frames: source.format.frames(Self.estimateSeconds), format: source.format,
                                          truePeak: false)
        guard start.integrated.isFinite else { return nil }
        let gain = min(1, start.gain(target: target(for: prepared), ceiling: Loudness.peakCeiling - 0.5))
        lock.withLock { estimates[key] = gain }
        return gain
    }

    /// A mix layer's sound as an item of its own, to measure it.
    static func layerProgram(_ sound: MixItem.Layer.Sound, seed: UInt64) -> PreparedProgram {
        switch sound {
        case .generator(let item): return .generator(item, seed: seed)
        case .recording(let path): return .audio(path: path)
        }
    }

    /// Whether `prepared` has been measured (a sound that is never measured, e.g. silence, counts
    /// as measured).
    public func isMeasured(_ prepared: PreparedProgram) -> Bool {
        guard let key = Self.key(prepared) else { return true }
        return lock.withLock { measured[key] != nil }
    }

    /// The gain already known for a prepared item (1 when it was not measured).
    public func knownGain(for prepared: PreparedProgram) -> Float {
        guard let key = Self.key(prepared) else { return 1 }
        lock.lock()
        defer { lock.unlock() }
        return measured[key]?.gain(target: target(for: prepared)) ?? 1
    }

    static func key(_ prepared: PreparedProgram) -> String? {
        switch prepared {
        case .spoken(let plan):
            return "spoken:\(plan.itemID):\(plan.voiceDescription):\(plan.lengthFrames):\(plan.elements.count)"
        case .generator(let item, _):
            return "generator:\(item.generator.rawValue):\(item.levelDB):\(item.state?.rawValue ?? ""):\(item.carrierHz)"
        case .mix(let item, _):
            let layers = item.playableLayers.map { layer -> String in
                let sound = layer.resolved.flatMap { key(Self.layerProgram($0, seed: 0)) } ?? layer.sound
                return "\(sound)@\(layer.levelDB)"
            }
            return "mix:\(item.path):" + layers.joined(separator: "+")
        case .audio(let path):
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "audio:\(path):\(size):\(modified)"
        }
    }
}
