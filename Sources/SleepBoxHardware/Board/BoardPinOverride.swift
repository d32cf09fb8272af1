/// A pin moved to another line by the configuration (`[pins] leaf = 23`), for
/// `BoardProfile.applying(_:)`.
///
/// `path` and `line` say where the override was written, so a problem with it (a line out of
/// range, a line another pin already uses) is reported there.
public struct BoardPinOverride: Sendable, Equatable {
    /// The pin to move.
    public var pin: BoardPin
    /// The line offset to move it to, as written (checked against `BoardProfile.offsetRange`).
    public var offset: Int
    /// The file the override was written in (the configuration), if known.
    public var path: String?
    /// The 1-based line it was written on, if known.
    public var line: Int?

    /// `pin` to `offset`, written at `path`:`line`.
    public init(pin: BoardPin, offset: Int, path: String? = nil, line: Int? = nil) {
        self.pin = pin
        self.offset = offset
        self.path = path
        self.line = line
    }
}
