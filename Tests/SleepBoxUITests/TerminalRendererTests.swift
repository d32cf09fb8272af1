import Testing
@testable import SleepBoxUI

@Suite struct TerminalRendererTests {
    @Test func drawsTwoPixelRowsPerLineInABox() {
        var framebuffer = Framebuffer()
        framebuffer.set(x: 0, y: 0)                              // top half only
        framebuffer.set(x: 1, y: 1)                              // bottom half only
        framebuffer.set(x: 2, y: 0); framebuffer.set(x: 2, y: 1) // both
        framebuffer.set(x: 127, y: 63)
        let lines = TerminalRenderer.render(framebuffer).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 34)
        #expect(lines.allSatisfy { $0.count == 130 })
        #expect(lines[0].first == "┌" && lines[33].last == "┘")
        let first = Array(lines[1])
        #expect(first[0] == "│" && first[1] == "▀" && first[2] == "▄" && first[3] == "█" && first[4] == " ")
        #expect(Array(lines[32])[128] == "▄")
    }

    @Test func rendersWithoutBorder() {
        let lines = TerminalRenderer.render(Framebuffer(), border: false).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 32)
        #expect(lines.allSatisfy { $0.count == 128 && $0.allSatisfy { $0 == " " } })
    }
}
