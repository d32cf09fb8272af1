import SleepBoxHardware
import SleepBoxSystem
import SleepBoxConfig

/// The board profile the configuration asks for, with its pin and display overrides applied.
public enum BoardSetup {
    public enum Failure: Error, CustomStringConvertible {
        case profile(BoardProfileError)
        case noBoardFolder
        public var description: String {
            switch self {
            case .profile(let e): return "\(e)"
            case .noBoardFolder: return "no board profiles found (looked in /usr/local/share/sleepbox/board and next to the program); install them or set [board] profile to a file path"
            }
        }
        /// 78 (EX_CONFIG): the configuration names something that does not fit.
        public var exitCode: Int32 { ExitStatus.config.rawValue }
    }

    /// `explicitPath` (a `--board` option) wins over the configuration's `[board] profile`.
    public static func profile(_ devices: DeviceSettings, explicitPath: String?) throws(Failure) -> BoardProfile {
        var profile: BoardProfile
        do {
            let choice = explicitPath ?? devices.boardProfile
            if choice.contains("/") || choice.hasSuffix(".toml") {
                profile = try BoardProfile.load(path: choice)
            } else {
                let name = choice == "auto" ? try BoardProfile.detect() : choice
                guard let dir = DataLocations.folder("board") else { throw Failure.noBoardFolder }
                profile = try BoardProfile.load(name: name, directory: dir)
            }
            profile = try profile.applying(devices.pinOverrides)
        } catch let e as BoardProfileError {
            throw .profile(e)
        } catch let e as Failure {
            throw e
        } catch {
            throw .noBoardFolder
        }
        if let c = devices.displayController { profile.display.controller = c }
        if let a = devices.displayAddress { profile.display.address = a }
        return profile
    }
}
