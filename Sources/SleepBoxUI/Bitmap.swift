/// A small one-bit image (a glyph or an icon), written in source as rows of `#` (lit) and `.`.
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels: the longest row.
    public let width: Int
    /// Height in pixels: the number of rows.
    public let height: Int
    /// Row-major, `width * height` entries.
    private let bits: [Bool]

    /// Parses pixel art: one text line per row, `#` lit and any other character unlit.
    /// Blank lines are skipped; shorter rows are padded with unlit pixels.
    public init(art: String) {
        let rows = art.split(separator: "\n", omittingEmptySubsequences: true)
        let width = rows.map(\.count).max() ?? 0
        var bits = [Bool]()
        bits.reserveCapacity(width * rows.count)
        for row in rows {
            let lit = row.map { $0 == "#" }
            bits.append(contentsOf: lit)
            bits.append(contentsOf: repeatElement(false, count: width - lit.count))
        }
        self.width = width
        self.height = rows.count
        self.bits = bits
    }

    /// An unlit bitmap of the given size (e.g. a space).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        bits = [Bool](repeating: false, count: self.width * self.height)
    }

    /// A bitmap of the given size whose pixel (x, y) is lit when `lit(x, y)` says so.
    public init(width: Int, height: Int, lit: (Int, Int) -> Bool) {
        self.width = max(0, width)
        self.height = max(0, height)
        var bits = [Bool]()
        bits.reserveCapacity(self.width * self.height)
        for y in 0..<self.height {
            for x in 0..<self.width { bits.append(lit(x, y)) }
        }
        self.bits = bits
    }

    /// This bitmap stretched (or shrunk) to `width` x `height`, each pixel taken from the
    /// nearest one of the original.
    public func scaled(width newWidth: Int, height newHeight: Int) -> Bitmap {
        guard newWidth > 0, newHeight > 0 else { return Bitmap(width: 0, height: 0) }
        return Bitmap(width: newWidth, height: newHeight) { x, y in
            isLit(x: x * width / newWidth, y: y * height / newHeight)
        }
    }

    /// True when the pixel is lit; false outside the bitmap.
    public func isLit(x: Int, y: Int) -> Bool {
        guard x >= 0, x < width, y >= 0, y < height else { return false }
        return bits[y * width + x]
    }

    /// The number of lit pixels.
    public var litCount: Int { bits.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// The bitmap as rows of `#` and `.`, the same notation `init(art:)` reads.
    public var art: String {
        (0..<height).map { y in
            String((0..<width).map { isLit(x: $0, y: y) ? "#" : "." })
        }.joined(separator: "\n")
    }
}
