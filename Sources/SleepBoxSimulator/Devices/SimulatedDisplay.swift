#if canImport(Glibc)
import Glibc
#endif
import SleepBoxUI
import SleepBoxRunner

/// The panel in simulated hardware: frames drawn in the terminal with half blocks, written as
/// PNG files into a folder, or just kept (for `ctl frame`).
public final class SimulatedDisplay: DisplayOutput {
    public enum Mode: Equatable { case terminal, folder(String), none }

    let mode: Mode
    let frames: FrameRecorder?
    private var powered = true
    /// The owner's brightness, as the runner last set it (nil before it did).
    private var brightness: Int?
    private var last: Framebuffer?
    private let start: Double

    public init(mode: Mode, startUptime: Double) throws {
        self.mode = mode
        self.start = startUptime
        if case .folder(let dir) = mode { frames = try FrameRecorder(directory: dir) } else { frames = nil }
    }

    public func show(_ framebuffer: Framebuffer, dimmed: Bool, at uptime: Double) {
        guard powered, framebuffer != last || frames?.lastDimmed != dimmed || frames?.lastBrightness != brightness else { return }
        last = framebuffer
        switch mode {
        case .terminal:
            let text = "\u{1B}[H" + TerminalRenderer.render(framebuffer) + (dimmed ? "\n (dimmed)\u{1B}[K\n" : "\n\u{1B}[K\n")
            _ = text.withCString { write(1, $0, strlen($0)) }
        case .folder:
            frames?.record(framebuffer, dimmed: dimmed, brightness: brightness, at: uptime - start)
        case .none:
            break
        }
    }

    public func setPower(_ on: Bool, at uptime: Double) {
        guard on != powered else { return }
        powered = on
        if !on {
            let blank = Framebuffer()
            switch mode {
            case .terminal:
                let text = "\u{1B}[H" + TerminalRenderer.render(blank) + "\n (display off)\u{1B}[K\n"
                _ = text.withCString { write(1, $0, strlen($0)) }
            case .folder: frames?.record(blank, dimmed: false, at: uptime - start)
            case .none: break
            }
            last = nil
        }
    }

    public func blank(at uptime: Double) { setPower(false, at: uptime) }

    /// The frames written from now on show their lit pixels at the grey this brightness gives.
    public func setBrightness(_ percent: Int, dimmed: Bool, at uptime: Double) { brightness = percent }

    public var nextRetry: Double? { nil }
    public func retry(at uptime: Double) {}
    public var statusText: String {
        switch mode {
        case .terminal: return "simulated (terminal)"
        case .folder(let dir): return "simulated (frames in \(dir))"
        case .none: return "simulated (not shown)"
        }
    }
}
