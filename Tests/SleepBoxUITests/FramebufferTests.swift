import Testing
@testable import SleepBoxUI

@Suite struct FramebufferTests {
    @Test func storesPixelsInSSD1306PageLayout() {
        var framebuffer = Framebuffer()
        framebuffer.set(x: 5, y: 10)    // page 1, bit 2
        framebuffer.set(x: 127, y: 63)  // page 7, bit 7
        #expect(framebuffer.bytes.count == 1024)
        #expect(framebuffer.bytes[1 * 128 + 5] == 0b0000_0100)
        #expect(framebuffer.bytes[7 * 128 + 127] == 0b1000_0000)
        #expect(Array(framebuffer.page(1))[5] == 0b0000_0100)
        #expect(framebuffer.page(1).count == 128)
        #expect(framebuffer.page(8).isEmpty)
        #expect(framebuffer.page(-1).isEmpty)
        #expect(framebuffer.pixel(x: 5, y: 10))
        #expect(!framebuffer.pixel(x: 5, y: 11))
        #expect(framebuffer.litCount == 2)
    }

    @Test func clearsPixels() {
        var framebuffer = Framebuffer()
        framebuffer.set(x: 3, y: 3)
        framebuffer.set(x: 3, y: 4)
        framebuffer.set(x: 3, y: 3, false)
        #expect(!framebuffer.pixel(x: 3, y: 3))
        #expect(framebuffer.pixel(x: 3, y: 4))
    }

    @Test func clipsOutOfRangeSilently() {
        var framebuffer = Framebuffer()
        for (x, y) in [(-1, 0), (0, -1), (128, 0), (0, 64), (Int.min, Int.max)] {
            framebuffer.set(x: x, y: y)
            #expect(!framebuffer.pixel(x: x, y: y))
        }
        #expect(framebuffer.isBlank)
        framebuffer.fill(PixelRect(x: 120, y: 60, width: 20, height: 20))
        #expect(framebuffer.litCount == 8 * 4)
        framebuffer.fill(PixelRect(x: -50, y: -50, width: 10, height: 10))
        #expect(framebuffer.litCount == 8 * 4)
    }

    @Test func initFromBytesNeedsExactly1024() {
        #expect(Framebuffer(bytes: [UInt8](repeating: 0, count: 1023)) == nil)
        let full = Framebuffer(bytes: [UInt8](repeating: 0xFF, count: 1024))
        #expect(full?.litCount == 128 * 64)
    }

    @Test func drawsLinesAndRectangles() {
        var framebuffer = Framebuffer()
        framebuffer.hline(x: 10, y: 5, width: 20)
        #expect(framebuffer.litCount == 20)
        #expect(framebuffer.pixel(x: 10, y: 5) && framebuffer.pixel(x: 29, y: 5) && !framebuffer.pixel(x: 30, y: 5))

        framebuffer = Framebuffer()
        framebuffer.vline(x: 7, y: 60, height: 10)
        #expect(framebuffer.litCount == 4)

        framebuffer = Framebuffer()
        framebuffer.strokeRect(PixelRect(x: 2, y: 2, width: 10, height: 5))
        #expect(framebuffer.litCount == 2 * 10 + 2 * 3)
        #expect(!framebuffer.pixel(x: 5, y: 4))

        framebuffer = Framebuffer()
        framebuffer.strokeRect(PixelRect(x: 2, y: 2, width: 10, height: 5), rounded: true)
        #expect(framebuffer.litCount == 2 * 10 + 2 * 3 - 4)
        #expect(!framebuffer.pixel(x: 2, y: 2))

        framebuffer = Framebuffer()
        framebuffer.fill(PixelRect(x: 0, y: 0, width: 4, height: 3))
        framebuffer.invert(PixelRect(x: 2, y: 0, width: 4, height: 3))
        #expect(framebuffer.litCount == 2 * 3 + 2 * 3)
        #expect(framebuffer.pixel(x: 1, y: 0) && !framebuffer.pixel(x: 2, y: 0) && framebuffer.pixel(x: 4, y: 0))
    }

    @Test func drawsBitmapsTransparently() {
        var framebuffer = Framebuffer()
        framebuffer.fill(PixelRect(x: 0, y: 0, width: 3, height: 1))
        framebuffer.draw(Bitmap(art: ".#.\n#.#"), x: 0, y: 0, false)
        #expect(framebuffer.pixel(x: 0, y: 0) && !framebuffer.pixel(x: 1, y: 0) && framebuffer.pixel(x: 2, y: 0))
        framebuffer.draw(Bitmap(art: ".#.\n#.#"), x: 0, y: 0)
        #expect(framebuffer.pixel(x: 0, y: 1) && !framebuffer.pixel(x: 1, y: 1) && framebuffer.pixel(x: 2, y: 1))
    }

