import Foundation
import SleepBoxCore
import SleepBoxTOML
import SleepBoxSystem

/// The box's configuration file (`config/sleepbox.toml`): TOML, every key optional, every key
/// not given keeps its factory default from `BoxConfig`.
///
/// Anything wrong (a TOML syntax error, an unknown table or key, a wrong type, a value out of
/// range, an unreadable file) is a `ConfigError` naming the file, the line and the key, e.g.
/// `sleepbox.toml:12: [alarm] time: "6:75" is not a time of day (HH:MM, 00:00-23:59)`.
/// All problems of a file are reported at once, in line order (a syntax error stops the reading
/// at that error, so it is reported alone).
public struct ConfigFile: Sendable, Equatable {
    /// The settings for the state machine.
    public var config: BoxConfig
    /// The devices and folders.
    public var devices: DeviceSettings

    /// `language`: the screens' and the voice's.
    public var language: Language { config.language }

    /// Creates a value from its parts.
    public init(config: BoxConfig, devices: DeviceSettings = DeviceSettings()) {
        self.config = config
        self.devices = devices
    }

    /// Reads the file at `path`, with the system's time zone (`systemTimeZone()`) where the file
    /// sets none.
    public static func load(path: String) throws(ConfigError) -> BoxConfig {
        try ConfigFile(path: path, defaultTimeZone: systemTimeZone()).config
    }

    /// Parses `text` (the contents of the file named `path`, which only appears in messages),
    /// with the system's time zone where the text sets none.
    public static func parse(text: String, path: String) throws(ConfigError) -> BoxConfig {
        try ConfigFile(text: text, path: path, defaultTimeZone: systemTimeZone()).config
    }

    /// The largest configuration file read: six times the sample with every key and comment.
    public static let maximumBytes = 64 << 10

    /// Reads and parses the file at `path`; `defaultTimeZone` applies when it sets no `time_zone`.
    public init(path: String, defaultTimeZone: TimeZone) throws(ConfigError) {
        let text: String
        do {
            text = try TextFile.read(path: path)
        } catch {
            // One call for the message: building it from error.errno and error.reason in a closure
            // crashed the 6.3.1 optimizer (an ownership verification failure in CopyPropagation).
            let message = error.message()
            throw ConfigError(path: path, issues: [
                FileIssue(kind: .unreadable(errno: error.errno), path: path, message: message),
            ])
        }
        try self.init(text: text, path: path, defaultTimeZone: defaultTimeZone)
    }

    /// Parses `text`, the contents of the file named `path` (used in messages only);
    /// `defaultTimeZone` applies when the text sets no `time_zone`.
    public init(text: String, path: String, defaultTimeZone: TimeZone) throws(ConfigError) {
        guard text.utf8.count <= Self.maximumBytes else {
            throw ConfigError(path: path, issues: [
                FileIssue(path: path, message: "the file is \(text.utf8.count) bytes; a configuration file may have at most "
                          + "\(Self.maximumBytes) (the sample with every key and its comments has about 10,000)"),
            ])
        }
        let document: TOMLDocument
        do {
            document = try TOMLDocument(text: text, path: path)
        } catch {
            throw ConfigError(path: path, issues: [error])
        }
        var reader = TOMLReader(document)
        let file = ConfigSchema.read(&reader, defaultTimeZone: defaultTimeZone)
        guard reader.issues.isEmpty else { throw ConfigError(path: path, issues: reader.issues) }
        self = file
    }

    /// The time zone to use when the file names none: the `TZ` environment variable if it names
    /// a known zone (a leading `:` and a zoneinfo path are understood), else the zone
    /// `/etc/localtime` links to, else the name in `/etc/timezone` (Debian, Raspberry Pi OS),
    /// else UTC.
    ///
    /// - Parameters:
    ///   - environment: The process environment (a parameter so tests can pass their own).
    ///   - localtimePath: The link to read when `TZ` does not help.
    ///   - timezonePath: The file with a zone name to read when the link does not help either.
    public static func systemTimeZone(environment: [String: String] = ProcessInfo.processInfo.environment,
                                      localtimePath: String = "/etc/localtime",
                                      timezonePath: String = "/etc/timezone") -> TimeZone {
        if let tz = environment["TZ"], let zone = zone(named: tz) { return zone }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath),
           let zone = zone(named: target) {
            return zone
        }
        if let text = try? TextFile.read(path: timezonePath),
           let zone = zone(named: text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return zone
        }
        return utc
    }

    /// UTC, the last resort.
    public static let utc: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// A zone from an IANA name, `:Name`, or a path ending in `zoneinfo/Name`.
    private static func zone(named raw: String) -> TimeZone? {
        var name = Substring(raw)
        if name.hasPrefix(":") { name = name.dropFirst() }
        if let range = name.range(of: "zoneinfo/") { name = name[range.upperBound...] }
        guard !name.isEmpty, !name.hasPrefix("/") else { return nil }
        return TimeZone(identifier: String(name))
    }
}
