import ArgumentParser
import SleepBoxSystem

extension ExitCode {
    /// The exit code of a named status: `throw ExitCode(.cantCreate)` exits 73.
    init(_ status: ExitStatus) {
        self.init(status.rawValue)
    }
}
