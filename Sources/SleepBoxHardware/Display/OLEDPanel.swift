import SleepBoxUI
import SleepBoxSystem

/// A 128x64 SSD1306 or SH1106 OLED on an I2C bus.
///
/// It keeps a copy of what the panel's RAM holds and sends only the runs of columns that changed
/// in each page (see `OLEDFramePlanner`). It never throws in steady state: an I2C error marks the panel unavailable, the box
/// goes on without a display, and `retry(now:)` tries again with backoff (1 s doubling to
/// 60 s); when the panel answers it is initialised again and gets the whole current frame.
/// Times are the caller's monotonic clock in seconds.
///
/// Not thread-safe: one owner (the daemon's loop) calls it.
public final class OLEDPanel {
    public let controller: OLEDController
    public let rotated180: Bool
    public let backoff: RetryBackoff
    /// How long a lost panel waits before the next try: 1 s, 2 s, 4 s ... 32 s, then every 60 s.
    public static let standardBackoff = RetryBackoff(initial: 1, maximum: 60)
    /// Where the panel is: not started, ready, or unavailable since a failed transfer.
    public private(set) var state: OLEDPanelState = .notStarted
    /// What has been sent, for diagnosis.
    public private(set) var counters = OLEDCounters()
    /// When `retry(now:)` tries again (the caller's clock); nil unless unavailable.
    public private(set) var nextRetry: Double?
    /// Failed tries since the panel last answered.
    public private(set) var consecutiveFailures = 0
    /// The contrast in use, or to use from the next init.
    public private(set) var contrast: UInt8
    /// Whether the panel should be lit (false after `setPower(on: false)` or `blank(now:)`).
    public private(set) var isOn = true

    private let bus: any I2CBus
    /// What the panel's RAM holds; nil when unknown (before init, after an error).
    private var shown: Framebuffer?
    /// The frame last asked for.
    private var wanted: Framebuffer?
    /// Whether display on (0xAF) is the last power command the panel took.
    private var lit = false
    private var pendingEvents: [OLEDPanelEvent] = []

    /// A panel on `bus` (nothing is sent until the first `show`).
    public init(bus: any I2CBus, controller: OLEDController, rotated180: Bool = false,
                contrast: UInt8 = OLEDContrast.day, backoff: RetryBackoff = OLEDPanel.standardBackoff) {
        self.bus = bus
        self.controller = controller
        self.rotated180 = rotated180
        self.contrast = contrast
        self.backoff = backoff
    }

    /// `.ok`, or `.unavailable` with the reason and advice.
    public var status: OLEDStatus {
        guard case .unavailable(let error, _) = state else { return .ok }
        return .unavailable(error.description)
    }

    /// One line for `status` and `doctor`.
    public var statusText: String {
        let device = "\(controller) at \(I2CBlockWrite.hex(bus.address)) on \(bus.path)"
        switch state {
        case .notStarted:
            return "ok: \(device), not started"
        case .ready:
            return "ok: \(device) (\(counters.transfers) transfers, \(counters.errors) errors)"
        case .unavailable(let error, _):
            let tries = consecutiveFailures == 1 ? "1 failed try" : "\(consecutiveFailures) failed tries"
            return "unavailable: \(error) (\(tries))"
        }
    }

