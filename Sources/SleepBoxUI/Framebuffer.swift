/// The 128x64 one-bit image the panel shows, stored exactly as an SSD1306/SH1106 wants it.
///
/// The memory is 8 pages of 128 columns; each byte is one column of 8 pixels of a page with
/// bit 0 the page's top row. The panel driver can send `page(n)` as it is.
/// Drawing outside the panel is clipped silently.
public struct Framebuffer: Sendable, Equatable {
    /// Panel width in pixels.
    public static let width = 128
    /// Panel height in pixels.
    public static let height = 64
    /// Number of 8-row pages.
    public static let pageCount = height / 8
    /// The whole panel as a rectangle.
    public static let bounds = PixelRect(x: 0, y: 0, width: width, height: height)

    /// The 1024 bytes in page order: `bytes[page * 128 + x]`, bit `y % 8`.
    public private(set) var bytes: [UInt8]

    /// The texts shortened with "…" while drawing into this framebuffer, in drawing order: a
    /// layout check for tests and tools (`ScreenRenderer` records them), never sent to the panel
    /// and not part of equality.
    public internal(set) var cuts: [TextCut] = []

    /// A blank (all off) framebuffer.
    public init() {
        bytes = [UInt8](repeating: 0, count: Framebuffer.width * Framebuffer.pageCount)
    }

    /// A framebuffer from page-ordered bytes, or nil unless there are exactly 1024.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Framebuffer.width * Framebuffer.pageCount else { return nil }
        self.bytes = bytes
    }

    /// The 128 column bytes of page `n` (0...7); empty for any other `n`.
    public func page(_ n: Int) -> ArraySlice<UInt8> {
        guard n >= 0, n < Framebuffer.pageCount else { return bytes[0..<0] }
        let start = n * Framebuffer.width
        return bytes[start..<(start + Framebuffer.width)]
    }

    /// True when the pixel is lit; false outside the panel.
    public func pixel(x: Int, y: Int) -> Bool {
        guard Framebuffer.bounds.contains(x: x, y: y) else { return false }
        return bytes[(y >> 3) * Framebuffer.width + x] & (1 << UInt8(y & 7)) != 0
    }

    /// Lights (`on`) or clears one pixel; ignored outside the panel.
    public mutating func set(x: Int, y: Int, _ on: Bool = true) {
        guard Framebuffer.bounds.contains(x: x, y: y) else { return }
        let index = (y >> 3) * Framebuffer.width + x
        let mask: UInt8 = 1 << UInt8(y & 7)
        if on { bytes[index] |= mask } else { bytes[index] &= ~mask }
    }

    /// Sets every pixel of `rect` (clipped to the panel).
    public mutating func fill(_ rect: PixelRect, _ on: Bool = true) {
        let clipped = rect.intersection(Framebuffer.bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { set(x: x, y: y, on) }
        }
    }

    /// Flips every pixel of `rect` (clipped), e.g. to highlight a menu line.
    public mutating func invert(_ rect: PixelRect) {
        let clipped = rect.intersection(Framebuffer.bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { set(x: x, y: y, !pixel(x: x, y: y)) }
        }
    }

    /// A horizontal run of `width` pixels starting at `x`, `y`.
    public mutating func hline(x: Int, y: Int, width: Int, _ on: Bool = true) {
        fill(PixelRect(x: x, y: y, width: width, height: 1), on)
    }

    /// A vertical run of `height` pixels starting at `x`, `y`.
    public mutating func vline(x: Int, y: Int, height: Int, _ on: Bool = true) {
        fill(PixelRect(x: x, y: y, width: 1, height: height), on)
    }

    /// The one-pixel outline of `rect`; with `rounded`, the four corner pixels stay off.
    public mutating func strokeRect(_ rect: PixelRect, rounded: Bool = false, _ on: Bool = true) {
        guard !rect.isEmpty else { return }
        let inset = rounded && rect.width > 2 ? 1 : 0
        let insetV = rounded && rect.height > 2 ? 1 : 0
        hline(x: rect.x + inset, y: rect.y, width: rect.width - 2 * inset, on)
        hline(x: rect.x + inset, y: rect.maxY - 1, width: rect.width - 2 * inset, on)
        vline(x: rect.x, y: rect.y + insetV, height: rect.height - 2 * insetV, on)
        vline(x: rect.maxX - 1, y: rect.y + insetV, height: rect.height - 2 * insetV, on)
    }

    /// Copies the lit pixels of `bitmap` with its top-left at `x`, `y`, setting them to `on`;
    /// the bitmap's unlit pixels leave the framebuffer as it is.
    public mutating func draw(_ bitmap: Bitmap, x: Int, y: Int, _ on: Bool = true) {
        for by in 0..<bitmap.height {
            for bx in 0..<bitmap.width where bitmap.isLit(x: bx, y: by) {
                set(x: x + bx, y: y + by, on)
            }
        }
    }

    /// The number of lit pixels.
    public var litCount: Int {
        bytes.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// True when no pixel is lit.
    public var isBlank: Bool { bytes.allSatisfy { $0 == 0 } }

    /// The smallest rectangle holding every lit pixel, or nil when blank.
    public var litBounds: PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<Framebuffer.height {
            for x in 0..<Framebuffer.width where pixel(x: x, y: y) {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// A copy with the whole image moved right by `dx` and down by `dy` (negative: left, up);
    /// pixels pushed off the panel are lost, uncovered ones are off.
    public func shifted(dx: Int, dy: Int) -> Framebuffer {
        guard dx != 0 || dy != 0 else { return self }
        var moved = Framebuffer()
        moved.cuts = cuts
        for y in 0..<Framebuffer.height {
            for x in 0..<Framebuffer.width where pixel(x: x, y: y) {
                moved.set(x: x + dx, y: y + dy)
            }
        }
        return moved
    }

    /// Equal when the same pixels are lit (the recorded cuts are not compared).
    public static func == (a: Framebuffer, b: Framebuffer) -> Bool { a.bytes == b.bytes }
}
