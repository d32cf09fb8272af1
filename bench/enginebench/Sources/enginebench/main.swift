// enginebench: how long the engine takes to render one 10 ms period (480 frames at 48 kHz) with
// the item, its crossfade partner, an ambient bed and the alarm all sounding, measured in
// process with CLOCK_MONOTONIC around each AudioEngine.render call.
//
//   enginebench --file test.mp3 [--periods 100000] [--warmup 100] [--load N] [--json]
//               [--sources]
//
// --load N   also runs N busy threads in this process (each decodes and resamples the same MP3
//            through FileSource in a loop, as the daemon's worker thread would while preparing
//            a program), to see what sharing the CPU does to the worst period.
// --sources  first prints what one period of each source costs alone.
//
// Prints one JSON object per scenario (with --json) or a table.
#if canImport(Glibc)
import Glibc
#endif
import SleepBoxAudio
import SleepBoxCore

// MARK: - Arguments

struct Options: Sendable {
    var file = ""
    var periods = 100_000
    var warmup = 100
    var load = 0
    var json = false
    var sourcesTable = false
    var crossfadeEvery = 500
}

func fail(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--file": o.file = args.popFirst() ?? ""
        case "--periods": o.periods = Int(args.popFirst() ?? "") ?? o.periods
        case "--warmup": o.warmup = Int(args.popFirst() ?? "") ?? o.warmup
        case "--load": o.load = Int(args.popFirst() ?? "") ?? 0
        case "--crossfade-every": o.crossfadeEvery = max(10, Int(args.popFirst() ?? "") ?? o.crossfadeEvery)
        case "--json": o.json = true
        case "--sources": o.sourcesTable = true
        default:
            fail("enginebench: unknown argument \(a)")
            exit(2)
        }
    }
    guard !o.file.isEmpty else {
        fail("usage: enginebench --file FILE.mp3 [--periods N] [--warmup N] [--load N] [--json] [--sources]")
        exit(2)
    }
    return o
}

let options = parseOptions()
let file = options.file
let periods = options.periods
let warmup = options.warmup
let load = options.load
let json = options.json
let crossfadeEvery = options.crossfadeEvery

let format = AudioFormat.engine
let periodFrames = format.frames(0.01)
let periodNanos = 10_000_000.0

@inline(__always) func nanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func cpuNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

// MARK: - The engine's sounds

final class BenchProvider: SoundProvider {
    let path: String
    init(path: String) { self.path = path }
    func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
        let source = try FileSource(path: path, format: format)
        if position > 0 { try source.seek(toFrame: format.frames(position)) }
        return source
    }
    func wakeSound() -> any AudioSource { WakeSound(format: format) }
    func speech(_ text: String) -> (any AudioSource)? { nil }
}

// MARK: - Statistics

struct Stats {
    var count = 0
    var mean = 0.0
    var p50 = 0.0
    var p99 = 0.0
    var p999 = 0.0
    var max = 0.0
    var over1ms = 0
    var over5ms = 0

    init(_ samples: [UInt64]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        count = sorted.count
        mean = Double(sorted.reduce(0, +)) / Double(count)
        func pct(_ p: Double) -> Double { Double(sorted[min(count - 1, Int((p * Double(count)).rounded(.up)) - 1)]) }
        p50 = pct(0.50)
        p99 = pct(0.99)
        p999 = pct(0.999)
        max = Double(sorted[count - 1])
        over1ms = sorted.filter { $0 > 1_000_000 }.count
        over5ms = sorted.filter { $0 > 5_000_000 }.count
    }
}

func us(_ n: Double) -> String {
    let v = n / 1000
    return v < 10 ? String(format1: v, 2) : v < 100 ? String(format1: v, 1) : String(format1: v, 0)
}

extension String {
    init(format1 value: Double, _ decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (value * scale).rounded() / scale
        var s = "\(r)"
        if decimals == 0, s.hasSuffix(".0") { s.removeLast(2) }
        if let dot = s.firstIndex(of: ".") {
            let have = s.distance(from: dot, to: s.endIndex) - 1
            if have < decimals { s += String(repeating: "0", count: decimals - have) }
        }
        self = s
    }
}

