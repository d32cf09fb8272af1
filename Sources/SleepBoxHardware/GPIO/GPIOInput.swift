import CGPIOD
import Foundation
import Logging
import SleepBoxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SleepBoxSystem

/// The box's buttons, knob and LED on a GPIO chip, through libgpiod 1.6 (the v1 API of Debian
/// and Raspberry Pi OS bookworm). Every libgpiod call of the box is in this file.
///
/// Opening finds the chip by its label (`GPIOChipScan.chip(labelled:)`; never by a fixed
/// `/dev/gpiochipN`, whose number differs between boards and kernels) and requests each input
/// line for both-edge events with the profile's bias, under the consumer name "sleepbox".
/// Active-low inputs are requested with `GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW`, so the kernel
/// inverts them: every level and edge this class reports is logical (true = pressed / contact
/// closed), as `RawLine` wants.
///
/// The daemon polls `pollDescriptors` (one per input line) in its single poll() loop and passes
/// the ready ones to `readEdges(ready:)`; the edges go to `InputDecoder`. Their times are the
/// kernel's stamps in seconds on `CLOCK_MONOTONIC` (see `GPIOEdge`). At start, `initialLevels()`
/// gives the levels to `InputDecoder.synchronize(_:active:)`.
///
/// Not thread-safe: use one instance from one thread (the poll loop). `close()` (or deinit)
/// releases the lines and the chip.
public final class GPIOInput {
    /// One requested input line.
    private struct Input {
        let line: RawLine
        let offset: UInt32
        let handle: OpaquePointer
        let fd: Int32
    }

    /// What an open produced.
    private struct Opened {
        let chip: GPIOChipInfo
        let handle: OpaquePointer
        let inputs: [Input]
        let led: OpaquePointer?
    }

    /// Events read per `gpiod_line_event_read_fd_multiple` call: the most it returns, the size
    /// of the kernel's per-line event FIFO.
    static let eventsPerRead = 16
    /// Reads per line per `readEdges(ready:)` call. A line still not drained after this many
    /// (a floating input flooding events) stays readable, so poll() reports it again, and the
    /// other lines still get their turn.
    static let maxReadsPerCall = 16

    /// The chip in use.
    public let chip: GPIOChipInfo
    /// What was requested.
    public let settings: GPIOInputSettings

    private var chipHandle: OpaquePointer?
    private var inputs: [Input]
    private var ledHandle: OpaquePointer?
    /// Nil until the first events are checked; false when the kernel stamps on another clock.
    private var stampsAreMonotonic: Bool?
    private let logger: Logger

    /// Opens the chip of `profile` (after any overrides) and requests its lines; see
    /// `init(settings:logger:)`.
    public convenience init(profile: BoardProfile, consumer: String = "sleepbox",
                            logger: Logger = Logger(label: "sleepbox.gpio")) throws(GPIOError) {
        try self.init(settings: GPIOInputSettings(profile: profile, consumer: consumer), logger: logger)
    }

    /// Finds the chip (`gpiod_chip_open` on each `/dev/gpiochipN`, compared by
    /// `gpiod_chip_label`), requests every input with `gpiod_line_request_both_edges_events_flags`
    /// and the LED with `gpiod_line_request_output` (off), and makes each event descriptor
    /// (`gpiod_line_event_get_fd`) non-blocking.
    ///
    /// Throws `GPIOError`: no chip with the labels (listing what was found), permission denied
    /// (the user is not in the group gpio), a line out of the chip's range, a line busy (naming
    /// its consumer), or another failure with its errno. Nothing stays requested after a throw.
    public init(settings: GPIOInputSettings, logger: Logger = Logger(label: "sleepbox.gpio")) throws(GPIOError) {
        try settings.checkDistinctLines()
        let scan = Self.scanChips(directory: settings.deviceDirectory)
        let opened = try Self.open(scan.chip(labelled: settings.chipLabels), settings: settings)
        self.chip = opened.chip
        self.settings = settings
        self.chipHandle = opened.handle
        self.inputs = opened.inputs
        self.ledHandle = opened.led
        self.logger = logger
        let lines = settings.requests.map { "\($0.pin.key)=\($0.offset)" }.joined(separator: " ")
        let polarity = settings.activeLow ? "active-low" : "active-high"
        let text = "GPIO: \(opened.chip) at \(opened.chip.path): \(lines), \(polarity), bias \(settings.bias.rawValue)"
        logger.info("\(text)")
    }

