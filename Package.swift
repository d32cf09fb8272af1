// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sleepbox",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sleepbox", targets: ["sleepbox"]),
        // For the fuzz targets in Fuzz/ (a package of their own, built with -sanitize=fuzzer).
        .library(name: "SleepBoxContent", targets: ["SleepBoxContent"]),
        .library(name: "SleepBoxDaemon", targets: ["SleepBoxDaemon"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The pure state machine: no I/O, no clocks, no randomness it did not receive.
        .target(name: "SleepBoxCore"),
        // The thin layer over the OS: one errno error naming the C call, EINTR retry, the clocks,
        // text files, retry backoff, quoting, exit statuses.
        .target(name: "SleepBoxSystem"),
        // Screen -> 128x64 one-bit framebuffer, fonts, icons, PNG export.
        .target(name: "SleepBoxUI", dependencies: ["SleepBoxCore", "CPNG"]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Sound: decoders, resampling, generators, gain automation, the mixer, sinks (ALSA, WAV, null).
        .target(name: "SleepBoxAudio", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "CSndFile", "CSoxr", "CALSA", "CEbur128",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // EBU R128 loudness (integrated, range, true peak): every item plays at one loudness.
        .systemLibrary(name: "CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        // Speech: espeak-ng in process, Piper as a subprocess, the render cache, greetings and the string table.
        .target(name: "SleepBoxSpeech", dependencies: [
            "SleepBoxCore", "SleepBoxAudio", "SleepBoxSystem", "CEspeak", "CNettle", "CSoxr", "CSndFile",
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["piper_server.py"]),
        .systemLibrary(name: "CEspeak", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // The content library: scripts, timelines, ambient generators and recordings read from the
        // content folders; items for the core; programs (speech, pauses, bells, breathing cues) for the engine.
        .target(name: "SleepBoxContent", dependencies: [
            "SleepBoxCore", "SleepBoxAudio", "SleepBoxTOML", "SleepBoxSystem",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Devices: GPIO buttons and knob (libgpiod), the I2C OLED (libi2c), the real-time clock,
        // board profiles.
        .target(name: "SleepBoxHardware", dependencies: [
            "SleepBoxCore", "SleepBoxUI", "SleepBoxSystem", "CGPIOD", "CI2C", "CLinux", "SleepBoxTOML",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The one TOML reader (config, board profiles, content items): key tables declared once,
        // typed getters, issues with file, line and suggestion.
        .target(name: "SleepBoxTOML", dependencies: [
            "SleepBoxSystem",
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
        // Linux interfaces of the event loop (timerfd, signalfd, eventfd, adjtimex) and the RTC's ioctls.
        .systemLibrary(name: "CLinux"),
        // The history database: the system's libsqlite3 through a thin shim (no Swift dependency; the
        // C API is stable and small).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Wiring: the daemon's event loop, configuration, persistence, control socket, the simulator.
        .target(name: "SleepBoxDaemon", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxUI", "SleepBoxAudio", "SleepBoxHardware", "SleepBoxTOML", "CLinux",
            "SleepBoxContent", "SleepBoxSpeech", "CSQLite",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "sleepbox", dependencies: [
            "SleepBoxDaemon",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "SleepBoxCoreTests", dependencies: ["SleepBoxCore"]),
        .testTarget(name: "SleepBoxSystemTests", dependencies: ["SleepBoxSystem"]),
        .testTarget(name: "SleepBoxUITests", dependencies: ["SleepBoxUI"], exclude: ["Golden"]),
        .testTarget(name: "SleepBoxAudioTests", dependencies: ["SleepBoxAudio", "SleepBoxSystem"]),
        .testTarget(name: "SleepBoxContentTests", dependencies: ["SleepBoxContent", "SleepBoxAudio", "SleepBoxCore", "SleepBoxTOML"]),
        .testTarget(name: "SleepBoxSpeechTests", dependencies: ["SleepBoxSpeech", "SleepBoxAudio", "SleepBoxCore"]),
        .testTarget(name: "SleepBoxHardwareTests", dependencies: ["SleepBoxHardware", "SleepBoxSystem", "SleepBoxUI", "SleepBoxCore", "CI2C"]),
        .testTarget(name: "SleepBoxDaemonTests", dependencies: ["SleepBoxDaemon", "SleepBoxSystem", "SleepBoxTOML", "SleepBoxHardware", "CLinux", "CSQLite"]),
        .testTarget(name: "SleepBoxTOMLTests", dependencies: ["SleepBoxTOML"]),
    ],
    swiftLanguageModes: [.v6]
)
