import SleepBoxSystem

/// The process's exit statuses (sysexits), as the command line names them.
public typealias ExitStatus = SleepBoxSystem.ExitStatus
