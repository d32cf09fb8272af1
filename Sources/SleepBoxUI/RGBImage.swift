import CPNG

/// A small 8-bit RGB picture for plots (a night's sound level), written as PNG. Text is drawn
/// with the box's own small font.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row after row, three bytes a pixel.
    public private(set) var pixels: [UInt8]

    public init(width: Int, height: Int, background: PNGWriter.Color) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
        fill(x: 0, y: 0, width: self.width, height: self.height, background)
    }

    public func pixel(x: Int, y: Int) -> PNGWriter.Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 3
        return PNGWriter.Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2])
    }

    /// Sets one pixel (outside the picture: nothing).
    public mutating func set(x: Int, y: Int, _ c: PNGWriter.Color) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        pixels[i] = c.red
        pixels[i + 1] = c.green
        pixels[i + 2] = c.blue
    }

    /// Fills a rectangle (the part inside the picture; nothing when it lies outside).
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ c: PNGWriter.Color) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0..<y1 {
            for xx in x0..<x1 { set(x: xx, y: yy, c) }
        }
    }

    /// Text in the small font, its top-left corner at (x, y), scaled by `scale`.
    public mutating func text(_ s: String, x: Int, y: Int, scale: Int = 1, _ c: PNGWriter.Color) {
        // Draw each piece into a panel-sized bitmap and copy its lit pixels.
        var pieceX = x
        var rest = Substring(s)
        while !rest.isEmpty {
            var piece = ""
            while let ch = rest.first, BitmapFont.small.width(of: piece + String(ch)) < Framebuffer.width - 2 {
                piece.append(ch)
                rest = rest.dropFirst()
            }
            if piece.isEmpty, let ch = rest.first {
                piece = String(ch)
                rest = rest.dropFirst()
            }
            var fb = Framebuffer()
            let w = BitmapFont.small.draw(piece, x: 0, y: 0, in: &fb)
            for py in 0..<min(Framebuffer.height, 10) {
                for px in 0..<min(Framebuffer.width, w) where fb.pixel(x: px, y: py) {
                    fill(x: pieceX + px * scale, y: y + py * scale, width: scale, height: scale, c)
                }
            }
            pieceX += w * scale
        }
    }

    /// The PNG file's bytes.
    public func pngData() throws(PNGWriterError) -> [UInt8] {
        try PNGWriter.encode(width: width, height: height, bitDepth: 8, colorType: PNG_COLOR_TYPE_RGB, unfiltered: false) { y in
            Array(pixels[(y * width * 3)..<((y + 1) * width * 3)])
        }
    }

    /// Writes the PNG to `path`.
    public func write(to path: String) throws(PNGWriterError) {
        try PNGWriter.writeFile(try pngData(), to: path)
    }
}