    /// The lost/restored transitions since the last call, oldest first, for the log.
    public func takeEvents() -> [OLEDPanelEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    /// Shows `frame`: the first time (and after a recovery) the init sequence, the whole frame
    /// and display on; after that only each page's changed column span, nothing when nothing
    /// changed. While the panel is off the frame is kept and sent when it is switched on. While
    /// unavailable it is kept for the next try (made now if one is due).
    @discardableResult
    public func show(_ frame: Framebuffer, now: Double) -> OLEDStatus {
        wanted = frame
        switch state {
        case .notStarted:
            return bringUp(now: now)
        case .unavailable:
            return retry(now: now)
        case .ready:
            guard isOn else { return .ok }
            do { try sendFrame(frame) } catch { return lose(error, now: now) }
            return .ok
        }
    }

    /// Tries the panel again if it is unavailable and `nextRetry` has come: the init sequence
    /// and the whole current frame. On failure the next try waits twice as long (up to the
    /// backoff's maximum). Does nothing when the panel is ready.
    @discardableResult
    public func retry(now: Double) -> OLEDStatus {
        switch state {
        case .ready:
            return .ok
        case .notStarted:
            return bringUp(now: now)
        case .unavailable(let error, _):
            guard let due = nextRetry, now >= due else { return .unavailable(error.description) }
            return bringUp(now: now)
        }
    }

    /// Sets the contrast (0x81 command): e.g. `OLEDContrast.night` while dimmed, `.day` else.
    /// Kept for the next init while the panel is unavailable.
    @discardableResult
    public func setContrast(_ value: UInt8, now: Double) -> OLEDStatus {
        let changed = value != contrast
        contrast = value
        guard case .ready = state, changed else { return status }
        do { try sendCommands([[OLEDCommand.setContrast, value]]) } catch { return lose(error, now: now) }
        return .ok
    }

    /// Switches the panel on (0xAF, after sending the frame kept while it was off) or off (0xAE:
    /// sleep mode, RAM kept), e.g. for the screen timeout.
    @discardableResult
    public func setPower(on: Bool, now: Double) -> OLEDStatus {
        isOn = on
        guard case .ready = state else { return status }
        do {
            if on {
                try sendFrame(wanted ?? shown ?? Framebuffer())
                if !lit { try sendCommands([[OLEDCommand.displayOn]]) }
                lit = true
            } else if lit {
                try sendCommands([[OLEDCommand.displayOff]])
                lit = false
            }
        } catch {
            return lose(error, now: now)
        }
        return .ok
    }

    /// Darkens the panel for good (on SIGTERM): display off (0xAE), then a blank RAM, so that
    /// nothing stale lights up if someone switches it on again. Tries display off even when the
    /// panel was not started or is unavailable (it may still show a previous run's frame).
    @discardableResult
    public func blank(now: Double) -> OLEDStatus {
        isOn = false
        let empty = Framebuffer()
        wanted = empty
        switch state {
        case .ready:
            do {
                try sendCommands([[OLEDCommand.displayOff]])
                lit = false
                try sendFrame(empty)
            } catch {
                return lose(error, now: now)
            }
            return .ok
        case .notStarted:
            do { try sendCommands([[OLEDCommand.displayOff]]) } catch { return lose(error, now: now) }
            return .ok
        case .unavailable(let error, _):
            // Best effort without disturbing the retry schedule: the process is ending.
            do { try sendCommands([[OLEDCommand.displayOff]]) } catch { return .unavailable(error.description) }
            return .unavailable(error.description)
        }
    }

    // MARK: - Internals

    /// Init sequence, then (when on) the whole wanted frame and display on.
    private func bringUp(now: Double) -> OLEDStatus {
        shown = nil
        lit = false
        do {
            try sendCommands(controller.initCommands(rotated180: rotated180, contrast: contrast))
            counters.inits += 1
            if isOn {
                try sendFrame(wanted ?? Framebuffer())
                try sendCommands([[OLEDCommand.displayOn]])
                lit = true
            }
        } catch {
            return lose(error, now: now)
        }
        if case .unavailable(_, let since) = state {
            pendingEvents.append(.restored(at: now, downtime: now - since, attempts: consecutiveFailures))
        }
        state = .ready
        nextRetry = nil
        consecutiveFailures = 0
        return .ok
    }

    /// Marks the panel unavailable (reporting the loss once) and schedules the next try.
    private func lose(_ error: I2CError, now: Double) -> OLEDStatus {
        shown = nil
        lit = false
        consecutiveFailures += 1
        if case .unavailable(_, let since) = state {
            state = .unavailable(error, since: since)
        } else {
            state = .unavailable(error, since: now)
            pendingEvents.append(.lost(error, at: now))
        }
        nextRetry = now + backoff.delay(afterFailures: consecutiveFailures)
        return .unavailable(error.description)
    }

    /// Sends what differs between the panel's RAM and `frame`.
    private func sendFrame(_ frame: Framebuffer) throws(I2CError) {
        let whole = shown == nil
        let writes = OLEDFramePlanner.plan(from: shown, to: frame, columnOffset: controller.columnOffset)
        guard !writes.isEmpty else { return }
        // Unknown until every write went through.
        shown = nil
        try send(writes)
        shown = frame
        counters.framesSent += 1
        if whole { counters.fullFrames += 1 }
    }

    /// Sends commands after the control byte 0x00, as many whole commands per write as fit.
    private func sendCommands(_ commands: [[UInt8]]) throws(I2CError) {
        var writes: [I2CBlockWrite] = []
        var current: [UInt8] = []
        for command in commands {
            if current.count + command.count > I2CBlockWrite.maxLength {
                writes.append(I2CBlockWrite(command: OLEDCommand.commandStream, bytes: current))
                current = []
            }
            current += command
        }
        if !current.isEmpty { writes.append(I2CBlockWrite(command: OLEDCommand.commandStream, bytes: current)) }
        try send(writes)
    }

    private func send(_ writes: [I2CBlockWrite]) throws(I2CError) {
        for write in writes {
            do {
                try bus.send(write)
            } catch {
                counters.errors += 1
                throw error
            }
            counters.transfers += 1
            counters.bytesSent += write.payloadCount
            if write.command == OLEDCommand.dataStream { counters.dataBytes += write.bytes.count }
        }
    }
}
