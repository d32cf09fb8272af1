import SleepBoxCore
import Testing
@testable import SleepBoxUI

@Suite struct BitmapFontTests {
    let small = BitmapFont.small

    /// The lit pixels inside `rect`, as rows of "#" and ".".
    func art(_ framebuffer: Framebuffer, _ rect: PixelRect) -> String {
        (rect.y..<rect.maxY).map { y in
            String((rect.x..<rect.maxX).map { framebuffer.pixel(x: $0, y: y) ? "#" : "." })
        }.joined(separator: "\n")
    }

    @Test func drawsGlyphPixelsExactlyWhereAsked() {
        var framebuffer = Framebuffer()
        let end = small.draw("A", x: 10, y: 20, in: &framebuffer)
        #expect(end == 10 + 5 + 1)
        #expect(art(framebuffer, PixelRect(x: 9, y: 19, width: 7, height: 9)) == """
            .......
            ..###..
            .#...#.
            .#...#.
            .#####.
            .#...#.
            .#...#.
            .#...#.
            .......
            """)
        #expect(framebuffer.litCount == Bitmap(art: small.glyph(for: "A").art).litCount)
    }

    @Test func descendersUseTheEighthRow() {
        var framebuffer = Framebuffer()
        small.draw("g", x: 0, y: 0, in: &framebuffer)
        #expect(framebuffer.litBounds == PixelRect(x: 0, y: 2, width: 5, height: 6))
    }

    @Test func coversPrintableASCIIAndEllipsis() {
        for code in 32...126 {
            let character = Character(Unicode.Scalar(UInt8(code)))
            #expect(small.hasGlyph(for: character), "no glyph for \(character)")
            let glyph = small.glyph(for: character)
            #expect(glyph.width >= 1 && glyph.width <= 5, "width of \(character)")
            #expect(glyph.height <= 8, "height of \(character)")
        }
        #expect(small.hasGlyph(for: "…"))
        for digit in "0123456789" {
            #expect(small.glyph(for: digit).width == 5)
        }
    }

    @Test func glyphsAreDistinct() {
        var seen: [Bitmap: Character] = [:]
        for code in 33...126 {
            let character = Character(Unicode.Scalar(UInt8(code)))
            let glyph = small.glyph(for: character)
            #expect(seen[glyph] == nil || ["0", "O"].contains(character), "\(character) looks like \(seen[glyph].map(String.init) ?? "")")
            seen[glyph] = character
        }
    }

    @Test func unknownCharactersBecomeAVisibleBox() {
        let box = small.glyph(for: "☃")
        #expect(box.width == 5 && box.height == 7)
        #expect(box.isLit(x: 0, y: 0) && box.isLit(x: 4, y: 6) && !box.isLit(x: 2, y: 3))
        var framebuffer = Framebuffer()
        small.draw("☃", x: 0, y: 0, in: &framebuffer)
        #expect(framebuffer.litCount == 20)
        // Accented letters and typographic punctuation fall back to look-alikes, not the box.
        #expect(small.glyph(for: "é") == small.glyph(for: "e"))
        #expect(small.glyph(for: "’") == small.glyph(for: "'"))
        #expect(small.glyph(for: "—") == small.glyph(for: "-"))
    }

    @Test func measuresText() {
        #expect(small.width(of: "") == 0)
        #expect(small.width(of: "A") == 5)
        #expect(small.width(of: "Hi") == 5 + 1 + 1)
        #expect(small.width(of: "12:34") == 4 * 5 + 1 + 4)
        var framebuffer = Framebuffer()
        small.draw("Sleep timer", x: 0, y: 0, in: &framebuffer)
        #expect(framebuffer.litBounds?.width == small.width(of: "Sleep timer"))
    }

    @Test func truncatesWithEllipsis() {
        #expect(small.truncated("Short", toWidth: 100) == "Short")
        let cut = small.truncated("The Love Song of J. Alfred Prufrock", toWidth: 60)
        #expect(cut.hasSuffix("…"))
        #expect(small.width(of: cut) <= 60)
        #expect(!cut.dropLast().hasSuffix(" "))
        #expect(small.truncated("Anything", toWidth: 0) == "")
    }

    @Test func wrapsToAtMostTheGivenLines() {
        #expect(small.wrapped("Body Scan", width: 105, maxLines: 2) == ["Body Scan"])
        let two = small.wrapped("Yoga Nidra for Deep Sleep", width: 105, maxLines: 2)
        #expect(two == ["Yoga Nidra for Deep", "Sleep"])
        let cut = small.wrapped("The Love Song of J. Alfred Prufrock and Other Observations", width: 105, maxLines: 2)
        #expect(cut.count == 2)
        #expect(cut[1].hasSuffix("…"))
        #expect(cut.allSatisfy { small.width(of: $0) <= 105 })
        let longWord = small.wrapped("Supercalifragilisticexpialidocious", width: 60, maxLines: 3)
        #expect(longWord.count == 3 && longWord.allSatisfy { small.width(of: $0) <= 60 })
        #expect(small.wrapped("", width: 50, maxLines: 2).isEmpty)
        #expect(small.wrapped("x", width: 50, maxLines: 0).isEmpty)
    }

    @Test func bigDigitsAreUniformAndLarge() {
        let big = BitmapFont.bigDigits
        for digit in "0123456789" {
            #expect(big.hasGlyph(for: digit))
            let glyph = big.glyph(for: digit)
            #expect(glyph.width == 15 && glyph.height == 26, "size of \(digit)")
            #expect(glyph.litCount > 80, "\(digit) is too faint")
        }
        #expect(big.hasGlyph(for: ":"))
        #expect(big.width(of: "12:34") == 4 * 15 + 4 + 4 * 3)
        let digits = "0123456789".map { big.glyph(for: $0) }
        #expect(Set(digits.map(\.art)).count == 10)
    }

    @Test func coversEveryCharacterOfTheStringTable() {
        var checked = 0
        for (language, entries) in StringTable.standard.entries {
            for (key, text) in entries {
                for character in text {
                    #expect(small.hasGlyph(for: character), "no glyph for \(character) in \(key) (\(language))")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
        #expect(StringTable.standard.entries.keys.count == Language.allCases.count)
    }

    @Test func germanLettersHaveTheirOwnGlyphs() {
        let plain: [Character: Character] = ["ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U", "ß": "s"]
        var seen = Set<Bitmap>()
        for (letter, base) in plain {
            #expect(small.hasGlyph(for: letter))
            let glyph = small.glyph(for: letter)
            #expect(glyph != small.glyph(for: base), "\(letter) looks like \(base)")
            #expect(glyph.width == 5 || (letter == "ß" && glyph.width == 4), "width of \(letter)")
            #expect(glyph.height == 7, "height of \(letter)")
            seen.insert(glyph)
        }
        #expect(seen.count == plain.count)
        // The lower-case umlauts are their base letter with two dots on the top row.
        for (letter, base) in [("ä", "a"), ("ö", "o"), ("ü", "u")] as [(Character, Character)] {
            let lines = small.glyph(for: letter).art.split(separator: "\n")
            #expect(lines[0] == ".#.#." && lines[1] == ".....")
            #expect(lines[2...].joined(separator: "\n") == small.glyph(for: base).art.split(separator: "\n")[2...]
                .joined(separator: "\n"))
        }
    }
}
