/// Draws a framebuffer as text for a terminal: each character shows two pixel rows with the
/// Unicode half blocks " ", "▀", "▄" and "█", giving 32 lines of 128 characters, inside a thin
/// box border by default.
public enum TerminalRenderer {
    /// The framebuffer as lines joined by "\n" (34 lines with the border, 32 without).
    public static func render(_ framebuffer: Framebuffer, border: Bool = true) -> String {
        var lines: [String] = []
        lines.reserveCapacity(Framebuffer.height / 2 + 2)
        let rule = String(repeating: "─", count: Framebuffer.width)
        if border { lines.append("┌" + rule + "┐") }
        for row in stride(from: 0, to: Framebuffer.height, by: 2) {
            var line = ""
            line.reserveCapacity(Framebuffer.width * 3 + 6)
            for x in 0..<Framebuffer.width {
                switch (framebuffer.pixel(x: x, y: row), framebuffer.pixel(x: x, y: row + 1)) {
                case (false, false): line.append(" ")
                case (true, false): line.append("▀")
                case (false, true): line.append("▄")
                case (true, true): line.append("█")
                }
            }
            lines.append(border ? "│" + line + "│" : line)
        }
        if border { lines.append("└" + rule + "┘") }
        return lines.joined(separator: "\n")
    }
}
