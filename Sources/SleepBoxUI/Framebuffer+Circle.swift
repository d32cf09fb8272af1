extension Framebuffer {
    /// The one-pixel outline of the circle around `centerX`, `centerY` (midpoint algorithm):
    /// it spans `2 * radius + 1` pixels across; radius 0 is the centre pixel, a negative radius
    /// draws nothing. Clipped to the panel.
    public mutating func strokeCircle(centerX: Int, centerY: Int, radius: Int, _ on: Bool = true) {
        Framebuffer.circleOctant(radius: radius) { dx, dy in
            for (px, py) in [(dx, dy), (dy, dx), (-dy, dx), (-dx, dy), (-dx, -dy), (-dy, -dx), (dy, -dx), (dx, -dy)] {
                set(x: centerX + px, y: centerY + py, on)
            }
        }
    }

    /// The disc inside (and including) the outline `strokeCircle` draws with the same arguments.
    public mutating func fillCircle(centerX: Int, centerY: Int, radius: Int, _ on: Bool = true) {
        Framebuffer.circleOctant(radius: radius) { dx, dy in
            // Each octant point closes a span across the disc on two rows.
            hline(x: centerX - dx, y: centerY + dy, width: 2 * dx + 1, on)
            hline(x: centerX - dx, y: centerY - dy, width: 2 * dx + 1, on)
            hline(x: centerX - dy, y: centerY + dx, width: 2 * dy + 1, on)
            hline(x: centerX - dy, y: centerY - dx, width: 2 * dy + 1, on)
        }
    }

    /// The points (dx, dy) of one octant of a circle, from (radius, 0) until dy passes dx, by
    /// the integer midpoint rule.
    static func circleOctant(radius: Int, _ point: (Int, Int) -> Void) {
        guard radius >= 0 else { return }
        var dx = radius
        var dy = 0
        var error = 1 - radius
        while dx >= dy {
            point(dx, dy)
            dy += 1
            if error < 0 {
                error += 2 * dy + 1
            } else {
                dx -= 1
                error += 2 * (dy - dx) + 1
            }
        }
    }
}
