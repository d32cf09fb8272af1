// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sleepbox",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sleepbox", targets: ["sleepbox"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The pure state machine: no I/O, no clocks, no randomness it did not receive.
        .target(name: "SleepBoxCore"),
        // Screen -> 128x64 one-bit framebuffer, fonts, icons, PNG export.
        .target(name: "SleepBoxUI", dependencies: ["SleepBoxCore", "CPNG"]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Wiring: configuration, the simulator's virtual-clock loop, traces.
        .target(name: "SleepBoxDaemon", dependencies: [
            "SleepBoxCore", "SleepBoxUI",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        .executableTarget(name: "sleepbox", dependencies: [
            "SleepBoxDaemon",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "SleepBoxCoreTests", dependencies: ["SleepBoxCore"]),
        .testTarget(name: "SleepBoxUITests", dependencies: ["SleepBoxUI"]),
        .testTarget(name: "SleepBoxDaemonTests", dependencies: ["SleepBoxDaemon"]),
    ],
    swiftLanguageModes: [.v6]
)
