import SleepBoxCore

extension ScreenRenderer {
    /// Centres of the three transition dots.
    static let transitionDotCentres = [(x: 47, y: 31), (x: 63, y: 31), (x: 79, y: 31)]

    /// Three dots in a row; the lit one large and filled, the others small rings. Any integer is
    /// accepted for `litDot` (taken modulo 3), so a frame counter can drive the pulse.
    static func drawTransition(litDot: Int, in framebuffer: inout Framebuffer) {
        let lit = ((litDot % 3) + 3) % 3
        for (index, centre) in transitionDotCentres.enumerated() {
            let dot = (index == lit ? Icon.dotLit : Icon.dotUnlit).bitmap
            framebuffer.draw(dot, x: centre.x - dot.width / 2, y: centre.y - dot.height / 2)
        }
    }

    /// The title (two lines at most), a short rule, and "Coming soon", centred as a block.
    static func drawComingSoon(title: String, words: Words, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        let lines = wrap(title, width: Layout.content.width - 4, maxLines: 2, in: &framebuffer)
        let blockHeight = lines.count * 10 + 5 + 1 + 6 + font.capHeight
        var y = (Framebuffer.height - blockHeight) / 2
        for line in lines {
            drawCentered(line, y: y, in: &framebuffer)
            y += 10
        }
        y += 5
        framebuffer.hline(x: Framebuffer.width / 2 - 12, y: y, width: 24)
        y += 7
        IconLabel(icon: .hourglassSmall, text: words(.comingSoon)).drawCentered(y: y - 1, in: &framebuffer)
    }

    /// Up to three centred lines, the block centred vertically.
    static func drawMessage(_ text: String, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        let lines = wrap(text, width: Layout.content.width - 4, maxLines: 3, in: &framebuffer)
        let pitch = 11
        let blockHeight = lines.count * pitch - (pitch - font.capHeight)
        let top = (Framebuffer.height - blockHeight) / 2
        for (index, line) in lines.enumerated() {
            drawCentered(line, y: top + index * pitch, in: &framebuffer)
        }
    }
}
