// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sleepbox",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sleepbox", targets: ["sleepbox"]),
        // The opt-in companion: the page on the home network and Home Assistant over MQTT, a
        // client of the control socket in a process of its own.
        .executable(name: "sleepbox-companion", targets: ["sleepbox-companion"]),
        .library(name: "SleepBoxCompanion", targets: ["SleepBoxCompanion"]),
        // For the fuzz targets in Fuzz/ (a package of their own, built with -sanitize=fuzzer).
        .library(name: "SleepBoxContent", targets: ["SleepBoxContent"]),
        .library(name: "SleepBoxSystem", targets: ["SleepBoxSystem"]),
        .library(name: "SleepBoxRunner", targets: ["SleepBoxRunner"]),
        .library(name: "SleepBoxConfig", targets: ["SleepBoxConfig"]),
        .library(name: "SleepBoxStore", targets: ["SleepBoxStore"]),
        .library(name: "SleepBoxTools", targets: ["SleepBoxTools"]),
        .library(name: "SleepBoxSimulator", targets: ["SleepBoxSimulator"]),
        .library(name: "SleepBoxDaemon", targets: ["SleepBoxDaemon"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The companion's HTTP server: SwiftNIO's HTTP/1 alone (docs/performance.md, the companion).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        // The pure state machine: no I/O, no clocks, no randomness it did not receive.
        .target(name: "SleepBoxCore"),
        // The thin layer over the OS: one errno error naming the C call, EINTR retry, the clocks,
        // text files, atomic files, JSON values, retry backoff, quoting, exit statuses, thread
        // priority and heap tuning, where the shipped data lives; the control socket's client, SHA-256,
        // journal log lines and the version, which the box and the companion share.
        .target(name: "SleepBoxSystem", dependencies: [
            "CLinux", "CNettle",
            .product(name: "Logging", package: "swift-log"),
        ]),
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
        // The runner: a `Box` driven by a clock, input lines, a display, a sound output, a state
        // saver and a history keeper, all protocols. No Linux in it: the daemon and the simulator
        // each bring their own clock and devices.
        .target(name: "SleepBoxRunner", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxUI", "SleepBoxAudio",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The configuration file: its sections, checks and the settings it holds for the devices.
        .target(name: "SleepBoxConfig", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxTOML", "SleepBoxAudio", "SleepBoxContent", "SleepBoxHardware", "SleepBoxSpeech",
        ]),
        // The library's sound: items opened for the engine, the program cache, voices, the menu
        // voice, the engine-to-sink feed.
        .target(name: "SleepBoxSound", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxAudio", "SleepBoxContent", "SleepBoxSpeech", "SleepBoxConfig",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // What the box keeps on disk: the state file, the history database, the state folder's lock.
        .target(name: "SleepBoxStore", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxRunner", "CSQLite",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The simulator: a virtual clock, simulated devices, scripts, the interactive mode.
        .target(name: "SleepBoxSimulator", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxUI", "SleepBoxAudio", "SleepBoxTOML",
            "SleepBoxRunner", "SleepBoxConfig", "SleepBoxSound", "SleepBoxStore", "CLinux",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The daemon: the poll loop, the real clock, the control socket, the live devices (ALSA,
        // the OLED, GPIO lines), host services, the wiring of `run`.
        .target(name: "SleepBoxDaemon", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxUI", "SleepBoxAudio", "SleepBoxHardware", "CLinux",
            "SleepBoxRunner", "SleepBoxConfig", "SleepBoxSound", "SleepBoxStore", "SleepBoxSimulator",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The command-line tools: content, play, doctor, history.
        .target(name: "SleepBoxTools", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxUI", "SleepBoxAudio", "SleepBoxHardware", "SleepBoxTOML",
            "SleepBoxContent", "SleepBoxSpeech",
            "SleepBoxRunner", "SleepBoxConfig", "SleepBoxSound", "SleepBoxStore", "SleepBoxDaemon",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "sleepbox", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "SleepBoxRunner", "SleepBoxConfig", "SleepBoxSimulator", "SleepBoxDaemon", "SleepBoxTools",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The companion: the page (routes, pairing, the Host and Origin checks, device tokens), its
        // HTTP server, Home Assistant's discovery and commands, the MQTT link. Talks to the box only
        // through the control socket; links no device and no sound.
        .target(name: "SleepBoxCompanion", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "CLinux", "CMosquitto",
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .executableTarget(name: "sleepbox-companion", dependencies: [
            "SleepBoxCompanion", "SleepBoxSystem",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "SleepBoxCompanionTests", dependencies: ["SleepBoxCompanion", "SleepBoxSystem"]),
        .testTarget(name: "SleepBoxCoreTests", dependencies: ["SleepBoxCore"]),
        .testTarget(name: "SleepBoxSystemTests", dependencies: ["SleepBoxSystem"]),
        .testTarget(name: "SleepBoxUITests", dependencies: ["SleepBoxUI"], exclude: ["Golden"]),
        .testTarget(name: "SleepBoxAudioTests", dependencies: ["SleepBoxAudio", "SleepBoxSystem"]),
        .testTarget(name: "SleepBoxContentTests", dependencies: ["SleepBoxContent", "SleepBoxAudio", "SleepBoxCore", "SleepBoxTOML"]),
        .testTarget(name: "SleepBoxSpeechTests", dependencies: ["SleepBoxSpeech", "SleepBoxAudio", "SleepBoxCore"]),
        .testTarget(name: "SleepBoxHardwareTests", dependencies: ["SleepBoxHardware", "SleepBoxSystem", "SleepBoxUI", "SleepBoxCore", "CI2C"]),
        .testTarget(name: "SleepBoxDaemonTests", dependencies: [
            "SleepBoxRunner", "SleepBoxConfig", "SleepBoxSound", "SleepBoxStore", "SleepBoxSimulator", "SleepBoxDaemon", "SleepBoxTools",
            "SleepBoxSystem", "SleepBoxTOML", "SleepBoxHardware", "CLinux", "CSQLite"]),
        .testTarget(name: "SleepBoxTOMLTests", dependencies: ["SleepBoxTOML"]),
    ],
    swiftLanguageModes: [.v6]
)