    deinit {
        close()
    }

    /// The event descriptors (`gpiod_line_event_get_fd`), one per input line, for poll() with
    /// `POLLIN`. Empty after `close()`.
    public var pollDescriptors: [Int32] {
        inputs.map(\.fd)
    }

    /// Whether an LED line was requested.
    public var hasLED: Bool {
        ledHandle != nil
    }

    /// Reads every pending event of the input lines whose descriptors are in `ready` (others
    /// are ignored) with `gpiod_line_event_read_fd_multiple`, up to 16 at a time, until the
    /// descriptor reports `EAGAIN`.
    ///
    /// Returns (line, logical level after the edge, kernel timestamp in seconds on
    /// `CLOCK_MONOTONIC`) in time order across the lines. Pass all of `pollDescriptors` to
    /// drain every line; reading only the ready ones can return an edge of another line, read
    /// by a later call, stamped before edges already returned (the decoder takes such a late
    /// edge as happening at the latest time it has seen).
    ///
    /// The kernel queues at most 16 events per line and drops the newest beyond that. When a
    /// line's queue was full, its level is read back (`gpiod_line_get_value`) and, if it differs
    /// from the last event's, reported as one more edge at the time of reading, so the decoder
    /// ends at the line's true level.
    ///
    /// Throws when a read fails with anything but `EAGAIN` (the chip went away: the daemon should
    /// stop), or after `close()`.
    public func readEdges(ready: [Int32]) throws(GPIOError) -> [(RawLine, Bool, Double)] {
        guard chipHandle != nil else { throw GPIOError.closed }
        var edges: [(RawLine, Bool, Double)] = []
        var seen: Set<Int32> = []
        for fd in ready where seen.insert(fd).inserted {
            guard let input = inputs.first(where: { $0.fd == fd }) else { continue }
            try drain(input, into: &edges)
        }
        return GPIOEdge.timeOrdered(edges)
    }

    /// The current logical level of every input line (`gpiod_line_get_value`): (line, active), in
    /// `RawLine.allCases` order, for `InputDecoder.synchronize(_:active:)` at start.
    ///
    /// Edges that happen while the levels are read are still queued and come from `readEdges`;
    /// the decoder ignores the ones that repeat a level it was synchronized to.
    public func initialLevels() throws(GPIOError) -> [(RawLine, Bool)] {
        guard chipHandle != nil else { throw GPIOError.closed }
        var levels: [(RawLine, Bool)] = []
        for input in inputs {
            let value = SystemCall.retryingEINTR { gpiod_line_get_value(input.handle) }
            guard value >= 0 else {
                throw GPIOError.failed(SystemError("gpiod_line_get_value"), pin: BoardPin(input.line),
                                       offset: input.offset, chip: chip)
            }
            levels.append((input.line, value != 0))
        }
        return levels
    }

    /// Switches the LED on or off (`gpiod_line_set_value`). Does nothing when there is no LED.
    ///
    /// One ioctl per call, cheap enough for the daemon to toggle it for a breathing pattern.
    public func setLED(_ on: Bool) throws(GPIOError) {
        guard chipHandle != nil else { throw GPIOError.closed }
        guard let ledHandle, let offset = settings.led else { return }
        let result = SystemCall.retryingEINTR { gpiod_line_set_value(ledHandle, on ? 1 : 0) }
        guard result == 0 else {
            throw GPIOError.failed(SystemError("gpiod_line_set_value"), pin: .led, offset: offset, chip: chip)
        }
    }

    /// Releases every line (`gpiod_line_release`) and closes the chip (`gpiod_chip_close`).
    /// Calling it again does nothing.
    public func close() {
        guard let chipHandle else { return }
        for input in inputs {
            gpiod_line_release(input.handle)
        }
        if let ledHandle {
            gpiod_line_release(ledHandle)
        }
        gpiod_chip_close(chipHandle)
        self.chipHandle = nil
        self.ledHandle = nil
        self.inputs = []
    }

