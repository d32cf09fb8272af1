import SleepBoxRunner
/// What `sleepbox simulate` was asked for on its command line (docs/simulator.md).
public struct SimulateOptions: Sendable {
    /// A JSON-lines script to run on the virtual clock; nil: interactive, in the terminal.
    public var scriptPath: String?
    /// The local time the run starts at (nil: now).
    public var start: LocalDateTime?
    /// Where the state file is restored from and saved to (nil: none).
    public var stateDirectory: String?
    /// The configuration file (nil: the factory settings).
    public var configPath: String?
    /// The seed of random choices (nil: a random one, printed in the summary).
    public var seed: UInt64?
    /// Where the trace goes, and how often a periodic record is added (seconds).
    public var traceOut: String?
    public var traceEvery: Double?
    /// A folder for PNG frames, and their pixels per display pixel.
    public var framesOut: String?
    public var frameScale: Int
    /// Interactive: how many times faster than real time.
    public var speed: Double
    /// A WAV recording of everything the box plays, and a PNG of its level.
    public var audioOut: String?
    public var audioEnvelope: String?

    public init(scriptPath: String?, start: LocalDateTime?, stateDirectory: String?, configPath: String?, seed: UInt64?,
                traceOut: String?, traceEvery: Double?, framesOut: String?, frameScale: Int, speed: Double,
                audioOut: String?, audioEnvelope: String?) {
        self.scriptPath = scriptPath
        self.start = start
        self.stateDirectory = stateDirectory
        self.configPath = configPath
        self.seed = seed
        self.traceOut = traceOut
        self.traceEvery = traceEvery
        self.framesOut = framesOut
        self.frameScale = frameScale
        self.speed = speed
        self.audioOut = audioOut
        self.audioEnvelope = audioEnvelope
    }
}
