// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, one per surface that reads outside input. Built and run by Fuzz/run.sh
// (`make fuzz`); each target is one small file in Sources/<Target>/ and its seeds are in
// Corpus/<name>/. To add a surface: a folder with a file exporting LLVMFuzzerTestOneInput, a
// target below, a seed folder, and its name in Fuzz/run.sh. SwiftPM links an executable's main
// to <Target>_main, so each target defines that and hands over to libFuzzer's driver.
let package = Package(
    name: "sleepbox-fuzz",
    dependencies: [.package(name: "sleepbox", path: "..")],
    targets: [
        // libFuzzer's driver entry, declared for Swift.
        .target(name: "CFuzzer"),
        .executableTarget(name: "FuzzScript", dependencies: ["CFuzzer", .product(name: "SleepBoxContent", package: "sleepbox")]),
        .executableTarget(name: "FuzzTimeline", dependencies: ["CFuzzer", .product(name: "SleepBoxContent", package: "sleepbox")]),
        .executableTarget(name: "FuzzContentItem", dependencies: ["CFuzzer", .product(name: "SleepBoxContent", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzStateFile", dependencies: ["CFuzzer", .product(name: "SleepBoxStore", package: "sleepbox"), .product(name: "SleepBoxRunner", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzConfig", dependencies: ["CFuzzer", .product(name: "SleepBoxConfig", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzSimulatorScript", dependencies: ["CFuzzer", .product(name: "SleepBoxSimulator", package: "sleepbox"), .product(name: "SleepBoxRunner", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzControlRequest", dependencies: ["CFuzzer", .product(name: "SleepBoxDaemon", package: "sleepbox"), .product(name: "SleepBoxSimulator", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        // libsqlite3, to write the rows no box writes.
        .systemLibrary(name: "CHistorySQLite"),
        .executableTarget(name: "FuzzHistoryRows",
                          dependencies: ["CFuzzer", "CHistorySQLite", .product(name: "SleepBoxStore", package: "sleepbox"),
                                         .product(name: "SleepBoxTools", package: "sleepbox"), .product(name: "SleepBoxRunner", package: "sleepbox")]),
        .executableTarget(name: "FuzzBoardProfile", dependencies: ["CFuzzer", .product(name: "SleepBoxConfig", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzMix", dependencies: ["CFuzzer", .product(name: "SleepBoxContent", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzCompanionPage", dependencies: ["CFuzzer", .product(name: "SleepBoxCompanion", package: "sleepbox"), .product(name: "SleepBoxDaemon", package: "sleepbox"), .product(name: "SleepBoxSimulator", package: "sleepbox"), .product(name: "SleepBoxSystem", package: "sleepbox")]),
        .executableTarget(name: "FuzzWAVHeader", dependencies: ["CFuzzer", .product(name: "SleepBoxContent", package: "sleepbox")]),
    ],
    swiftLanguageModes: [.v6]
)
