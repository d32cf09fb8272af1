extension BitmapFont {
    /// The night's large clock (`IdleFace.largeClock`): the big digits stretched to half as wide
    /// again and twice as tall, 22x52, so "06:45" fills the panel and reads from the pillow
    /// without glasses.
    public static let largeDigits: BitmapFont = {
        let glyphs = bigDigitGlyphs().mapValues { glyph in
            glyph.scaled(width: glyph.width * 3 / 2, height: glyph.height * 2)
        }
        let placeholder = glyphs["-"] ?? Bitmap(width: 22, height: 52)
        return BitmapFont(lineHeight: 52, capHeight: 52, spacing: 4, glyphs: glyphs, placeholder: placeholder)
    }()
}
