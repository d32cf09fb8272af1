import SleepBoxHardware
import SleepBoxConfig

/// `sleepbox config check`: the configuration file read and validated exactly as `run` reads it,
/// the board profile and the pins included, so that a file that passes here is not refused at
/// start.
public enum ConfigCheck {
    /// Checks the file at `path`; `boardPath` is a `--board` profile (as `run` takes it). With
    /// `[board] profile = "auto"` the board is known only on the Pi itself (`detectsBoard`);
    /// elsewhere the answer says so instead of checking the pins against a guess.
    ///
    /// Returns the lines to print when the file is fine; throws the first failure, with the exit
    /// status `run` would have (78 for the configuration or the board).
    public static func check(path: String, boardPath: String? = nil,
                             detectsBoard: Bool = BoardDetection.isRaspberryPi()) throws(SetupFailure) -> [String] {
        let file: ConfigFile
        do {
            file = try loadConfigFile(path)
        } catch {
            throw SetupFailure("\(error)", exitCode: error.exitCode)
        }
        let devices = file.devices
        if boardPath == nil, devices.boardProfile == "auto", !detectsBoard {
            return ["\(path): OK",
                    "[board] profile = \"auto\": the board is detected on the Pi; the pins were not checked against a "
                    + "profile here (name one with --board or [board] profile to check them)"]
        }
        let profile: BoardProfile
        do {
            profile = try BoardSetup.profile(devices, explicitPath: boardPath)
        } catch {
            throw SetupFailure("\(error)", exitCode: error.exitCode)
        }
        return ["\(path): OK (board \(profile.name), pins checked)"]
    }
}
