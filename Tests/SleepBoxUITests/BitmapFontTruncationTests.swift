import Testing
@testable import SleepBoxUI

/// `truncated` keeps the longest start that fits before "…", in one pass however long the text.
@Suite struct BitmapFontTruncationTests {
    let small = BitmapFont.small

    /// What `truncated` must return, found the slow way: every start of the text, longest first.
    func reference(_ text: String, _ width: Int) -> String {
        if small.width(of: text) <= width { return text }
        var kept = Substring(text)
        while !kept.isEmpty {
            kept = kept.dropLast()
            var trimmed = kept
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            let candidate = String(trimmed) + "…"
            if small.width(of: candidate) <= width { return candidate }
        }
        return small.width(of: "…") <= width ? "…" : ""
    }

    @Test func keepsTheLongestStartThatFitsBeforeTheEllipsis() {
        let texts = ["", "a", "ab", "Short", "The Love Song of J. Alfred Prufrock", "a   b   c   d   e", "    ", "x  ",
                     "Wide MMMMMMMM words", "é ö ü ß — “quotes” ‘too’", "Yoga Nidra for Deep Sleep"]
        for text in texts {
            for width in [-1, 0, 1, 3, 4, 5, 6, 10, 17, 30, 60, 105, 128, 400] {
                #expect(small.truncated(text, toWidth: width) == reference(text, width), "\"\(text)\" in \(width) px")
            }
        }
    }

    /// A million characters: the slow way measured the whole text again for every character
    /// dropped (half a trillion glyph look-ups); one pass stops at the display's width.
    @Test(.timeLimit(.minutes(1)))
    func aTitleOfAMillionCharactersIsCutInOnePass() {
        let title = String(repeating: "Long title ", count: 100_000)
        let cut = small.truncated(title, toWidth: 120)
        #expect(cut == reference(String(title.prefix(60)), 120))
        #expect(cut.hasSuffix("…") && small.width(of: cut) <= 120)
    }
}
