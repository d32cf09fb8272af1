import CFuzzer
import Foundation
import SleepBoxConfig
import SleepBoxHardware
import SleepBoxSystem

/// A shipped board profile, for the pins a fuzzed file moves (`Fuzz/run.sh` runs in `Fuzz/`).
private let board = try? BoardProfile.load(path: "../board/pi-4.toml")

/// A configuration file (`sleepbox.toml`) from any bytes, read through SleepBoxTOML by
/// `ConfigFile` as `run` and `config check` read it, its pins then placed on a Pi 4's board: it is
/// accepted, or refused with at least one issue naming the file; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard let text = try? TextFile.text(of: bytes, path: "sleepbox.toml") else { return 0 }
    do {
        let file = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
        precondition(file.config.timer.choices.allSatisfy { $0 >= 0.1 && $0 <= 1440 }, "a timer length out of range was taken")
        precondition(file.config.alarmBehaviour.autoStopMinutes >= 1, "an auto stop under a minute was taken")
        if let board {
            do {
                _ = try board.applying(file.devices.pinOverrides)
            } catch {
                precondition(!error.issues.isEmpty, "pins were refused without a reason")
            }
        }
    } catch {
        precondition(!error.issues.isEmpty, "a configuration was refused without a reason")
        precondition(error.issues.count <= 4096, "\(error.issues.count) issues for one file")
        _ = error.description
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzConfig_main")
public func fuzzConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzConfig(data, size)
    }
}
