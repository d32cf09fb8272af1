import Foundation

/// Where the box's shipped data lives (board profiles, the bundled content): installed under
/// /usr/local/share/sleepbox (by hand) or /usr/share/sleepbox (the Debian package), or next to
/// the program in a checkout (`.build/debug/sleepbox` finds the repository's folders).
public enum DataLocations {
    /// The folder `name` (e.g. "board", "content"): $SLEEPBOX_SHARE/name, then
    /// /usr/local/share/sleepbox/name, /usr/share/sleepbox/name, then the nearest `name` folder
    /// above the program.
    public static func folder(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let share = environment["SLEEPBOX_SHARE"] { candidates.append(share + "/" + name) }
        candidates.append("/usr/local/share/sleepbox/" + name)
        candidates.append("/usr/share/sleepbox/" + name)
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent(name).path)
            dir.deleteLastPathComponent()
        }
        var isDir: ObjCBool = false
        return candidates.first { FileManager.default.fileExists(atPath: $0, isDirectory: &isDir) && isDir.boolValue }
    }
}
