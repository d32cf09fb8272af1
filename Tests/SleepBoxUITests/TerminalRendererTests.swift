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

@Suite struct TerminalBrailleTests {
    @Test func brailleFitsAnEightyColumnTerminal() {
        var framebuffer = Framebuffer()
        framebuffer.set(x: 0, y: 0)                              // dot 1 of the first cell
        framebuffer.set(x: 1, y: 3)                              // dot 8 of the first cell
        framebuffer.set(x: 127, y: 63)                           // dot 8 of the last cell
        let lines = TerminalRenderer.render(framebuffer, style: .braille).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 18)
        #expect(lines.allSatisfy { $0.count == 66 })
        #expect(Array(lines[1])[1] == "\u{2881}")
        #expect(Array(lines[16])[64] == "\u{2880}")
        #expect(Array(lines[16])[63] == "\u{2800}")
    }

    @Test func theStyleFollowsTheTerminalWidth() {
        #expect(TerminalRenderer.Style.fitting(columns: 200) == .halfBlocks)
        #expect(TerminalRenderer.Style.fitting(columns: 130) == .halfBlocks)
        #expect(TerminalRenderer.Style.fitting(columns: 129) == .braille)
        #expect(TerminalRenderer.Style.fitting(columns: 80) == .braille)
        #expect(TerminalRenderer.Style.fitting(columns: 65) == nil)
    }
}
