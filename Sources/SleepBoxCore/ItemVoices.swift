/// A voice that reads items aloud, as the detail page names it.
public enum VoiceName: Sendable, Equatable {
    /// The natural voice (Piper with the bundled US English male voice).
    case natural
    /// espeak-ng with this voice ("en-us", "de").
    case espeak(String)
    /// Piper with the owner's model of this name ("en_GB-alba-medium").
    case piper(String)

    /// How the owner reads it, e.g. "Joe, natural voice (US, male)" or "espeak-ng de".
    public func text(_ words: Words) -> String {
        switch self {
        case .natural: return words(.voiceNatural)
        case .espeak(let name): return words(.voiceEspeak, ["name": name])
        case .piper(let name): return words(.voicePiper, ["name": name])
        }
    }

    /// The same in plain English words for `sleepbox content list --json`.
    public var plain: String {
        switch self {
        case .natural: return "natural voice (en_US-joe-medium, male)"
        case .espeak(let name): return "espeak-ng \(name)"
        case .piper(let name): return "piper \(name)"
        }
    }
}

/// Which voice reads a spoken item: the box's voice for items in the box's language, an
/// espeak-ng voice of the item's language for the others (as the sound side makes them).
public struct ItemVoices: Sendable, Equatable {
    /// The box's voice when the box is set to each language (the natural voice reads English only).
    public var box: [Language: VoiceName]
    /// The voices of items in a language other than the box's, by language code ("en", "de").
    public var other: [String: VoiceName]

    public init(box: [Language: VoiceName] = [:], other: [String: VoiceName] = [:]) {
        self.box = box
        self.other = other
    }

    /// The voice that reads an item in `language` (a code; nil counts as English, as the
    /// program builder takes it) on a box set to `boxLanguage`; nil when not known.
    public func voice(forItemIn language: String?, boxLanguage: Language) -> VoiceName? {
        let code = ItemVoices.code(language)
        if code == boxLanguage.rawValue { return box[boxLanguage] }
        return other[code] ?? box[boxLanguage]
    }

    /// The language part of a code, lowercased ("en-US" -> "en"); "en" when there is none.
    public static func code(_ language: String?) -> String {
        let code = String((language ?? "en").lowercased().prefix { $0.isLetter })
        return code.isEmpty ? "en" : code
    }
}
