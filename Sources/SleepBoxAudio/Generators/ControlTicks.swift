/// A generator's control rate: at each tick its slow values (a gust, a wave, the rain's
/// intensity) take a new target, and the samples up to the next tick glide towards it. Splits a
/// render call into the stretches between ticks, carrying the count across calls.
struct ControlTicks {
    /// Frames from one tick to the next.
    let frames: Int
    /// Frames left until the next tick; 0 ticks at once.
    private var left = 0

    init(every frames: Int) {
        self.frames = frames
    }

    /// Over the next `count` frames: `tick` at each tick, `stretch` with each run of frames
    /// (offsets into this call) up to the next tick or the end.
    @inline(__always)
    mutating func run(_ count: Int, tick: () -> Void, stretch: (Range<Int>) -> Void) {
        var done = 0
        while done < count {
            if left == 0 {
                tick()
                left = frames
            }
            let m = min(left, count - done)
            stretch(done..<(done + m))
            left -= m
            done += m
        }
    }
}
