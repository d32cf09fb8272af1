import Foundation
import Logging

/// Log lines for systemd's journal: plain text with the kernel-style priority prefix (`<3>`,
/// `<4>`, `<6>` ...) that journald reads as the level, and no time stamp (journald adds it).
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public let label: String

    public init(label: String) { self.label = label }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let priority: Int
        switch event.level {
        case .trace, .debug: priority = 7
        case .info: priority = 6
        case .notice: priority = 5
        case .warning: priority = 4
        case .error: priority = 3
        case .critical: priority = 2
        }
        var line = "<\(priority)>\(event.message)"
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        if !all.isEmpty { line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// True when standard error goes to the journal (systemd sets JOURNAL_STREAM).
    public static var isJournal: Bool { ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil }

    /// Under systemd, plain lines with a priority prefix (journald adds the time); elsewhere,
    /// stamped lines on standard error. For each program's first lines, before any logger is made.
    public static func bootstrap() {
        LoggingSystem.bootstrap { label in
            if isJournal { return JournalLogHandler(label: label) }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
    }
}
