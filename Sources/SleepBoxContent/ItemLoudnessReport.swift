import SleepBoxAudio

/// One item measured as the box plays it: its loudness (EBU R128 by libebur128), what the sound
/// measured before the box levelled it (generators and recordings), and for spoken items how fast
/// the voice reads. What `sleepbox content check --loudness` prints.
public struct ItemLoudnessReport: Sendable {
    /// The item.
    public var id: String
    /// As it plays.
    public var played: Loudness
    /// The generator or recording before the gain (nil for spoken items: their speech is levelled
    /// clip by clip as it is rendered).
    public var source: Loudness?
    /// Words a minute while the voice speaks (pauses not counted), for spoken items.
    public var wordsPerMinute: Double?
    /// Seconds of speech in the item.
    public var speechSeconds: Double

    /// Seconds of a generator measured (it plays for hours and does not change).
    static let generatorSeconds = 120.0

    /// Prepares `entry` with `builder` (rendering its speech unless cached) and measures it.
    public static func measure(_ entry: ContentEntry, builder: ProgramBuilder, seed: UInt64 = 1) throws -> ItemLoudnessReport {
        let format = builder.format
        let prepared = try builder.prepare(entry, seed: seed)
        switch prepared {
        case .spoken(let plan):
            let played = LoudnessMeter.measure(try builder.makeSource(prepared), frames: plan.lengthFrames, format: format)
            var words = 0, frames = 0
            for element in plan.elements {
                guard case .speech = element.sound, let text = element.text else { continue }
                words += text.split(whereSeparator: { !$0.isLetter && $0 != "'" }).count
                frames += element.lengthFrames
            }
            let seconds = format.seconds(frames)
            return ItemLoudnessReport(id: entry.id, played: played, source: nil,
                                      wordsPerMinute: seconds > 0 ? Double(words) / seconds * 60 : nil, speechSeconds: seconds)
        case .generator(let item, let seed):
            let frames = format.frames(generatorSeconds)
            let raw = LoudnessMeter.measure(GeneratorSource(item: item, seed: seed, format: format), frames: frames, format: format)
            let played = LoudnessMeter.measure(try builder.makeSource(prepared), frames: frames, format: format)
            return ItemLoudnessReport(id: entry.id, played: played, source: raw, wordsPerMinute: nil, speechSeconds: 0)
        case .mix(let item, let seed):
            let frames = format.frames(generatorSeconds)
            builder.measureLoudness(of: prepared)
            let raw = LoudnessMeter.measure(MixSource(item: item, seed: seed, format: format), frames: frames, format: format)
            let played = LoudnessMeter.measure(try builder.makeSource(prepared), frames: frames, format: format)
            return ItemLoudnessReport(id: entry.id, played: played, source: raw, wordsPerMinute: nil, speechSeconds: 0)
        case .audio(let path):
            let raw = LoudnessMeter.measure(try FileSource(path: path, format: format), frames: Int.max, format: format)
            let played = LoudnessMeter.measure(try builder.makeSource(prepared), frames: Int.max, format: format)
            return ItemLoudnessReport(id: entry.id, played: played, source: raw, wordsPerMinute: nil, speechSeconds: 0)
        }
    }

    /// `med-body-scan  -26.0 LUFS, range 3.1 LU, peak -9.2 dBTP  148 wpm` or, for a generator,
    /// `… (the sound itself: -18.2 LUFS, …)`.
    public var line: String {
        var text = id.padding(toLength: 34, withPad: " ", startingAt: 0) + " " + played.description
        if let wordsPerMinute { text += String(format: "  %.0f wpm over %.0f s of speech", wordsPerMinute, speechSeconds) }
        if let source { text += "  (the sound itself: \(source))" }
        return text
    }
}