    /// Every GPIO chip in `directory`: each `gpiochipN` opened with `gpiod_chip_open` and
    /// described with `gpiod_chip_name`, `gpiod_chip_label` and `gpiod_chip_num_lines`, then
    /// closed. Devices that do not open are listed as failures with their errno.
    ///
    /// A chip reached through two device files (the Pi 5's compatibility link `gpiochip4` ->
    /// `gpiochip0`) is listed once, under the first.
    public static func scanChips(directory: String = "/dev") -> GPIOChipScan {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var chips: [GPIOChipInfo] = []
        var failures: [SystemError] = []
        for name in GPIOChipScan.chipDevices(among: names) {
            let path = base + name
            guard let handle = SystemCall.retryingNilEINTR({ gpiod_chip_open(path) }) else {
                failures.append(SystemError("gpiod_chip_open", path: path))
                continue
            }
            let info = GPIOChipInfo(path: path,
                                    name: gpiod_chip_name(handle).map { String(cString: $0) } ?? name,
                                    label: gpiod_chip_label(handle).map { String(cString: $0) } ?? "unknown",
                                    lineCount: Int(gpiod_chip_num_lines(handle)))
            gpiod_chip_close(handle)
            if !chips.contains(where: { $0.name == info.name }) {
                chips.append(info)
            }
        }
        return GPIOChipScan(directory: directory, chips: chips, failures: failures)
    }

    // MARK: Opening

    /// Opens `chip` and requests the lines of `settings`; on a throw nothing stays open.
    private static func open(_ chip: GPIOChipInfo, settings: GPIOInputSettings) throws(GPIOError) -> Opened {
        guard let handle = SystemCall.retryingNilEINTR({ gpiod_chip_open(chip.path) }) else {
            let error = SystemError("gpiod_chip_open", path: chip.path)
            if error.isPermissionDenied { throw GPIOError.permissionDenied(error) }
            throw GPIOError.failed(error, pin: nil, offset: nil, chip: chip)
        }
        do throws(GPIOError) {
            var inputs: [Input] = []
            var led: OpaquePointer?
            for (pin, offset) in settings.requests {
                let line = try lineHandle(handle, chip, pin, offset)
                if let rawLine = pin.rawLine {
                    let result = SystemCall.retryingEINTR {
                        gpiod_line_request_both_edges_events_flags(line, settings.consumer, requestFlags(settings))
                    }
                    guard result == 0 else {
                        throw requestError("gpiod_line_request_both_edges_events_flags", line, chip, pin, offset)
                    }
                    inputs.append(Input(line: rawLine, offset: offset, handle: line,
                                        fd: try eventDescriptor(line, chip, pin, offset)))
                } else {
                    let result = SystemCall.retryingEINTR { gpiod_line_request_output(line, settings.consumer, 0) }
                    guard result == 0 else {
                        throw requestError("gpiod_line_request_output", line, chip, pin, offset)
                    }
                    led = line
                }
            }
            return Opened(chip: chip, handle: handle, inputs: inputs, led: led)
        } catch {
            // gpiod_chip_close releases the lines requested so far.
            gpiod_chip_close(handle)
            throw error
        }
    }

    /// The line at `offset` (`gpiod_chip_get_line`), checked against the chip's size first.
    private static func lineHandle(_ handle: OpaquePointer, _ chip: GPIOChipInfo, _ pin: BoardPin,
                                   _ offset: UInt32) throws(GPIOError) -> OpaquePointer {
        guard Int(offset) < chip.lineCount else {
            throw GPIOError.lineOutOfRange(pin: pin, offset: offset, chip: chip)
        }
        guard let line = SystemCall.retryingNilEINTR({ gpiod_chip_get_line(handle, offset) }) else {
            throw GPIOError.failed(SystemError("gpiod_chip_get_line"), pin: pin, offset: offset, chip: chip)
        }
        return line
    }

    /// The event descriptor of a requested input (`gpiod_line_event_get_fd`), made non-blocking
    /// so `readEdges` can read until `EAGAIN`.
    private static func eventDescriptor(_ line: OpaquePointer, _ chip: GPIOChipInfo, _ pin: BoardPin,
                                        _ offset: UInt32) throws(GPIOError) -> Int32 {
        let fd = gpiod_line_event_get_fd(line)
        guard fd >= 0 else {
            throw GPIOError.failed(SystemError("gpiod_line_event_get_fd"), pin: pin, offset: offset, chip: chip)
        }
        let flags = SystemCall.retryingEINTR { fcntl(fd, F_GETFL) }
        guard flags >= 0, SystemCall.retryingEINTR({ fcntl(fd, F_SETFL, flags | O_NONBLOCK) }) == 0 else {
            throw GPIOError.failed(SystemError("fcntl(O_NONBLOCK)"), pin: pin, offset: offset, chip: chip)
        }
        return fd
    }

