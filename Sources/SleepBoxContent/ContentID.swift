import SleepBoxCore
import SleepBoxSystem

/// The rules for item ids and the file names content files refer to, so that nothing a content
/// file says can reach outside its folder: lowercase `a-z`, digits and hyphens only (so no `/`,
/// no `..`, no hidden files), at most 48 characters.
public enum ContentID {
    /// The longest id allowed.
    public static let maxLength = 48

    /// The extensions an audio item's file may have.
    public static let audioExtensions = ["ogg", "opus", "flac", "wav", "mp3"]

    /// Why `id` is not a valid id (a message that says what to do), or nil when it is valid.
    public static func problem(with id: String) -> String? {
        if id.isEmpty { return "the id is empty: name the file after the item, e.g. story-night-train.txt" }
        if id.count > maxLength {
            return "the id \(Quoting.quoted(id)) is \(id.count) characters long; at most \(maxLength) are allowed: shorten the file name"
        }
        if id.contains("/") || id.contains("..") {
            return "the id \(Quoting.quoted(id)) contains \(id.contains("/") ? "\"/\"" : "\"..\""); ids use only a-z, 0-9 and -"
        }
        let allowed = id.unicodeScalars.allSatisfy { isAllowed($0) }
        if !allowed {
            let lowered = id.lowercased()
            let hint = lowered != id && lowered.unicodeScalars.allSatisfy({ isAllowed($0) })
                ? "; write it in lowercase: \(Quoting.quoted(lowered))" : ""
            return "the id \(Quoting.quoted(id)) may contain only lowercase letters a-z, digits 0-9 and hyphens -\(hint)"
        }
        if OwnerMix.isOwnerID(id) {
            return "the id \(Quoting.quoted(id)) starts with \"\(OwnerMix.idPrefix)\", kept for the mixes made on the box: rename the file"
        }
        return nil
    }

    /// True when `id` follows the rules.
    public static func isValid(_ id: String) -> Bool { problem(with: id) == nil }

    /// A hint when a valid id is hard to read (starts or ends with a hyphen, or has two in a row).
    public static func readabilityHint(for id: String) -> String? {
        guard isValid(id) else { return nil }
        if id.hasPrefix("-") || id.hasSuffix("-") || id.contains("--") {
            return "the id \(Quoting.quoted(id)) is hard to read: start and end it with a letter or digit and use single hyphens between words"
        }
        return nil
    }

    /// Why `name` is not a valid audio file name for a recording (a message that says what to
    /// do), or nil when it is: an id-like stem and one of `audioExtensions`.
    public static func audioFileProblem(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return "\(Quoting.quoted(name)) has no extension; name the file <name>.ogg, .opus, .flac, .wav or .mp3"
        }
        let stem = String(name[..<dot])
        let ext = String(name[name.index(after: dot)...])
        if name.contains("/") || name.contains("\\") {
            return "\(Quoting.quoted(name)) is not a bare file name: put the audio file in the same folder as the .toml and write only its name"
        }
        guard audioExtensions.contains(ext) else {
            return "\(Quoting.quoted(name)): .\(ext) is not an audio format the box plays (.ogg, .opus, .flac, .wav or .mp3)"
        }
        if let problem = problem(with: stem) {
            return "\(Quoting.quoted(name)): the name before .\(ext) follows the id rules: " + problem
        }
        return nil
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }
}
