import SleepBoxCore

extension ScreenRenderer {
    /// Top of the pairing code's big digits.
    static let pairingCodeY = 14

    /// The pairing page: its title on top, the code in big digits, the address and the time left
    /// below; with no code, what to do (centred under the title).
    static func drawPairing(_ pairing: PairingScreen, in framebuffer: inout Framebuffer) {
        drawCentered(pairing.title, y: 3, in: &framebuffer)
        if let code = pairing.code {
            drawBigClock(code, y: pairingCodeY, in: &framebuffer)
            for (index, line) in pairing.lines.prefix(2).enumerated() {
                drawCentered(line, y: Layout.bottomLineY - 10 + index * 10, in: &framebuffer)
            }
            return
        }
        let pitch = 11
        let lines = Array(pairing.lines.prefix(3))
        let blockHeight = lines.count * pitch - (pitch - BitmapFont.small.capHeight)
        let top = 14 + (Framebuffer.height - 14 - blockHeight) / 2
        for (index, line) in lines.enumerated() {
            drawCentered(line, y: top + index * pitch, in: &framebuffer)
        }
    }
}
