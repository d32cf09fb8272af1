import SleepBoxCore

extension ScreenRenderer {
    /// Top of the completion screen's first line under what was done.
    static let completionLinesY = 30
    /// Rows between the completion screen's lines.
    static let completionLinePitch = 11

    /// The end of a practice: "Well done" on top over a dotted rule, what was done, then its
    /// lines (the minutes, the breath cycles, the streak), each centred.
    static func drawCompletion(_ completion: CompletionScreen, in framebuffer: inout Framebuffer) {
        drawCentered(completion.title, y: 3, in: &framebuffer)
        drawDottedRule(y: 13, in: &framebuffer)
        drawCentered(completion.subject, y: 18, in: &framebuffer)
        for (index, line) in completion.lines.prefix(3).enumerated() {
            drawCentered(line, y: completionLinesY + index * completionLinePitch, in: &framebuffer)
        }
    }
}
