/// The process's exit statuses, named as in sysexits.h, so systemd and scripts can tell a
/// configuration mistake from a missing file or a busy device.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// 0: everything worked.
    case success = 0
    /// 1: the command ran but found a problem (a failed check, a refused request).
    case failure = 1
    /// 64, `EX_USAGE`: the command line was wrong.
    case usage = 64
    /// 65, `EX_DATAERR`: input data (a script, a content file) was wrong.
    case dataError = 65
    /// 66, `EX_NOINPUT`: an input file does not exist or cannot be read.
    case noInput = 66
    /// 69, `EX_UNAVAILABLE`: a service or device is not there (the daemon, the sound card).
    case unavailable = 69
    /// 70, `EX_SOFTWARE`: an internal error.
    case software = 70
    /// 71, `EX_OSERR`: the operating system refused something (a timerfd, a signalfd).
    case osError = 71
    /// 73, `EX_CANTCREAT`: an output file or folder cannot be created.
    case cantCreate = 73
    /// 74, `EX_IOERR`: reading or writing failed.
    case ioError = 74
    /// 75, `EX_TEMPFAIL`: a temporary failure; trying again later may work.
    case tempFail = 75
    /// 78, `EX_CONFIG`: the configuration is wrong.
    case config = 78
}
