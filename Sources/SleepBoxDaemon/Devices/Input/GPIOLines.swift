import Logging
import SleepBoxCore
import SleepBoxHardware
import SleepBoxRunner

/// The box's buttons and knob on GPIO lines, behind the daemon's `InputLines`. A chip that
/// fails to read (it went away) is logged once and then left out of the poll, so the loop does
/// not spin on a dead descriptor; sound and display carry on.
public final class GPIOLines: InputLines {
    let gpio: GPIOInput
    let logger: Logger
    private var failed = false

    public init(gpio: GPIOInput, logger: Logger) {
        self.gpio = gpio
        self.logger = logger
    }

    public var pollDescriptors: [Int32] { failed ? [] : gpio.pollDescriptors }

    public func initialLevels() -> [(RawLine, Bool)] {
        do {
            return try gpio.initialLevels()
        } catch {
            logger.error("cannot read the buttons' levels: \(error)")
            return []
        }
    }

    public func readEdges(ready: [Int32]) -> [(RawLine, Bool, Double)] {
        do {
            return try gpio.readEdges(ready: ready)
        } catch {
            if !failed { logger.critical("the buttons stopped answering: \(error); the box goes on without them") }
            failed = true
            return []
        }
    }
}
