import Foundation
import Logging
import SleepBoxAudio
import SleepBoxSpeech

/// The fast voice that says menu rows (`Command.speakMenu`): espeak-ng in process, a little
/// quicker than the reading voice, never the natural voice (it must answer within 150 ms of the
/// knob's click; espeak-ng renders a row in a few milliseconds).
///
/// `say` returns at once with a `MenuUtterance` for the mixer. With a thread (the daemon), the
/// words are rendered on the voice's own thread, never on the loop and never queued behind the
/// library's rendering; only the newest row waits there, and a row that a newer one replaced
/// before it was rendered is dropped. Without one (the simulator's virtual time) they are
/// rendered before `say` returns. The rows said last are kept rendered (`keptRows`).
public final class MenuVoice: @unchecked Sendable {
    /// The espeak-ng voice (`use(_:)` changes it).
    public var engine: EspeakEngine {
        condition.lock()
        defer { condition.unlock() }
        return current
    }
    private var current: EspeakEngine
    private let format: AudioFormat
    private let logger: Logger
    private let threaded: Bool
    private let condition = NSCondition()
    private var next: MenuUtterance?
    private var started = false
    /// Rows said lately, rendered (the menu is walked up and down: a row said before is said
    /// again without rendering), with the voice that said them. Touched only on the rendering
    /// side, in order of use.
    private var kept: [(voice: SpeechVoice, text: String, samples: [Float])] = []

    /// How many rendered rows are kept (a row of a second or two is 50-100k samples: a few MB).
    public static let keptRows = 48

    /// How much faster than the reading voice the rows are said (words per minute added).
    public static let rateBoost = 40

    /// A voice speaking `voice` (its rate raised by `rateBoost`) into clips at `format`'s rate;
    /// `threaded` renders on a thread of its own.
    public init(voice: SpeechVoice, format: AudioFormat, threaded: Bool, logger: Logger) {
        current = Self.fastEngine(voice, format: format)
        self.format = format
        self.threaded = threaded
        self.logger = logger
    }

    /// Says the next rows with `voice` (its rate raised by `rateBoost`): the owner changed the
    /// voice's speed or the language. A row being rendered is said as it was started.
    public func use(_ voice: SpeechVoice) {
        let engine = Self.fastEngine(voice, format: format)
        condition.lock()
        current = engine
        condition.unlock()
    }

    private static func fastEngine(_ voice: SpeechVoice, format: AudioFormat) -> EspeakEngine {
        var fast = voice
        fast.rate = voice.rate + rateBoost
        return EspeakEngine(voice: fast, format: format)
    }

    /// Starts saying `text`: the utterance is silent until its words are rendered.
    public func say(_ text: String) -> MenuUtterance {
        let utterance = MenuUtterance(text: text)
        guard threaded else {
            utterance.deliver(render(text, with: engine))
            return utterance
        }
        condition.lock()
        next?.deliver(nil)
        next = utterance
        if !started {
            started = true
            let thread = Thread { [weak self] in self?.work() }
            thread.name = "sleepbox-menu-voice"
            thread.qualityOfService = .userInteractive
            thread.start()
        }
        condition.signal()
        condition.unlock()
        return utterance
    }

    private func work() {
        while true {
            condition.lock()
            while next == nil { condition.wait() }
            let utterance = next
            next = nil
            let engine = current
            condition.unlock()
            guard let utterance, utterance.isWaiting else { continue }
            utterance.deliver(render(utterance.text, with: engine))
        }
    }

    private func render(_ text: String, with engine: EspeakEngine) -> [Float]? {
        if let index = kept.firstIndex(where: { $0.text == text && $0.voice == engine.voice }) {
            let row = kept.remove(at: index)
            kept.append(row)
            return row.samples
        }
        do {
            let samples = try engine.synthesize(text).samples
            kept.append((engine.voice, text, samples))
            if kept.count > Self.keptRows { kept.removeFirst() }
            return samples
        } catch {
            logger.error("cannot say the menu row: \(error)")
            return nil
        }
    }
}