    @Test func shiftMovesEveryPixel() {
        var framebuffer = Framebuffer()
        framebuffer.set(x: 10, y: 7)
        framebuffer.set(x: 126, y: 62)
        let moved = framebuffer.shifted(dx: 1, dy: 1)
        #expect(moved.pixel(x: 11, y: 8))
        #expect(moved.pixel(x: 127, y: 63))
        #expect(!moved.pixel(x: 10, y: 7))
        #expect(moved.litCount == 2)
        // Pixels pushed off the panel are dropped.
        #expect(framebuffer.shifted(dx: 2, dy: 0).litCount == 1)
        #expect(framebuffer.shifted(dx: -11, dy: 0).litCount == 1)
        #expect(framebuffer.shifted(dx: 0, dy: 0) == framebuffer)
    }

    @Test func reportsLitBounds() {
        var framebuffer = Framebuffer()
        #expect(framebuffer.litBounds == nil)
        framebuffer.set(x: 4, y: 9)
        framebuffer.set(x: 20, y: 3)
        #expect(framebuffer.litBounds == PixelRect(x: 4, y: 3, width: 17, height: 7))
    }
}

@Suite struct FramebufferCircleTests {
    /// The pixels around `centre` out to `reach`, as rows of "#" and ".".
    func art(_ framebuffer: Framebuffer, x: Int, y: Int, reach: Int) -> String {
        (y - reach...y + reach).map { row in
            String((x - reach...x + reach).map { framebuffer.pixel(x: $0, y: row) ? "#" : "." })
        }.joined(separator: "\n")
    }

    @Test func strokesTheMidpointCircle() {
        var framebuffer = Framebuffer()
        framebuffer.strokeCircle(centerX: 20, centerY: 20, radius: 3)
        #expect(art(framebuffer, x: 20, y: 20, reach: 4) == """
            .........
            ...###...
            ..#...#..
            .#.....#.
            .#.....#.
            .#.....#.
            ..#...#..
            ...###...
            .........
            """)
        var dot = Framebuffer()
        dot.strokeCircle(centerX: 5, centerY: 5, radius: 0)
        #expect(dot.litCount == 1 && dot.pixel(x: 5, y: 5))
        var none = Framebuffer()
        none.strokeCircle(centerX: 5, centerY: 5, radius: -1)
        none.fillCircle(centerX: 5, centerY: 5, radius: -1)
        #expect(none.isBlank)
    }

    @Test func fillsTheDiscInsideTheOutline() {
        var disc = Framebuffer()
        disc.fillCircle(centerX: 20, centerY: 20, radius: 3)
        #expect(art(disc, x: 20, y: 20, reach: 4) == """
            .........
            ...###...
            ..#####..
            .#######.
            .#######.
            .#######.
            ..#####..
            ...###...
            .........
            """)
        // For every radius: the outline lies inside the disc, on its edge, and both are symmetric.
        for radius in 0...30 {
            var outline = Framebuffer()
            var filled = Framebuffer()
            outline.strokeCircle(centerX: 63, centerY: 31, radius: radius)
            filled.fillCircle(centerX: 63, centerY: 31, radius: radius)
            #expect(outline.litBounds == PixelRect(x: 63 - radius, y: 31 - radius, width: 2 * radius + 1, height: 2 * radius + 1))
            #expect(filled.litBounds == outline.litBounds)
            for y in 0..<64 {
                for x in 0..<128 where outline.pixel(x: x, y: y) {
                    #expect(filled.pixel(x: x, y: y))
                    #expect(outline.pixel(x: 126 - x, y: y) && outline.pixel(x: x, y: 62 - y))
                }
            }
            // Each row of the disc is one unbroken run.
            for y in 31 - radius...31 + radius {
                let lit = (0..<128).filter { filled.pixel(x: $0, y: y) }
                #expect(lit.count == (lit.last ?? 0) - (lit.first ?? 0) + 1)
            }
        }
    }

    @Test func circlesAreClippedAtThePanelEdge() {
        var framebuffer = Framebuffer()
        framebuffer.fillCircle(centerX: 0, centerY: 0, radius: 5)
        framebuffer.strokeCircle(centerX: 127, centerY: 63, radius: 5)
        #expect(framebuffer.litBounds == Framebuffer.bounds)
        #expect(framebuffer.pixel(x: 0, y: 0) && framebuffer.pixel(x: 5, y: 0) && !framebuffer.pixel(x: 6, y: 0))
        #expect(framebuffer.pixel(x: 122, y: 63) && !framebuffer.pixel(x: 127, y: 63))
    }
}
