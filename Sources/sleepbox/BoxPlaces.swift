import ArgumentParser
import SleepBoxDaemon

/// Where an installed box keeps its configuration, its state and its control socket: the options
/// `run` and `doctor` share.
struct BoxPlaces: ParsableArguments {
    @OptionGroup var files: BoxFiles
    @OptionGroup var controlSocket: SocketOption

    var config: String { files.config }
    var stateDir: String { files.stateDir }
    var socket: String { controlSocket.socket }
}
