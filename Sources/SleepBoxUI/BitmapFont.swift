/// A proportional one-bit font: a bitmap per character, drawn top-aligned in a cell of
/// `lineHeight` rows and followed by `spacing` blank columns.
///
/// Characters without a glyph are first mapped to a close ASCII look-alike (curly quotes,
/// dashes, common accented letters); anything else is drawn as the placeholder box.
public struct BitmapFont: Sendable {
    /// Height of a text line's cell in pixels (glyphs may use all of it, e.g. descenders).
    public let lineHeight: Int
    /// Height of capitals and digits from the top of the cell.
    public let capHeight: Int
    /// Blank columns after each glyph.
    public let spacing: Int
    private let glyphs: [Character: Bitmap]
    private let placeholder: Bitmap

    /// A font from its glyphs; `placeholder` is drawn for characters it cannot show.
    public init(lineHeight: Int, capHeight: Int, spacing: Int, glyphs: [Character: Bitmap], placeholder: Bitmap) {
        self.lineHeight = lineHeight
        self.capHeight = capHeight
        self.spacing = spacing
        self.glyphs = glyphs
        self.placeholder = placeholder
    }

    /// True when the font has its own glyph for `character` (no look-alike, no placeholder).
    public func hasGlyph(for character: Character) -> Bool { glyphs[character] != nil }

    /// The bitmap drawn for `character`.
    public func glyph(for character: Character) -> Bitmap {
        if let glyph = glyphs[character] { return glyph }
        if let substitute = BitmapFont.lookAlikes[character], let glyph = glyphs[substitute] { return glyph }
        return placeholder
    }

    /// The width of `text` in pixels, without the spacing after the last glyph.
    public func width(of text: String) -> Int {
        var total = 0
        for character in text { total += glyph(for: character).width + spacing }
        return max(0, total - spacing)
    }

    /// Draws `text` with the top of its cell at `y`, starting at column `x`; returns the
    /// column just after the last glyph (including its spacing).
    @discardableResult
    public func draw(_ text: String, x: Int, y: Int, in framebuffer: inout Framebuffer, _ on: Bool = true) -> Int {
        var cursor = x
        for character in text {
            let bitmap = glyph(for: character)
            framebuffer.draw(bitmap, x: cursor, y: y, on)
            cursor += bitmap.width + spacing
        }
        return cursor
    }

    /// `text` shortened to at most `width` pixels, ending in "…" when anything was cut (trailing
    /// spaces before the "…" left out); with `atWord`, cut after a whole word where one fits
    /// ("Isochronic Alpha…", not "Isochronic Alpha 1…"). One pass over the text, however long:
    /// each glyph is measured once, and the walk stops at the first glyph past `width`.
    public func truncated(_ text: String, toWidth width: Int, atWord: Bool = false) -> String {
        let ellipsis = self.width(of: "…")
        // Widths with each glyph's spacing after it: the kept text plus "…" measures
        // `keptAdvance + ellipsis`.
        var advance = 0
        /// The end of the longest prefix (trailing spaces left out) that fits with "…" after it.
        var fitEnd: String.Index?
        /// The same, ending at the end of a word (a space follows it).
        var wordFitEnd: String.Index?
        var advanceToLastWord = 0
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " ", previous != " ", advanceToLastWord + ellipsis <= width { wordFitEnd = index }
            advance += glyph(for: character).width + spacing
            let next = text.index(after: index)
            if next == text.endIndex {
                // All of it: kept whole when it fits without "…".
                if advance - spacing <= width { return text }
                break
            }
            if character != " " { advanceToLastWord = advance }
            // Past the width even before "…": no longer prefix can fit, and the whole text does not.
            if advance - spacing > width { break }
            if character != " ", advanceToLastWord + ellipsis <= width { fitEnd = next }
            previous = character
            index = next
        }
        if text.isEmpty, 0 <= width { return text }
        if atWord, let wordFitEnd { return String(text[..<wordFitEnd]) + "…" }
        if let fitEnd {
            var kept = text[..<fitEnd]
            while kept.last == " " { kept = kept.dropLast() }
            return String(kept) + "…"
        }
        return ellipsis <= width ? "…" : ""
    }

    /// `text` broken into at most `maxLines` lines of at most `width` pixels, at spaces where
    /// possible and inside over-long words otherwise; the last line ends in "…" when text is left over.
    public func wrapped(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if self.width(of: candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            for character in word {
                if !current.isEmpty && self.width(of: current + String(character)) > width {
                    lines.append(current)
                    current = ""
                }
                current.append(character)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines - 1))
        kept.append(truncated(lines[(maxLines - 1)...].joined(separator: " "), toWidth: width))
        return kept
    }

    /// Characters drawn with another character's glyph.
    private static let lookAlikes: [Character: Character] = [
        "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": ",", "\u{201C}": "\"", "\u{201D}": "\"",
        "\u{2013}": "-", "\u{2014}": "-", "\u{2212}": "-", "\u{00A0}": " ", "\t": " ",
        "\u{00B7}": ".", "\u{2022}": ".",
        "à": "a", "á": "a", "â": "a", "ä": "a", "ã": "a", "å": "a",
        "è": "e", "é": "e", "ê": "e", "ë": "e",
        "ì": "i", "í": "i", "î": "i", "ï": "i",
        "ò": "o", "ó": "o", "ô": "o", "ö": "o", "õ": "o", "ø": "o",
        "ù": "u", "ú": "u", "û": "u", "ü": "u", "ñ": "n", "ç": "c", "ý": "y", "ÿ": "y", "ß": "s",
        "À": "A", "Á": "A", "Â": "A", "Ä": "A", "Ã": "A", "Å": "A",
        "È": "E", "É": "E", "Ê": "E", "Ë": "E",
        "Ì": "I", "Í": "I", "Î": "I", "Ï": "I",
        "Ò": "O", "Ó": "O", "Ô": "O", "Ö": "O", "Õ": "O", "Ø": "O",
        "Ù": "U", "Ú": "U", "Û": "U", "Ü": "U", "Ñ": "N", "Ç": "C", "Ý": "Y",
    ]
}
