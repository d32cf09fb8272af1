import SleepBoxUI

/// Which parts of the panel's RAM differ from a new frame, and the I2C writes that update just
/// those parts.
///
/// Both controllers run in page addressing mode: each run of changed columns in a page goes out
/// as one positioning write of 3 command bytes (0xB0|page, 0x00|low nibble, 0x10|high nibble of
/// the RAM column) and the run's bytes in data writes of at most 32. A page's run goes from its
/// first to its last changed column, except that a stretch of `minimumGap` or more unchanged
/// columns splits it in two (the elapsed and remaining times on the now-playing screen change
/// every second at opposite ends of the same pages).
///
/// The SSD1306's horizontal mode was measured too: its window needs 6 command bytes (0x21, 0x22)
/// per region, and merging neighbouring pages into one window saved bytes only on some screens
/// and cost more on others, so both chips share this one path.
enum OLEDFramePlanner {
    /// Unchanged columns worth skipping: a second run costs a positioning write (START, address,
    /// 0x00 and 3 command bytes, STOP: 47 bit times) and one more data write's overhead (START,
    /// address, 0x40, STOP: 20), 67 bit times, while each skipped byte saves 9.
    static let minimumGap = 8

    /// A run of changed columns in one page.
    struct Run: Sendable, Hashable {
        var page: Int
        var columns: ClosedRange<Int>
    }

    /// The writes that turn a panel holding `old` (nil: unknown, e.g. after init) into `new`;
    /// `columnOffset` is the RAM column of the panel's column 0 (2 on the SH1106).
    static func plan(from old: Framebuffer?, to new: Framebuffer, columnOffset: Int) -> [I2CBlockWrite] {
        changedRuns(from: old, to: new).flatMap { writes(for: $0, of: new, columnOffset: columnOffset) }
    }

    /// The runs to send, top page first, left to right; every page whole when `old` is nil.
    static func changedRuns(from old: Framebuffer?, to new: Framebuffer) -> [Run] {
        let width = Framebuffer.width
        guard let old else {
            return (0..<Framebuffer.pageCount).map { Run(page: $0, columns: 0...(width - 1)) }
        }
        var runs: [Run] = []
        for page in 0..<Framebuffer.pageCount {
            let base = page * width
            var current: ClosedRange<Int>?
            for column in 0..<width where old.bytes[base + column] != new.bytes[base + column] {
                if let open = current, column - open.upperBound <= minimumGap {
                    current = open.lowerBound...column
                } else {
                    if let open = current { runs.append(Run(page: page, columns: open)) }
                    current = column...column
                }
            }
            if let open = current { runs.append(Run(page: page, columns: open)) }
        }
        return runs
    }

    /// The positioning write for the run's first column, then its bytes in writes of at most 32
    /// (the column address advances by itself after each byte).
    static func writes(for run: Run, of frame: Framebuffer, columnOffset: Int) -> [I2CBlockWrite] {
        let column = run.columns.lowerBound + columnOffset
        var result = [I2CBlockWrite(command: OLEDCommand.commandStream, bytes: [
            OLEDCommand.setPage | UInt8(run.page),
            OLEDCommand.setColumnLow | UInt8(column & 0x0F),
            OLEDCommand.setColumnHigh | UInt8(column >> 4),
        ])]
        let base = run.page * Framebuffer.width
        var chunkStart = base + run.columns.lowerBound
        let end = base + run.columns.upperBound + 1
        while chunkStart < end {
            let chunkEnd = min(chunkStart + I2CBlockWrite.maxLength, end)
            result.append(I2CBlockWrite(command: OLEDCommand.dataStream, bytes: Array(frame.bytes[chunkStart..<chunkEnd])))
            chunkStart = chunkEnd
        }
        return result
    }
}
