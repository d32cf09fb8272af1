#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLinux
import SleepBoxCore
import SleepBoxUI
import SleepBoxSystem

/// The simulator in a terminal: the display drawn with half blocks (130 columns) or, in a narrower
/// terminal, Braille cells (66 columns: an 80-column terminal), the buttons and knob on the
/// keyboard, time running at real speed or `speed` times faster.
public final class InteractiveSimulator {
    let sim: Simulator
    let speed: Double
    private var lastCommands: [String] = []
    private var saved = termios()
    private var rawMode = false
    private var lastStyle: TerminalRenderer.Style?
    /// The keys of each read from the terminal.
    private var keys = KeyReader()

    public static let keyHelp = """
        l leaf   s skip   t timer   space/k knob press   ←/→ or ,/. knob turn
        L hold leaf 2.5s (dismiss alarm)   S hold skip 2s (seek forward)
        T hold timer 2s (seek back)   K hold knob 1s (menu; in a menu, back)
        f fast-forward 1 min   q quit
        """

    public init(simulator: Simulator, speed: Double) {
        self.sim = simulator
        self.speed = max(0.01, speed)
        sim.followsDisplay = true
    }

    /// Runs until the user quits. Standard input must be a terminal.
    public func run() {
        enterRawMode()
        defer { leaveRawMode() }
        write("\u{1B}[2J\u{1B}[?25l")
        sim.start()
        var realStart = SystemClock.monotonicSeconds()
        var virtualAtStart = sim.time
        draw()
        while true {
            let virtualNow = virtualAtStart + (SystemClock.monotonicSeconds() - realStart) * speed
            sim.advance(to: virtualNow)
            draw()
            let wake = sim.nextWake() ?? (virtualNow + 1)
            let waitMs = Int32(min(1000, max(0, (wake - virtualNow) / speed * 1000)).rounded(.up))
            var pfd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let n = poll(&pfd, 1, waitMs)
            guard n > 0 else { continue }
            var buf = [UInt8](repeating: 0, count: 64)
            let count = read(0, &buf, buf.count)
            guard count > 0 else { return }
            let t = virtualAtStart + (SystemClock.monotonicSeconds() - realStart) * speed
            sim.advance(to: t)
            // Every key of the read counts: turns asked for together follow one another.
            for key in keys.keys(in: Array(buf[0..<count])) {
                switch key {
                case .quit:
                    write("\u{1B}[?25h\n")
                    return
                case .request(let request):
                    sim.perform(request)
                case .fastForward:
                    // Fast-forward one virtual minute at once.
                    sim.advance(to: sim.time + 60)
                    virtualAtStart = sim.time
                    realStart = SystemClock.monotonicSeconds()
                }
            }
        }
    }

    private func draw() {
        guard let fb = sim.framebuffer else { return }
        let b = sim.box
        let n = sim.now
        let columns = Int(sleepbox_terminal_columns(1))
        // Not a terminal (0 columns): draw the truest picture.
        guard let style = columns == 0 ? .halfBlocks : TerminalRenderer.Style.fitting(columns: columns) else {
            write("\u{1B}[H\u{1B}[2J the display needs a terminal at least \(TerminalRenderer.Style.braille.columns) "
                  + "columns wide (\(TerminalRenderer.Style.halfBlocks.columns) for the sharper picture); this one has \(columns)\n")
            return
        }
        if style != lastStyle {
            // The other style is smaller or larger: clear what the last one left.
            write("\u{1B}[2J")
            lastStyle = style
        }
        var lines = "\u{1B}[H" + TerminalRenderer.render(fb, style: style) + "\n"
        let item = b.currentItem(at: n).map { "\($0.0.title) \(Int($0.1))/\(Int($0.0.duration))s" } ?? "-"
        lines += "\u{1B}[K \(b.clock.isoLocal(n.wall))   mode \(b.state.mode.rawValue)   \(b.state.phase.name)   vol \(b.state.volume)%"
        lines += (sim.frame?.dimmed ?? false) ? "   (dimmed)" : ""
        lines += "\n\u{1B}[K item \(item)"
        if let r = b.timerRemaining(at: n) { lines += "   timer \(Int(r))s" }
        lines += "\n\u{1B}[K speed x\(speed)\n"
        lines += InteractiveSimulator.keyHelp.split(separator: "\n").map { "\u{1B}[K " + $0 }.joined(separator: "\n") + "\n"
        write(lines)
    }

    private func write(_ s: String) {
        var bytes = Array(s.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeMutableBytes { b in SystemCall.retryingEINTR { Glibc.write(1, b.baseAddress, b.count) } }
            if n <= 0 { return }
            off += n
        }
        bytes.removeAll()
    }

    private func enterRawMode() {
        guard tcgetattr(0, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        rawMode = tcsetattr(0, TCSANOW, &raw) == 0
    }

    private func leaveRawMode() {
        if rawMode { _ = tcsetattr(0, TCSANOW, &saved) }
        write("\u{1B}[?25h")
    }
}
