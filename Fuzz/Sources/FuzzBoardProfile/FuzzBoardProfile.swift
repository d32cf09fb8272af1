import CFuzzer
import SleepBoxConfig
import SleepBoxHardware
import SleepBoxSystem

/// A board profile (`board/<name>.toml`, `--board FILE`, `[board] profile`) from any bytes, read
/// as `run` and `config check` read it: accepted with every line offset, I2C bus and address in
/// range and no line used twice, or refused with at least one issue naming the file; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoardProfile(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard bytes.count <= BoardProfile.sizeLimit, let text = try? TextFile.text(of: bytes, path: "fuzz.toml") else { return 0 }
    do {
        let profile = try BoardProfile.parse(text: text, path: "board/fuzz.toml")
        let offsets = profile.pins.assigned.map(\.offset)
        precondition(offsets.allSatisfy { BoardProfile.offsetRange.contains(Int($0)) }, "a line offset out of range was taken")
        precondition(Set(offsets).count == offsets.count, "one line was taken for two pins")
        precondition(BoardProfile.i2cBusRange.contains(profile.display.i2cBus), "an I2C bus out of range was taken")
        precondition(BoardProfile.displayAddressRange.contains(profile.display.address), "an I2C address out of range was taken")
        _ = profile.chipLabels.count
    } catch {
        precondition(!error.issues.isEmpty, "a board profile was refused without a reason")
        precondition(error.issues.allSatisfy { $0.path == "board/fuzz.toml" }, "an issue names another file")
        _ = error.description
    }
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzBoardProfile_main")
public func fuzzBoardProfileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzBoardProfile(data, size)
    }
}
