import SleepBoxCore
import SleepBoxUI
import SleepBoxRunner
import SleepBoxSystem

/// Writes every distinct display frame as a PNG named by virtual time, e.g. `01h30m00.000s.png`;
/// it watches the runner's display as a `RunnerObserver`.
public final class FrameRecorder: RunnerObserver {
    public let directory: String
    public let scale: Int
    public private(set) var written = 0
    public private(set) var lastDimmed: Bool?
    /// The brightness of the last frame written (nil: the plain day and night colours).
    public private(set) var lastBrightness: Int?
    public private(set) var errors: [String] = []
    /// The millisecond of the last file name, and how many frames were named in it.
    private var lastMillisecond: Int64?
    private var sameTimeCount = 0
    private var last: Framebuffer?

    public init(directory: String, scale: Int = 4) throws {
        try AtomicFile.makeDirectory(directory)
        self.directory = directory
        self.scale = scale
    }

    /// A frame shown: written when it differs from the last one written (or its dimming or its
    /// brightness does), its lit pixels at the grey the panel's brightness gives.
    public func frameShown(_ framebuffer: Framebuffer, dimmed: Bool, brightness: Int, at moment: Moment) {
        guard framebuffer != last || lastDimmed != dimmed || lastBrightness != brightness else { return }
        last = framebuffer
        record(framebuffer, dimmed: dimmed, brightness: brightness, at: moment.uptime)
    }

    public func record(_ framebuffer: Framebuffer, dimmed: Bool, brightness: Int? = nil, at t: Double) {
        lastDimmed = dimmed
        lastBrightness = brightness
        // Several frames can share a virtual millisecond (a press at the very start, two changes
        // a fraction of a millisecond apart): number them, so none overwrites another.
        let ms = FrameRecorder.millisecond(t)
        sameTimeCount = ms == lastMillisecond ? sameTimeCount + 1 : 1
        lastMillisecond = ms
        let path = directory + "/" + FrameRecorder.name(at: t, index: sameTimeCount)
        do {
            try PNGWriter.write(framebuffer, to: path, scale: scale, dimmed: dimmed, brightness: brightness)
            written += 1
        } catch {
            if errors.count < 10 { errors.append("\(error)") }
        }
    }

    /// The file name for virtual time `t`: sortable, readable; the second and later frame at the
    /// same time get "_2", "_3", ... (sorting after the first)
    public static func name(at t: Double, index: Int = 1) -> String {
        let ms = millisecond(t)
        let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60, frac = ms % 1000
        func pad(_ v: Int64, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(h, 2))h\(pad(m, 2))m\(pad(s, 2)).\(pad(frac, 3))s" + (index > 1 ? "_\(index)" : "") + ".png"
    }

    /// Virtual time `t` in whole milliseconds, from 0 up to about 292 million years.
    static func millisecond(_ t: Double) -> Int64 {
        let ms = (t * 1000).rounded()
        guard !ms.isNaN, ms > 0 else { return 0 }
        return ms < 9.2e18 ? Int64(ms) : Int64.max
    }
}
