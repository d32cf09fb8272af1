/// Why a sink could not open or write: the device or file it concerns, what went wrong, and the
/// system error number when there was one.
public struct AudioSinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The ALSA device name or the file path.
    public var device: String
    /// What went wrong, in words.
    public var reason: String
    /// The system's error number (`errno`, or a negated ALSA return code's magnitude), if any.
    public var errno: Int32?

    public init(device: String, reason: String, errno: Int32? = nil) {
        self.device = device
        self.reason = reason
        self.errno = errno
    }

    public var description: String {
        "\(device): \(reason)" + (errno.map { " (errno \($0))" } ?? "")
    }
}
