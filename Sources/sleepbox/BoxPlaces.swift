import ArgumentParser
import SleepBoxDaemon

/// Where an installed box keeps its configuration, its state and its control socket: the options
/// `run` and `doctor` share.
struct BoxPlaces: ParsableArguments {
    @Option(help: "Configuration file (TOML).")
    var config: String = RunOptions.defaultConfigPath

    @Option(help: "Where the state file lives.")
    var stateDir: String = "/var/lib/sleepbox"

    @Option(help: "The control socket.")
    var socket: String = "/run/sleepbox/control.sock"
}
