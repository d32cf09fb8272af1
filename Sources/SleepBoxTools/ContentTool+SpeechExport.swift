import Foundation
import SleepBoxContent
import SleepBoxSound
import SleepBoxSpeech
import SleepBoxSystem

extension ContentTool {
    /// What `exportSpeech` copied.
    public struct SpeechExport: Sendable, Equatable {
        /// Clip files written (one per distinct stretch of speech).
        public var clips: Int
        /// Their total size in bytes.
        public var bytes: Int
        /// Seconds of speech in them.
        public var seconds: Double
        /// Stretches rendered now because the cache lacked them (or held them damaged).
        public var rendered: Int
    }

    /// The box's voice when `exportSpeech(to: folder)` can work: the natural voice speaks, and
    /// `folder` is a folder or not there yet. Checked before the library is rendered, so a mistake
    /// is said at once, not after the render.
    @discardableResult
    public func checkSpeechExport(to folder: String) throws -> CachedSpeech {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw ContentToolError.speechExport("\(folder) is not a folder")
        }
        guard let boxVoice = content.voice, content.voiceChoice.isServed else {
            throw ContentToolError.speechExport("the box's voice is \(content.voiceChoice), not the natural voice: "
                                                + "run `make voice` (or set SLEEPBOX_VOICE_ENV to the voice's environment)")
        }
        return boxVoice
    }

    /// Copies the clip of every stretch of speech the bundled library says (every available
    /// script and timeline, every option of its interjections), as the speech cache keeps it
    /// (`<key>.flac`, the key of the voice that reads the item), into `folder`: the contents of
    /// the `sleepbox-speech` package, which the box reads before its own cache. Each clip is
    /// loaded and checked first; one the cache lacks is rendered now. Throws when the box's voice
    /// is not the natural voice (the package would hold another voice's speech), or when a
    /// stretch cannot be rendered, naming the item.
    public func exportSpeech(to folder: String) throws -> SpeechExport {
        let boxVoice = try checkSpeechExport(to: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ContentToolError.speechExport("cannot create \(folder): \(error)")
        }
        var export = SpeechExport(clips: 0, bytes: 0, seconds: 0, rendered: 0)
        var done: Set<String> = []
        for entry in content.library.entries where entry.origin == .bundled && entry.item.isAvailable {
            let voice = content.languageVoices[SpeechTiming.languageCode(entry.language)] ?? boxVoice
            for case .speech(let text, _, _) in entry.spokenParts.joined() where text.contains(where: { !$0.isWhitespace }) {
                let key = voice.key(for: text)
                guard done.insert(key).inserted else { continue }
                var clip = voice.cache.load(key: key)
                if clip == nil {
                    do { clip = try voice.voiceClip(text) } catch {
                        throw ContentToolError.speechExport("\(entry.id): \(error)")
                    }
                    export.rendered += 1
                }
                let bundled = voice.cache.bundled.flatMap { $0.contains(key: key) ? $0.path(forKey: key) : nil }
                let source = bundled ?? voice.cache.path(forKey: key)
                guard case .success(let bytes) = RegularFile.read(source, limit: 64 << 20) else {
                    throw ContentToolError.speechExport("\(entry.id): the clip of \"\(text.prefix(40))\" is not in \(source) "
                                                        + "(is [voice] cache_mb large enough for the library?)")
                }
                let target = folder + "/" + key + "." + SpeechCache.fileExtension
                guard FileManager.default.createFile(atPath: target, contents: Data(bytes)) else {
                    throw ContentToolError.speechExport("cannot write \(target)")
                }
                export.clips += 1
                export.bytes += bytes.count
                export.seconds += clip?.duration ?? 0
            }
        }
        return export
    }
}
