import Foundation
import SleepBoxTOML
import SleepBoxSystem

extension BoardProfile {
    /// The largest board profile read: 64 KiB (a profile is about 2 KB); only a regular file
    /// (`RegularFile`): `/dev/zero` or a FIFO named as a profile is refused at once.
    public static let sizeLimit = 64 << 10

    /// Reads the profile at `path`; its name is the file name without `.toml`.
    ///
    /// Anything wrong (an unreadable file, a TOML syntax error, an unknown table or key, a wrong
    /// type, a line offset outside 0-511, two pins on one line, a missing key) is a
    /// `BoardProfileError` naming the file, the line and the key, e.g.
    /// `pi-4.toml:20: [pins] leaf: 600 is out of range (0 to 511)`. All problems of a file are
    /// reported at once (a syntax error stops the reading, so it is reported alone).
    public static func load(path: String) throws(BoardProfileError) -> BoardProfile {
        let text: String
        do {
            text = try TextFile.read(path: path, limit: BoardProfile.sizeLimit)
        } catch {
            throw BoardProfileError(FileIssue(kind: .unreadable(errno: error.errno), path: path, message: error.message()))
        }
        return try parse(text: text, path: path)
    }

    /// Reads the profile called `name` (`pi-4`) from `directory` (`board/`): the file
    /// `directory/name.toml`. When there is no such file, the error lists the profiles that are.
    public static func load(name: String, directory: String) throws(BoardProfileError) -> BoardProfile {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + name + ".toml"
        do {
            return try load(path: path)
        } catch {
            guard error.issues.count == 1, let issue = error.first, issue.kind == .unreadable(errno: ENOENT) else {
                throw error
            }
            let names = availableNames(directory: directory)
            let known = names.isEmpty ? "there are no profiles in \(directory)" : "profiles in \(directory): \(names.joined(separator: ", "))"
            throw BoardProfileError(FileIssue(kind: issue.kind, path: path, message: "no board profile \(Quoting.quoted(name)) (\(known))"))
        }
    }

    /// Parses `text`, the contents of the profile file named `path` (used for the profile's name
    /// and in messages only).
    public static func parse(text: String, path: String) throws(BoardProfileError) -> BoardProfile {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(text: text, path: path)
        } catch {
            throw BoardProfileError(error)
        }
        var reader = TOMLReader(document, namesNumberKinds: true)
        let profile = BoardProfileSchema.read(&reader, name: profileName(path: path))
        guard reader.issues.isEmpty, let profile else { throw BoardProfileError(issues: reader.issues) }
        return profile
    }

    /// `pi-4` for `board/pi-4.toml`.
    static func profileName(path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return file.hasSuffix(".toml") ? String(file.dropLast(5)) : file
    }

    /// The names of the `.toml` files in `directory`, sorted; empty when it cannot be listed.
    static func availableNames(directory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
    }
}
