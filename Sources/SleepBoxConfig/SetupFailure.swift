/// Why `sleepbox run` or `sleepbox simulate` could not start or finish: the message for the
/// person, and the exit status (sysexits: 64 usage, 65 data, 66 no input, 69 unavailable, 71 OS
/// error, 73 cannot create, 74 I/O error, 78 configuration).
public struct SetupFailure: Error, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32
    /// Whether the command line itself was wrong (the usage is worth showing).
    public var isUsage: Bool

    public init(_ message: String, exitCode: Int32, isUsage: Bool = false) {
        self.message = message
        self.exitCode = exitCode
        self.isUsage = isUsage
    }

    public var description: String { message }
}
