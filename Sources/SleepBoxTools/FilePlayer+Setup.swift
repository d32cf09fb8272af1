import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxTOML
import SleepBoxConfig

extension FilePlayer {
    /// Where `sleepbox play` sends the sound.
    public enum Destination: Sendable, Equatable {
        /// A sound card: this ALSA device, or the configuration's `[audio] device`.
        case soundCard(String?)
        /// A WAV file.
        case wav(String)
        /// Nowhere, as fast as possible (benchmarks).
        case nowhere
    }

    /// Why `sleepbox play` could not start.
    public enum SetupError: Error, CustomStringConvertible {
        case config(ConfigError)
        case output(AudioSinkError)

        public var description: String {
            switch self {
            case .config(let error): return "\(error)"
            case .output(let error): return "\(error)"
            }
        }

        /// 78 (EX_CONFIG) for the configuration, 73 (EX_CANTCREAT) for the output file.
        public var exitCode: Int32 {
            switch self {
            case .config(let error): return error.exitCode
            case .output: return 73
            }
        }
    }

    /// `path` at `volume` percent to `destination`, with the sleep-timer fade and the device
    /// settings of the configuration at `configPath` (a 30 s fade and the defaults without one);
    /// the fade starts after `fadeAfter` seconds when given.
    ///
    /// The output runs at the file's own rate when it takes that rate exactly (`OutputRate`; a
    /// WAV file or nowhere take any rate from 8 to 192 kHz, a sound card is asked with
    /// `ALSADeviceInfo.acceptsRate`), so nothing is resampled; otherwise at `[audio]
    /// sample_rate`, converting. `rate` forces the output's rate (as a device that takes only
    /// that rate would).
    public static func configured(path: String, destination: Destination, volume: Int, fadeAfter: Double?,
                                  configPath: String?, rate: Int? = nil) throws(SetupError) -> FilePlayer {
        var fade = 30.0
        var devices = DeviceSettings()
        if let configPath {
            do {
                let file = try ConfigFile(path: configPath, defaultTimeZone: ConfigFile.systemTimeZone())
                fade = file.config.timer.fadeOutSeconds
                devices = file.devices
            } catch {
                throw .config(error)
            }
        }
        let fileRate = (try? FileSource(atItsOwnRate: path))?.fileSampleRate
        let sampleRate: Int
        if let rate {
            sampleRate = rate
        } else {
            let accepts: (Int) -> Bool
            switch destination {
            case .nowhere, .wav: accepts = { AudioSection.sampleRate.contains(Double($0)) }
            case .soundCard(let device):
                let name = device ?? devices.audioDevice
                accepts = { ALSADeviceInfo.acceptsRate($0, device: name) }
            }
            sampleRate = OutputRate.choose(sourceRate: fileRate, fallback: devices.sampleRate, accepts: accepts)
        }
        let format = AudioFormat(sampleRate: sampleRate)
        let output: Output
        switch destination {
        case .nowhere:
            output = .sink(NullSink(format: format))
        case .wav(let wav):
            do { output = .sink(try WAVFileSink(path: wav, format: format)) } catch { throw .output(error) }
        case .soundCard(let device):
            let config = ALSASinkConfiguration(device: device ?? devices.audioDevice,
                                               period: .milliseconds(devices.periodMilliseconds),
                                               buffer: .milliseconds(devices.bufferMilliseconds))
            output = .alsa(ALSASink(format: format, configuration: config, logger: Logger(label: "sleepbox.play")))
        }
        return FilePlayer(path: path, format: format, volume: volume, output: output, fadeAfter: fadeAfter, fadeSeconds: fade)
    }
}