    /// The request flags of the inputs: active-low and the bias.
    private static func requestFlags(_ settings: GPIOInputSettings) -> Int32 {
        var flags: Int32 = 0
        if settings.activeLow { flags |= Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) }
        switch settings.bias {
        case .pullUp: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
        case .pullDown: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
        case .disabled: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
        case .asIs: break
        }
        return flags
    }

    /// The error for a failed request, read from `errno`: busy with its consumer
    /// (`gpiod_line_update`, `gpiod_line_consumer`), permission denied, or the plain failure.
    private static func requestError(_ function: String, _ line: OpaquePointer, _ chip: GPIOChipInfo,
                                     _ pin: BoardPin, _ offset: UInt32) -> GPIOError {
        let error = SystemError(function)
        switch error.errno {
        case EBUSY:
            // libgpiod read the line's info when it got the line; read it again for the holder
            // that made the request fail.
            _ = SystemCall.retryingEINTR { gpiod_line_update(line) }
            let consumer = gpiod_line_consumer(line).map { String(cString: $0) }
            return .lineBusy(pin: pin, offset: offset, chip: chip, consumer: consumer, error: error)
        case EACCES, EPERM:
            return .permissionDenied(SystemError(function, errno: error.errno, path: chip.path))
        default:
            return .failed(error, pin: pin, offset: offset, chip: chip)
        }
    }

    // MARK: Reading

    /// Appends the pending events of one input to `edges`.
    private func drain(_ input: Input, into edges: inout [(RawLine, Bool, Double)]) throws(GPIOError) {
        var events = [gpiod_line_event](repeating: gpiod_line_event(), count: Self.eventsPerRead)
        var lastLevel: Bool?
        var fifoWasFull = false
        reading: for _ in 0..<Self.maxReadsPerCall {
            let count = events.withUnsafeMutableBufferPointer { buffer in
                SystemCall.retryingEINTR {
                    gpiod_line_event_read_fd_multiple(input.fd, buffer.baseAddress, UInt32(buffer.count))
                }
            }
            guard count >= 0 else {
                let error = SystemError("gpiod_line_event_read_fd_multiple")
                if error.errno == EAGAIN || error.errno == EWOULDBLOCK { break reading }
                throw GPIOError.failed(error, pin: BoardPin(input.line), offset: input.offset, chip: chip)
            }
            if Int(count) == Self.eventsPerRead { fifoWasFull = true }
            let now = SystemClock.monotonicSeconds()
            var batch = events.prefix(Int(count)).compactMap { event in
                GPIOEdge.edge(input.line, eventType: event.event_type, timestamp: event.ts)
            }
            if stampsAreMonotonic != false, let last = batch.last {
                stampsAreMonotonic = GPIOEdge.isMonotonic(eventTime: last.2, monotonicNow: now)
                if stampsAreMonotonic == false {
                    let text = "GPIO: event stamps (\(last.2) s) lie ahead of CLOCK_MONOTONIC (\(now) s): "
                        + "this kernel stamps with another clock (before Linux 5.7: CLOCK_REALTIME); "
                        + "using the time of reading instead"
                    logger.error("\(text)")
                }
            }
            if stampsAreMonotonic == false {
                batch = batch.map { ($0.0, $0.1, now) }
            }
            lastLevel = batch.last?.1 ?? lastLevel
            edges += batch
        }
        // The kernel keeps 16 events per line and drops the newest when they do not fit, so after
        // a full FIFO the last event read may not be the line's level any more: read the level
        // and report the difference as an edge at the time of reading.
        guard fifoWasFull, let lastLevel else { return }
        let value = SystemCall.retryingEINTR { gpiod_line_get_value(input.handle) }
        guard value >= 0, (value != 0) != lastLevel else { return }
        edges.append((input.line, value != 0, SystemClock.monotonicSeconds()))
        let text = "GPIO: \(input.line.rawValue)'s event queue overflowed; its level read back as \(value != 0 ? "active" : "inactive")"
        logger.warning("\(text)")
    }
}
