import Foundation
import SleepBoxContent
import SleepBoxSpeech

extension ContentTool {
    /// `content render --first-speech ID`: the voice is started first (as the daemon does at
    /// boot), then the item is prepared as a press prepares it; the first partial plan is the
    /// moment the first sentence can sound. Lines to print: how long the voice took to load
    /// (the natural voice only), then the time to the first sentence and to the whole item.
    public func firstSpeech(id: String) throws -> [String] {
        try Self.validate(id: id)
        guard let entry = content.library.entry(id) else { throw ContentToolError.noItem(id) }
        let clock = ContinuousClock()
        func ms(_ d: Duration) -> String {
            String(format: "%.0f ms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        var lines: [String] = []
        if let natural = content.voice?.engine as? NaturalVoiceEngine {
            let started = clock.now
            try natural.server.start()
            lines.append("voice loaded in \(ms(clock.now - started)) (at boot, before any press)")
        }
        let builder = ProgramBuilder(speech: content.renderer, languageVoices: content.languageRenderers, format: format,
                                     loudness: content.loudness)
        final class First: @unchecked Sendable { var at: ContinuousClock.Instant? }
        let first = First()
        let cached = content.library.isSpeechCached(entry)
        let pressed = clock.now
        let plan = try builder.prepare(entry, seed: 1) { _, _ in if first.at == nil { first.at = clock.now } }.plan
        let done = clock.now
        let firstAt = first.at ?? done
        lines.append("\(id) (\(cached ? "cached" : "not cached")): first sentence ready \(ms(firstAt - pressed)) after the press, "
                     + "whole item \(ms(done - pressed)) (\(String(format: "%.0f", plan?.duration ?? 0)) s long)")
        return lines
    }
}
