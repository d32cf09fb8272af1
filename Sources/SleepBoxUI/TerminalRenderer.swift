/// Draws a framebuffer as text for a terminal, inside a thin box border by default, in one of two
/// styles:
/// - `.halfBlocks`: each character shows two pixel rows with the Unicode half blocks " ", "▀", "▄"
///   and "█": 32 lines of 128 characters (130 columns with the border), the truest picture;
/// - `.braille`: each character is a Braille cell of 2x4 pixels: 16 lines of 64 characters
///   (66 with the border), for a terminal of 80 columns.
public enum TerminalRenderer {
    public enum Style: Sendable, Equatable {
        case halfBlocks
        case braille

        /// Columns the picture needs with its border.
        public var columns: Int { self == .halfBlocks ? Framebuffer.width + 2 : Framebuffer.width / 2 + 2 }
        /// Lines the picture needs with its border.
        public var lines: Int { self == .halfBlocks ? Framebuffer.height / 2 + 2 : Framebuffer.height / 4 + 2 }

        /// The truest style that fits a terminal `columns` wide, or nil when none does.
        public static func fitting(columns: Int) -> Style? {
            if columns >= Style.halfBlocks.columns { return .halfBlocks }
            if columns >= Style.braille.columns { return .braille }
            return nil
        }
    }

    /// The framebuffer as lines joined by "\n".
    public static func render(_ framebuffer: Framebuffer, border: Bool = true, style: Style = .halfBlocks) -> String {
        let body = style == .halfBlocks ? halfBlockLines(framebuffer) : brailleLines(framebuffer)
        guard border, let width = body.first?.count else { return body.joined(separator: "\n") }
        let rule = String(repeating: "─", count: width)
        return (["┌" + rule + "┐"] + body.map { "│" + $0 + "│" } + ["└" + rule + "┘"]).joined(separator: "\n")
    }

    private static func halfBlockLines(_ framebuffer: Framebuffer) -> [String] {
        stride(from: 0, to: Framebuffer.height, by: 2).map { row in
            var line = ""
            line.reserveCapacity(Framebuffer.width * 3)
            for x in 0..<Framebuffer.width {
                switch (framebuffer.pixel(x: x, y: row), framebuffer.pixel(x: x, y: row + 1)) {
                case (false, false): line.append(" ")
                case (true, false): line.append("▀")
                case (false, true): line.append("▄")
                case (true, true): line.append("█")
                }
            }
            return line
        }
    }

    /// The dots of a Braille cell, by pixel (column, row) within the 2x4 cell: U+2800 plus these bits.
    private static let brailleDots: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    private static func brailleLines(_ framebuffer: Framebuffer) -> [String] {
        stride(from: 0, to: Framebuffer.height, by: 4).map { row in
            var line = ""
            line.reserveCapacity(Framebuffer.width / 2 * 3)
            for x in stride(from: 0, to: Framebuffer.width, by: 2) {
                var bits: UInt32 = 0
                for dx in 0..<2 {
                    for dy in 0..<4 where framebuffer.pixel(x: x + dx, y: row + dy) { bits |= brailleDots[dx][dy] }
                }
                line.unicodeScalars.append(Unicode.Scalar(0x2800 + bits) ?? " ")
            }
            return line
        }
    }
}
