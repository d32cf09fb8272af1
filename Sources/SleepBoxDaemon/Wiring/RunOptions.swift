import SleepBoxSimulator
/// What `sleepbox run` was asked for on its command line.
public struct RunOptions {
    /// Which devices the box runs with.
    public enum Hardware: String, Sendable, CaseIterable {
        /// The Raspberry Pi's when running on one, simulated ones elsewhere.
        case auto
        /// GPIO buttons and knob, the I2C display, ALSA sound.
        case pi
        /// Simulated devices in real time (input through the control socket).
        case sim
    }

    /// The simulated hardware's sound.
    public enum Sound: Sendable, Equatable {
        /// No sound: a stand-in player reports items' ends.
        case none
        /// The engine on an ALSA device (nil: the configured one).
        case alsa(device: String?)
        /// The engine recording into a WAV file in real time.
        case wav(path: String)

        /// `none`, `alsa`, `alsa:DEVICE` or `wav:FILE`; nil for anything else.
        public init?(argument: String) {
            if argument == "none" {
                self = .none
            } else if argument == "alsa" {
                self = .alsa(device: nil)
            } else if argument.hasPrefix("alsa:") {
                self = .alsa(device: String(argument.dropFirst(5)))
            } else if argument.hasPrefix("wav:") {
                self = .wav(path: String(argument.dropFirst(4)))
            } else {
                return nil
            }
        }
    }

    /// Where the configuration is looked for when none is named; missing there means the factory settings.
    public static let defaultConfigPath = "/etc/sleepbox/sleepbox.toml"

    /// The configuration file.
    public var configPath: String
    /// Where the state file lives.
    public var stateDirectory: String
    /// The control socket.
    public var socketPath: String
    public var hardware: Hardware
    /// A board profile file (instead of the configuration's `[board] profile`).
    public var boardPath: String?
    /// The simulated hardware's display.
    public var display: SimulatedDisplay.Mode
    /// The simulated hardware's sound.
    public var sound: Sound
    /// The seed of random choices (nil: a random one).
    public var seed: UInt64?

    public init(configPath: String, stateDirectory: String, socketPath: String, hardware: Hardware, boardPath: String?,
                display: SimulatedDisplay.Mode, sound: Sound, seed: UInt64?) {
        self.configPath = configPath
        self.stateDirectory = stateDirectory
        self.socketPath = socketPath
        self.hardware = hardware
        self.boardPath = boardPath
        self.display = display
        self.sound = sound
        self.seed = seed
    }

    /// The simulated display for `--display`: `terminal` (half blocks), `none`, or a folder for PNG frames.
    public static func displayMode(_ argument: String) -> SimulatedDisplay.Mode {
        switch argument {
        case "terminal": return .terminal
        case "none": return .none
        default: return .folder(argument)
        }
    }
}
