import Logging
import SleepBoxSystem

/// How the daemon's saves of the state file are going, for `ctl status` (`stateSaveError`,
/// `stateSaveFailures`) and `sleepbox doctor`: why the last save failed, and how many in a row
/// have. A full or read-only disk fails every save of the night; the log has a line when saving
/// starts failing (or fails for another reason) and one when it works again, not one per save.
///
/// Touched on the loop thread only (the saves report here through the work queue).
public final class StateSaveHealth {
    /// Why the last save failed; nil when it worked (or none was made yet).
    public private(set) var lastError: String?
    /// Saves that failed since the last one that worked.
    public private(set) var failuresInARow = 0
    private let logger: Logger

    public init(logger: Logger) { self.logger = logger }

    /// Records a save's outcome: nil when it worked, else why not.
    public func record(_ error: String?) {
        guard let error else {
            if failuresInARow > 0 { logger.info("the state is saved again, after \(failuresInARow) failed save(s)") }
            lastError = nil
            failuresInARow = 0
            return
        }
        if error != lastError {
            logger.error("\(error) (the box goes on; further failures like this are counted in ctl status, not logged)")
        }
        lastError = error
        failuresInARow += 1
    }

    /// The fields of a status.
    public var statusFields: [(String, JSONValue)] {
        [("stateSaveError", lastError.map(JSONValue.string) ?? .null), ("stateSaveFailures", .number(Double(failuresInARow)))]
    }
}
