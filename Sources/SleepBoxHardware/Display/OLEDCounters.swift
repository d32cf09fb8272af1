/// What an `OLEDPanel` has sent, for diagnosis (`status`, `doctor`) and measurements.
public struct OLEDCounters: Sendable, Hashable {
    /// I2C transfers that went through.
    public var transfers = 0
    /// Bytes after the address in those transfers: each control byte and what followed it.
    public var bytesSent = 0
    /// Of those, bytes written into display RAM.
    public var dataBytes = 0
    /// Transfers that failed.
    public var errors = 0
    /// Init sequences that went through (1 after start; +1 per recovery).
    public var inits = 0
    /// Frames that needed any write, and of those the ones sent whole.
    public var framesSent = 0
    public var fullFrames = 0

    public init() {}

    /// Bit times on the wire for the transfers that went through: START, address + ACK,
    /// 9 bits per byte (8 + ACK), STOP.
    public var wireBits: Int { transfers * I2CBlockWrite.overheadBits + bytesSent * 9 }

    /// `wireBits` at an I2C clock of `hertz` (400 kHz fast mode, 100 kHz standard).
    public func wireSeconds(atHertz hertz: Double) -> Double { Double(wireBits) / hertz }

    /// The counts since `earlier`.
    public func since(_ earlier: OLEDCounters) -> OLEDCounters {
        var d = OLEDCounters()
        d.transfers = transfers - earlier.transfers
        d.bytesSent = bytesSent - earlier.bytesSent
        d.dataBytes = dataBytes - earlier.dataBytes
        d.errors = errors - earlier.errors
        d.inits = inits - earlier.inits
        d.framesSent = framesSent - earlier.framesSent
        d.fullFrames = fullFrames - earlier.fullFrames
        return d
    }
}
