import CEspeak
import Foundation

/// libespeak-ng's process-wide state, behind one lock.
///
/// espeak-ng is not thread-safe: the selected voice, the rate and pitch, the synth callback and the
/// output buffer are globals inside the library. So there is exactly one `EspeakRuntime`
/// (`shared`); every call into libespeak-ng goes through it while holding `lock`, and each render
/// sets voice, rate and pitch again before `espeak_Synth`. `EspeakEngine` values are light handles
/// (a voice and a format) over this one runtime, so any number of them may exist on any threads.
///
/// The library is initialized once per process, on first use, and never terminated (a second
/// `espeak_Initialize` would leak and reload everything). Note that `espeak_Initialize` sets the
/// process's `LC_CTYPE` locale to a UTF-8 one: espeak-ng's character classes need it.
final class EspeakRuntime: @unchecked Sendable {
    /// One voice file as `espeak_ListVoices` describes it.
    struct VoiceInfo: Sendable, Equatable {
        /// "English (America)".
        var name: String
        /// "gmw/en-US": the path under espeak-ng-data/voices or lang, accepted by espeak_SetVoiceByName.
        var identifier: String
        /// "en-us" (and more for some voices), in priority order.
        var languages: [String]
    }

    /// The only instance: espeak-ng's state is global.
    static let shared = EspeakRuntime()

    private let lock = NSLock()
    /// espeak-ng's output rate after a successful `espeak_Initialize`, or why it failed.
    private var initialization: Result<Int, SpeechError.Reason>?
    /// The voice name last selected successfully, to skip reloading it (loading "de" reads its
    /// dictionary).
    private var selectedVoice: String?

    private init() {}

    /// espeak-ng's output sample rate (22,050 Hz for its own voices); initializes the library.
    func sampleRate() throws(SpeechError.Reason) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return try initializeLocked()
    }

    /// Renders `text` with `voice` to espeak-ng's own output: mono S16 at `sampleRate()`, with the
    /// silence espeak-ng itself puts around it.
    ///
    /// Calls `espeak_SetVoiceByName`, `espeak_SetParameter(espeakRATE / espeakPITCH)`,
    /// `espeak_Synth` (UTF-8, no SSML, no end-of-text pause) and `espeak_Synchronize`. The samples
    /// arrive in the synth callback, which finds this render's buffer through the `user_data` given
    /// to `espeak_Synth`.
    func render(_ text: String, voice: SpeechVoice) throws(SpeechError.Reason) -> (pcm: [Int16], sampleRate: Int) {
        lock.lock()
        defer { lock.unlock() }
        let rate = try initializeLocked()
        try selectVoiceLocked(voice.name)
        espeak_SetParameter(espeakRATE, Int32(min(max(voice.rate, Int(espeakRATE_MINIMUM)), Int(espeakRATE_MAXIMUM))), 0)
        espeak_SetParameter(espeakPITCH, Int32(min(max(voice.pitch, 0), 100)), 0)

        let buffer = SampleBuffer()
        let userData = Unmanaged.passRetained(buffer)
        defer { userData.release() }
        let status = text.withCString { cText in
            espeak_Synth(cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8),
                         nil, userData.toOpaque())
        }
        guard status == EE_OK else {
            throw .synthesisFailed("espeak_Synth returned \(status.rawValue)")
        }
        let sync = espeak_Synchronize()
        guard sync == EE_OK else {
            throw .synthesisFailed("espeak_Synchronize returned \(sync.rawValue)")
        }
        return (buffer.samples, rate)
    }

    /// Every voice espeak-ng has (`espeak_ListVoices(NULL)`); empty when the library cannot start.
    func voices() -> [VoiceInfo] {
        lock.lock()
        defer { lock.unlock() }
        guard (try? initializeLocked()) != nil else { return [] }
        return listVoicesLocked()
    }

    // MARK: - Under the lock

    private func initializeLocked() throws(SpeechError.Reason) -> Int {
        if let initialization { return try initialization.get() }
        // DONT_EXIT: without it espeak-ng calls exit(1) when its data is missing.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 500, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        var dataPath: UnsafePointer<CChar>?
        _ = espeak_Info(&dataPath)
        let path = dataPath.map { String(cString: $0) } ?? "espeak-ng-data"
        let result: Result<Int, SpeechError.Reason>
        if rate <= 0 || !FileManager.default.fileExists(atPath: path + "/phontab") {
            result = .failure(.dataMissing(
                path: path,
                install: "install espeak-ng-data (apt-get install espeak-ng-data) or point ESPEAK_DATA_PATH at the folder that holds espeak-ng-data"))
        } else {
            espeak_SetSynthCallback { wav, count, events in
                // user_data is the SampleBuffer of the render in progress (see render).
                guard let events, let userData = events.pointee.user_data else { return 0 }
                let buffer = Unmanaged<SampleBuffer>.fromOpaque(userData).takeUnretainedValue()
                if let wav, count > 0 {
                    buffer.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
                }
                return 0
            }
            result = .success(Int(rate))
        }
        initialization = result
        return try result.get()
    }

    private func selectVoiceLocked(_ name: String) throws(SpeechError.Reason) {
        if name == selectedVoice { return }
        selectedVoice = nil
        if !name.isEmpty, espeak_SetVoiceByName(name) == EE_OK {
            selectedVoice = name
            return
        }
        // espeak_SetVoiceByName matches voice *files* ("en-us", "de", "gmw/en"); a language such as
        // "en-gb" lives inside the file "gmw/en", so look it up in the voices' languages.
        let all = listVoicesLocked()
        let wanted = name.lowercased()
        if !wanted.isEmpty,
           let match = all.first(where: { $0.languages.contains(wanted) || $0.name.lowercased() == wanted }),
           espeak_SetVoiceByName(match.identifier) == EE_OK {
            selectedVoice = name
            return
        }
        let available = Set(all.flatMap(\.languages)).sorted()
        throw .voiceMissing(voice: name, available: available)
    }

    private func listVoicesLocked() -> [VoiceInfo] {
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [VoiceInfo] = []
        var index = 0
        while let voice = list[index] {
            index += 1
            let entry = voice.pointee
            guard let identifier = entry.identifier else { continue }
            voices.append(VoiceInfo(name: entry.name.map { String(cString: $0) } ?? "",
                                    identifier: String(cString: identifier),
                                    languages: Self.languages(entry.languages)))
        }
        return voices
    }

    /// espeak_VOICE.languages: repeated (priority byte, NUL-terminated name), ended by a zero byte.
    private static func languages(_ field: UnsafePointer<CChar>?) -> [String] {
        guard var p = field else { return [] }
        var result: [String] = []
        while p.pointee != 0 {
            let name = p + 1
            let length = strlen(name)
            if length > 0 { result.append(String(cString: name)) }
            p = name + length + 1
        }
        return result
    }

    /// Where the synth callback appends the samples of one render.
    private final class SampleBuffer {
        var samples: [Int16] = []
    }
}
