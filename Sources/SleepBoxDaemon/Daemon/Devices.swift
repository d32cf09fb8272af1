import SleepBoxCore
import SleepBoxUI

/// Where the daemon's button and knob edges come from: GPIO lines on the box, nothing in the
/// simulated hardware (there the control socket presses the buttons).
public protocol InputLines: AnyObject {
    /// Descriptors to poll for readability.
    var pollDescriptors: [Int32] { get }
    /// The lines' levels at start (to synchronise the decoder without inventing presses).
    func initialLevels() -> [(RawLine, Bool)]
    /// Reads the edges waiting on the ready descriptors: line, logical level, kernel timestamp
    /// (CLOCK_MONOTONIC seconds).
    func readEdges(ready: [Int32]) -> [(RawLine, Bool, Double)]
    /// Switches the breathing LED, where there is one.
    func setLED(_ on: Bool)
}

extension InputLines {
    /// No LED.
    public func setLED(_ on: Bool) {}
}

/// The panel, or what stands in for it.
public protocol DisplayOutput: AnyObject {
    /// Shows a frame (sending only what changed); never throws: a panel that stops answering is
    /// retried later while the box goes on.
    func show(_ framebuffer: Framebuffer, dimmed: Bool, at uptime: Double)
    /// Panel on or off (screen timeout).
    func setPower(_ on: Bool, at uptime: Double)
    /// Dark and empty (on exit).
    func blank(at uptime: Double)
    /// When the driver wants to retry a lost panel (monotonic seconds), if it does.
    var nextRetry: Double? { get }
    func retry(at uptime: Double)
    /// A line for `status` and `doctor`: "ok", "unavailable: ...".
    var statusText: String { get }
}

/// The audio side: carries out the core's sound commands and reports what a player reports.
public protocol AudioOutput: AnyObject {
    func perform(_ command: Command, at now: Moment)
    /// Descriptors to poll (ALSA's), with their poll events.
    var pollDescriptors: [(fd: Int32, events: Int16)] { get }
    /// Does the audio work that is due (writing to the device when it wants data) and returns the
    /// events it has to report (an item ended, the device was lost or came back).
    func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event]
    /// When it next needs to run without a descriptor becoming ready (monotonic seconds).
    var nextWake: Double? { get }
    /// Fades everything out within `seconds` and waits for the device to play it (on exit).
    func shutDown(fadeSeconds: Double)
    var statusText: String { get }
    /// On a virtual clock, where nothing plays by itself: plays on up to `uptime`, or stops at the
    /// first moment before it at which there is something to report (`service` then reports it)
    /// and returns that moment. A device that plays in real time returns nil.
    func playOn(upTo uptime: Double) -> Double?
    /// What carrying out the last commands taught the sound side (an item's speech pauses), for
    /// the box at once; a device that reports it from `service` instead returns nothing here.
    func takeLearnedEvents() -> [Event]
}

extension AudioOutput {
    /// Plays in real time.
    public func playOn(upTo uptime: Double) -> Double? { nil }
    /// Reports everything from `service`.
    public func takeLearnedEvents() -> [Event] { [] }
}

/// No GPIO at all (simulated hardware: input arrives through the control socket).
public final class NoInputLines: InputLines {
    public init() {}
    public var pollDescriptors: [Int32] { [] }
    public func initialLevels() -> [(RawLine, Bool)] { [] }
    public func readEdges(ready: [Int32]) -> [(RawLine, Bool, Double)] { [] }
}
