import SleepBoxSystem
import SleepBoxTOML

extension BoardProfile {
    /// Where the device tree names the board: `/proc/device-tree/model`, and the same file under
    /// `/sys/firmware/devicetree/base` for systems without the `/proc` link.
    public static let modelPaths = ["/proc/device-tree/model", "/sys/firmware/devicetree/base/model"]

    /// Model names (as the device tree gives them, up to the revision) and the profile for each,
    /// checked in this order.
    static let modelPrefixes: [(prefix: String, profile: String)] = [
        ("Raspberry Pi 500", "pi-5"),
        ("Raspberry Pi 5", "pi-5"),
        ("Raspberry Pi Compute Module 5", "pi-5"),
        ("Raspberry Pi 400", "pi-4"),
        ("Raspberry Pi 4", "pi-4"),
        ("Raspberry Pi Compute Module 4S", "pi-4"),
        ("Raspberry Pi Compute Module 4", "pi-4"),
        ("Raspberry Pi 3", "pi-3"),
        ("Raspberry Pi Compute Module 3", "pi-3"),
        ("Raspberry Pi Zero 2", "pi-zero-2w"),
    ]

    /// The name of the profile for the Pi this runs on (`pi-5` for "Raspberry Pi 5 Model B Rev
    /// 1.0"), from the first of `modelPaths` that can be read.
    ///
    /// Throws when no model file can be read (not a device-tree system: say which profile to use
    /// instead) or the model has no profile.
    public static func detect(modelPaths: [String] = BoardProfile.modelPaths) throws(BoardProfileError) -> String {
        var failures: [(path: String, failure: TextFileError)] = []
        for path in modelPaths {
            let text: String
            do {
                text = try TextFile.read(path: path, limit: 4096)
            } catch {
                failures.append((path, error))
                continue
            }
            let model = cleanModel(text)
            if let name = profileName(forModel: model) { return name }
            let quotedModel = Quoting.quoted(model)
            throw BoardProfileError(FileIssue(
                kind: .unsupported, path: path,
                message: "\(quotedModel) is not a board the box has a profile for (\(supportedNames.joined(separator: ", "))); "
                    + "name the profile to use, or write one for this board"))
        }
        let path = modelPaths.first ?? "/proc/device-tree/model"
        let reasons = failures.map { "\($0.path): \($0.failure.reason)" }.joined(separator: "; ")
        throw BoardProfileError(FileIssue(
            kind: .unreadable(errno: failures.first?.failure.errno), path: path,
            message: "cannot tell which Raspberry Pi this is (\(reasons.isEmpty ? "no model file given" : reasons)); "
                + "name the profile to use (\(supportedNames.joined(separator: ", ")))"))
    }

    /// The profile for a device-tree model string, or nil for a board without one.
    ///
    /// "Raspberry Pi 5 Model B Rev 1.0" -> `pi-5`, "Raspberry Pi 400 Rev 1.0" -> `pi-4`,
    /// "Raspberry Pi 3 Model B Plus Rev 1.3" -> `pi-3`, "Raspberry Pi Zero 2 W Rev 1.0" ->
    /// `pi-zero-2w`; "Raspberry Pi Zero W Rev 1.1" -> nil.
    public static func profileName(forModel model: String) -> String? {
        let model = cleanModel(model)
        for (prefix, profile) in modelPrefixes where model == prefix || model.hasPrefix(prefix + " ") {
            return profile
        }
        return nil
    }

    /// The model without the NUL the device tree ends it with, and without surrounding blanks.
    static func cleanModel(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == "\0" || last == " " || last == "\n" || last == "\t" || last == "\r" {
            scalars.removeLast()
        }
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" {
            scalars.removeFirst()
        }
        return String(scalars)
    }
}
