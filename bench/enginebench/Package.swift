// swift-tools-version:6.0
// The engine's render-time benchmark (bench/render_period.py builds and runs it) and the mixer's
// render-speed benchmark (bench/mixer.py), and the cost of a mix's layers (bench/mixlayers.py).
//
// A package of its own so the project's Package.swift stays as it is: its targets are symbolic
// links to the project's own SleepBoxCore, SleepBoxSystem, SleepBoxAudio, SleepBoxTOML and SleepBoxContent sources (and their C
// library modules), compiled here the same way, as separate modules in release configuration.
import PackageDescription

let package = Package(
    name: "enginebench",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .target(name: "SleepBoxCore"),
        .systemLibrary(name: "CLinux"),
        .target(name: "SleepBoxSystem", dependencies: ["CLinux"]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile"),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr"),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa"),
        .systemLibrary(name: "CEbur128", pkgConfig: "libebur128"),
        .target(name: "SleepBoxAudio", dependencies: [
            "SleepBoxCore", "SleepBoxSystem", "CSndFile", "CSoxr", "CALSA", "CEbur128",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "enginebench", dependencies: ["SleepBoxAudio", "SleepBoxCore"]),
        .executableTarget(name: "mixerbench", dependencies: ["SleepBoxAudio"]),
        .target(name: "SleepBoxTOML", dependencies: ["SleepBoxSystem", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(name: "SleepBoxContent", dependencies: [
            "SleepBoxCore", "SleepBoxAudio", "SleepBoxTOML", "SleepBoxSystem",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "mixlayers", dependencies: ["SleepBoxContent", "SleepBoxAudio", "SleepBoxCore", "CSndFile"]),
    ],
    swiftLanguageModes: [.v6]
)