// MARK: - Background load

final class LoadFlag: @unchecked Sendable {
    var stop = false
}
let loadFlag = LoadFlag()

func startLoad(_ n: Int) -> [pthread_t] {
    var loadThreads: [pthread_t] = []
    for _ in 0..<n {
        var thread = pthread_t()
        let ctx = UnsafeMutablePointer<String>.allocate(capacity: 1)
        ctx.initialize(to: file)
        pthread_create(&thread, nil, { raw in
            let path = raw!.assumingMemoryBound(to: String.self).pointee
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 4096)
            while !loadFlag.stop {
                guard let s = try? FileSource(path: path, format: .engine) else { break }
                var total = 0
                while !loadFlag.stop && total < 48_000 * 60 {
                    let got = s.render(into: buffer, frames: 4096)
                    if got == 0 { break }
                    total += got
                }
            }
            return nil
        }, ctx)
        loadThreads.append(thread)
    }
    return loadThreads
}

func stopLoad(_ threads: [pthread_t]) {
    loadFlag.stop = true
    for t in threads { pthread_join(t, nil) }
    loadFlag.stop = false
}

// MARK: - Source costs (each alone)

func sourceCosts() {
    let n = 3000
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * periodFrames)
    defer { buffer.deallocate() }
    var rows: [(String, Stats)] = []
    func measure(_ name: String, _ make: () throws -> any AudioSource) {
        guard let source = try? make() else { return }
        var samples: [UInt64] = []
        samples.reserveCapacity(n)
        for i in 0..<(n + 20) {
            let t0 = nanos()
            _ = source.render(into: buffer, frames: periodFrames)
            let t1 = nanos()
            if i >= 20 { samples.append(t1 - t0) }
        }
        rows.append((name, Stats(samples)))
    }
    measure("FileSource MP3 44.1 kHz -> 48 kHz (soxr HQ)") { try FileSource(path: file, format: format) }
    measure("RainGenerator") { RainGenerator(seed: 1, format: format) }
    measure("OceanGenerator") { OceanGenerator(seed: 1, format: format) }
    measure("ForestGenerator") { ForestGenerator(seed: 1, format: format) }
    measure("NoiseGenerator pink") { NoiseGenerator(color: .pink, seed: 1, format: format) }
    measure("WakeSound") { WakeSound(format: format) }
    // Opening the item (what play, crossfade and seek do on the caller's thread).
    var openRows: [(String, Double, Double)] = []
    for position in [0.0, 60, 300, 900] {
        var best = Double.infinity
        var worst = 0.0
        for _ in 0..<5 {
            let t0 = nanos()
            if let source = try? FileSource(path: file, format: format), position > 0 {
                try? source.seek(toFrame: format.frames(position))
            }
            let d = Double(nanos() - t0)
            best = min(best, d)
            worst = max(worst, d)
        }
        openRows.append(("open MP3 + seek to \(Int(position)) s", best, worst))
    }
    if json {
        for (name, best, worst) in openRows {
            print("{\"kind\":\"open\",\"name\":\"\(name)\",\"min_ns\":\(Int(best)),\"max_ns\":\(Int(worst))}")
        }
        for (name, s) in rows {
            print("{\"kind\":\"source\",\"name\":\"\(name)\",\"periods\":\(s.count),\"mean_ns\":\(Int(s.mean)),\"p99_ns\":\(Int(s.p99)),\"max_ns\":\(Int(s.max))}")
        }
    } else {
        print("One 480-frame period of each source alone (\(n) periods):")
        print("| source | mean µs | p99 µs | max µs |")
        print("|---|---:|---:|---:|")
        for (name, s) in rows { print("| \(name) | \(us(s.mean)) | \(us(s.p99)) | \(us(s.max)) |") }
        print("")
        print("Opening the item on the caller's thread (5 times each):")
        print("| operation | min ms | max ms |")
        print("|---|---:|---:|")
        for (name, best, worst) in openRows { print("| \(name) | \(String(format1: best / 1e6, 2)) | \(String(format1: worst / 1e6, 2)) |") }
        print("")
    }
}

