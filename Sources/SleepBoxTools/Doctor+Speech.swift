import SleepBoxSound
import SleepBoxSpeech
import SleepBoxSystem

extension Doctor {
    /// Whether the board has the memory for the natural voice's process (`NaturalVoiceMemory`):
    /// a warning when not, since the owner's own items are then read by espeak-ng.
    static func voiceMemoryCheck(_ memory: NaturalVoiceMemory) -> Check {
        guard !memory.affordable else { return Check(name: "voice memory", outcome: .ok, detail: memory.summary, fix: "") }
        return Check(name: "voice memory", outcome: .warning, detail: memory.summary,
                     fix: "nothing to do for the bundled library (install sleepbox-speech, which holds its speech); "
                        + "for your own items in the natural voice, a board with 1 GB or more (a Pi 3, 4 or 5)")
    }

    /// The bundled library's speech rendered ahead of time (the sleepbox-speech package), which
    /// the box reads before its own cache. Without it the box renders the library itself: a
    /// warning only where the natural voice cannot run (then espeak-ng reads everything).
    static func preRenderedSpeechCheck(_ bundled: BundledSpeech?, voiceAffordable: Bool) -> Check {
        if let bundled, bundled.count > 0 {
            return Check(name: "pre-rendered speech", outcome: .ok,
                         detail: "\(bundled.count) clips in \(bundled.directory) (sleepbox-speech), read before the speech cache",
                         fix: "")
        }
        let detail = "none installed (sleepbox-speech): the box renders the library's speech itself"
        guard voiceAffordable else {
            return Check(name: "pre-rendered speech", outcome: .warning, detail: detail + ", and here with espeak-ng",
                         fix: "install sleepbox-speech (deploy/README.md) for the natural voice")
        }
        return Check(name: "pre-rendered speech", outcome: .ok, detail: detail, fix: "")
    }
}
