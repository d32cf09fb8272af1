import ArgumentParser
import Foundation
import SleepBoxDaemon
import SleepBoxTools

/// `sleepbox play FILE`: test the speaker, or measure the engine.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play one audio file through the box's engine (WAV, FLAC, Ogg Vorbis, Opus, MP3).")

    @Argument(help: "The file to play.")
    var file: String

    @Option(help: "ALSA device (default: [audio] device from --config, else \"default\").")
    var device: String?

    @Option(help: "Write what would be played to this WAV file instead of a sound card.")
    var wav: String?

    @Flag(help: "Play to nowhere (as fast as possible): for benchmarks.")
    var null = false

    @Option(help: "Volume in percent on the box's perceptual curve; default 100 (unity gain).")
    var volume: Int = 100

    @Option(help: "Start the sleep-timer fade after this many seconds.")
    var fadeOutAfter: Double?

    @Option(help: "Configuration file: [timer] fade_out_seconds, [audio] device and sample_rate.")
    var config: String?

    @Option(help: ArgumentHelp(
        "Output rate in Hz (8000 to 192000). Default: the file's own when the output takes it, else [audio] sample_rate.",
        valueName: "hz"))
    var rate: Int?

    func validate() throws {
        guard (0...100).contains(volume) else { throw ValidationError("--volume must be 0 to 100") }
        if let f = fadeOutAfter, f < 0 { throw ValidationError("--fade-out-after must not be negative") }
        if wav != nil && null { throw ValidationError("--wav and --null exclude each other") }
        if let r = rate, !(8_000...192_000).contains(r) { throw ValidationError("--rate must be 8000 to 192000 Hz") }
    }

    func run() throws {
        let destination: FilePlayer.Destination = null ? .nowhere : wav.map { .wav($0) } ?? .soundCard(device)
        let player: FilePlayer
        do {
            player = try FilePlayer.configured(path: file, destination: destination, volume: volume, fadeAfter: fadeOutAfter,
                                               configPath: config, rate: rate)
        } catch {
            FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        guard player.run() else {
            FileHandle.standardError.write(Data("sleepbox: cannot play \(player.failure ?? file)\n".utf8))
            throw ExitCode(player.failureStatus)
        }
    }
}
