import ArgumentParser
import Foundation
import SleepBoxDaemon

/// The installed box's files: its configuration and its state folder, the same options for `run`,
/// `doctor`, `content` and `history`.
struct BoxFiles: ParsableArguments {
    @Option(help: "Configuration file (TOML); default: the installed one when there is one, else the factory settings.")
    var config: String = RunOptions.defaultConfigPath

    @Option(help: "The box's state folder: the state file, history.db, your own items (user-content) and the voice's cache.")
    var stateDir: String = "/var/lib/sleepbox"

    /// The configuration file to read: the one named, or the installed one when it exists; nil
    /// for the factory settings.
    var configPath: String? {
        FileManager.default.fileExists(atPath: config) || config != RunOptions.defaultConfigPath ? config : nil
    }
}

/// `--socket`: the running box's control socket (`run`, `doctor`, `ctl`).
struct SocketOption: ParsableArguments {
    @Option(help: "The running box's control socket.")
    var socket: String = "/run/sleepbox/control.sock"
}