// MARK: - The full mix

func fullMix() {
    let engine = AudioEngine(format: format, provider: BenchProvider(path: file), volumePercent: 60)
    engine.perform(.play("item", from: 0))
    engine.mixer.setSource(RainGenerator(seed: 7, format: format), on: .bed, gain: 0.4)
    // The alarm rising over the whole run, so its ramp is live in every period.
    engine.perform(.startAlarm(from: 0.05, to: 0.8, over: Double(periods + warmup) / 100 + 10))
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * periodFrames)
    defer { buffer.deallocate() }

    var samples = [UInt64](repeating: 0, count: periods)
    var commandSamples: [UInt64] = []
    var allFour = 0
    let want: MixerBusSet = [.item, .partner, .bed, .alarm]
    var rng = SystemRandomNumberGenerator()
    let threads = startLoad(load)
    let cpu0 = cpuNanos()
    let wall0 = nanos()
    for i in 0..<(periods + warmup) {
        if i % crossfadeEvery == 0 {
            // A new item crossfading in over almost the whole interval, from a random place in
            // the file: the old one stays on the partner bus until the next crossfade.
            let from = Double(Int.random(in: 0...900, using: &rng))
            let c0 = nanos()
            engine.perform(.crossfade(to: "item", from: from, over: Double(crossfadeEvery) / 100 - 0.1))
            commandSamples.append(nanos() - c0)
        }
        let t0 = nanos()
        let reports = engine.render(into: buffer, frames: periodFrames)
        let t1 = nanos()
        if !reports.isEmpty, case .itemFinished = reports[0].0 {
            engine.perform(.play("item", from: 0))
        }
        if i >= warmup {
            samples[i - warmup] = t1 - t0
            if engine.mixer.activeBuses.isSuperset(of: want) { allFour += 1 }
        }
    }
    let wall = nanos() - wall0
    let cpu = cpuNanos() - cpu0
    stopLoad(threads)
    let s = Stats(samples)
    let c = Stats(commandSamples)
    if json {
        print("{\"kind\":\"mix\",\"load\":\(load),\"periods\":\(s.count),\"all_four_active\":\(allFour),"
            + "\"mean_ns\":\(Int(s.mean)),\"p50_ns\":\(Int(s.p50)),\"p99_ns\":\(Int(s.p99)),\"p999_ns\":\(Int(s.p999)),"
            + "\"max_ns\":\(Int(s.max)),\"over_1ms\":\(s.over1ms),\"over_5ms\":\(s.over5ms),"
            + "\"crossfade_commands\":\(c.count),\"crossfade_mean_ns\":\(Int(c.mean)),\"crossfade_max_ns\":\(Int(c.max)),"
            + "\"loop_wall_ns\":\(wall),\"loop_thread_cpu_ns\":\(cpu)}")
    } else {
        print("Full mix (item + crossfade partner + rain bed + rising alarm), \(s.count) periods of \(periodFrames) frames, load threads: \(load)")
        print("periods with all four buses live: \(allFour)")
        print("| statistic | µs | of the 10 ms period |")
        print("|---|---:|---:|")
        for (name, v) in [("mean", s.mean), ("p50", s.p50), ("p99", s.p99), ("p99.9", s.p999), ("max", s.max)] {
            print("| \(name) | \(us(v)) | \(String(format1: 100 * v / periodNanos, 2)) % |")
        }
        print("periods over 1 ms: \(s.over1ms), over 5 ms: \(s.over5ms)")
        print("crossfade command (open + seek the MP3), \(c.count) times: mean \(us(c.mean)) µs, max \(us(c.max)) µs")
        print("")
    }
}

if options.sourcesTable { sourceCosts() }
fullMix()
