import Foundation
import SleepBoxContent
import SleepBoxCore

extension ContentTool {
    /// An added item: where it was written and what checking it found. When an issue is an
    /// error the item was not kept (`kept` is false and the file is gone).
    public struct Addition: Sendable, Equatable {
        public var id: String
        public var path: String
        public var issues: [String]
        public var kept: Bool
    }

    /// Adds the owner's item: an audio file is copied into `recordings/` with a header next to
    /// it; a text gets a header and goes into its kind's folder, to be read by the voice.
    public func add(kind: Kind, title: String, author: String, source: String?, file: String) throws -> Addition {
        let id = Self.id(from: title)
        if let problem = ContentID.problem(with: id) { throw ContentToolError.unusableTitle(problem: problem) }
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        let written: String
        if ContentID.audioExtensions.contains(ext) {
            let dir = userFolder + "/" + ContentFolder.recordings.rawValue
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let audioName = id + "." + ext
            try? FileManager.default.removeItem(atPath: dir + "/" + audioName)
            try FileManager.default.copyItem(atPath: file, toPath: dir + "/" + audioName)
            written = dir + "/" + id + ".toml"
            let toml = """
                title = \(Self.tomlString(title))
                kind = "\(kind.rawValue)"
                author = \(Self.tomlString(author))
                narrator = \(Self.tomlString(author))
                description = \(Self.tomlString(title))
                audio = "\(audioName)"

                """
            try toml.write(toFile: written, atomically: true, encoding: .utf8)
        } else {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw ContentToolError.unreadableText(path: file) }
            let dir = userFolder + "/" + Self.folder(for: kind).rawValue
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            written = dir + "/" + id + ".txt"
            var header = "title: \(title)\nkind: \(kind.rawValue)\nauthor: \(author)\n"
            if let source { header += "source: \(source)\n" }
            try (header + "---\n" + text).write(toFile: written, atomically: true, encoding: .utf8)
        }
        let issues = ContentLibrary.checkFile(at: written)
        let kept = !issues.contains { $0.severity == .error }
        if !kept { try? FileManager.default.removeItem(atPath: written) }
        return Addition(id: id, path: written, issues: issues.map(\.description), kept: kept)
    }

    /// "The Lake Isle of Innisfree" -> "my-the-lake-isle-of-innisfree".
    static func id(from title: String) -> String {
        var out = ""
        for ch in title.lowercased().folding(options: .diacriticInsensitive, locale: nil) {
            if ch.isASCII && (ch.isLetter || ch.isNumber) { out.append(ch) } else if !out.hasSuffix("-") && !out.isEmpty { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return "my-" + String(out.prefix(ContentID.maxLength - 3)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    static func tomlString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func folder(for kind: Kind) -> ContentFolder {
        switch kind {
        case .yogaNidra: return .yogaNidra
        case .breathing: return .breathing
        case .meditation: return .meditations
        case .hypnosis: return .hypnosis
        case .affirmation: return .affirmations
        case .story: return .stories
        case .poem: return .poems
        case .ambient: return .ambient
        }
    }
}
