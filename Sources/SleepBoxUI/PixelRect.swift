/// An axis-aligned rectangle of whole pixels on the panel: `x`, `y` is the top-left pixel.
public struct PixelRect: Sendable, Equatable, Hashable {
    /// Leftmost column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in pixels (zero or less: empty).
    public var width: Int
    /// Height in pixels (zero or less: empty).
    public var height: Int

    /// A rectangle from its top-left pixel and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the rightmost column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when the pixel at `px`, `py` lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The pixels both rectangles cover (empty, with zero size, when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The rectangle moved in by `amount` pixels on every side.
    public func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x: x + amount, y: y + amount,
                  width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}
