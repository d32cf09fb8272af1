extension InputDecoder {
    /// How a switch contact bounces when it closes (on a press) or opens (on a release).
    public struct Bounce: Sendable, Equatable {
        /// How many times the contact springs back before settling. Each chatter adds two edges,
        /// so a press with `n` chatters makes `2n + 1` edges, the last one the settled level.
        public var chatters: Int
        /// Seconds between consecutive edges of the bounce.
        public var interval: Double

        /// Three chatters, edges 0.5 ms apart: seven edges in 3 ms.
        public static let typical = Bounce(chatters: 3, interval: 0.0005)
    }

    /// The A/B edges a full-step encoder makes turning `detents` detents from rest: four per
    /// detent, A leading B clockwise (positive), B leading A counter-clockwise (negative).
    ///
    /// - Parameters:
    ///   - detents: signed detents; zero gives no edges.
    ///   - start: the time of the first edge, in seconds.
    ///   - stepInterval: seconds between consecutive edges (one quadrature step), so one detent
    ///     takes `4 * stepInterval`.
    ///   - rest: where the encoder's contacts sit in a detent.
    /// - Returns: (line, level after the edge, time) for each edge, in time order.
    public static func edges(forTurn detents: Int, startingAt start: Double, stepInterval: Double,
                             rest: QuadratureDecoder.RestState = .bothInactive) -> [(RawLine, Bool, Double)] {
        let direction = detents < 0 ? -1 : 1
        var phase = rest.phase
        var edges: [(RawLine, Bool, Double)] = []
        for index in 0..<(4 * Int(detents.magnitude)) {
            let before = QuadratureDecoder.levels(phase: phase)
            phase += direction
            let after = QuadratureDecoder.levels(phase: phase)
            let time = start + Double(index) * stepInterval
            if after.a != before.a {
                edges.append((.knobA, after.a, time))
            } else {
                edges.append((.knobB, after.b, time))
            }
        }
        return edges
    }

    /// The edges of one press of `button`: down at `start`, up at `start + length`, each with
    /// the optional bounce (the release bounces the same way, mirrored).
    ///
    /// - Returns: (line, level after the edge, time) for each edge, in time order. A bounce that
    ///   outlasts the press interleaves with the release's edges.
    public static func edges(forPress button: Button, at start: Double, length: Double,
                             bounce: Bounce? = nil) -> [(RawLine, Bool, Double)] {
        let line = RawLine(button)
        let chatters = max(0, bounce?.chatters ?? 0)
        let interval = bounce?.interval ?? 0
        var edges: [(RawLine, Bool, Double)] = []
        for (settled, origin) in [(true, start), (false, start + length)] {
            for index in 0...(2 * chatters) {
                // Even edges reach the settled level, odd ones are the contact springing back.
                edges.append((line, index % 2 == 0 ? settled : !settled, origin + Double(index) * interval))
            }
        }
        return edges.enumerated()
            .sorted { ($0.element.2, $0.offset) < ($1.element.2, $1.offset) }
            .map(\.element)
    }
}
