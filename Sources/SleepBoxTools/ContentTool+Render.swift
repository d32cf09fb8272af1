import Foundation
import SleepBoxAudio
import SleepBoxContent

extension ContentTool {
    /// What rendering the whole library did: summary lines, a warning when the cache is too
    /// small, and how many items failed.
    public struct LibraryRender: Sendable, Equatable {
        public var summary: [String]
        public var warning: String?
        public var failures: Int
    }

    var format: AudioFormat { AudioFormat(sampleRate: devices.sampleRate) }

    var builder: ProgramBuilder {
        ProgramBuilder(speech: content.renderer, languageVoices: content.languageRenderers, format: format,
                       loudness: content.loudness, logger: Self.quietLogger)
    }

    /// Renders the script or timeline `file` (inside a content folder of some library; check it
    /// first with `check(file:)`) into `wav`; returns the seconds written.
    public func render(file: String, toWAV wav: String) throws -> Double {
        let builder = builder, format = format
        guard let entry = ContentLibrary.load(bundled: URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().path,
                                              speech: builder.speech, languageVoices: builder.languageVoices, format: format)
            .entries.first(where: { $0.path == URL(fileURLWithPath: file).standardizedFileURL.path || $0.path == file }) else {
            throw ContentToolError.outsideLibrary(path: file)
        }
        let prepared = try builder.prepare(entry, seed: 1, breathingCues: config.breathingCues)
        let source = try builder.makeSource(prepared)
        let sink = try WAVFileSink(path: wav, format: format)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 4096)
        defer { buffer.deallocate() }
        var total = 0
        // Generators play for hours: a WAV of one gets the item's stated length at most.
        let limit = format.frames(entry.item.duration + 30)
        while total < limit {
            let n = source.render(into: buffer, frames: min(4096, limit - total))
            if n == 0 { break }
            _ = try sink.write(buffer, frames: n)
            total += n
        }
        sink.close()
        return format.seconds(total)
    }

    /// Renders every available spoken item into the voice's cache. `progress` hears each item
    /// (done, of, id) before it is rendered, `failed` each one that could not be.
    public func renderLibrary(progress: (Int, Int, String) -> Void, failed: (String, any Error) -> Void) -> LibraryRender {
        let builder = builder
        let spoken = content.library.entries.filter { $0.item.isAvailable && ($0.sourceKind == .script || $0.sourceKind == .timeline) }
        let started = Date()
        var failures = 0
        for (i, entry) in spoken.enumerated() {
            progress(i + 1, spoken.count, entry.id)
            // Into the cache stretch by stretch, as the daemon renders ahead: no program is built.
            do { _ = try builder.fillCache(entry, seed: 1) } catch {
                failures += 1
                failed(entry.id, error)
            }
        }
        let voices = [content.voice].compactMap { $0 } + content.languageVoices.values
        let hits = voices.reduce(0) { $0 + $1.hits }, misses = voices.reduce(0) { $0 + $1.misses }
        var summary = ["rendered \(spoken.count) spoken items in \(String(format: "%.1f", Date().timeIntervalSince(started))) s (\(misses) stretches rendered, \(hits) from the cache)"]
        var warning: String?
        if let cache = content.voice?.cache {
            let mib = { (bytes: Int) in String(format: "%.0f MiB", Double(bytes) / 1_048_576) }
            summary.append("speech cache: \(cache.count) clips, \(mib(cache.byteCount)) of \(mib(cache.maxBytes)) (\(cache.directory))")
            let evicted = cache.statistics.evictions
            if evicted > 0 {
                warning = "the speech cache is too small for the library: \(evicted) clips were deleted again to make room, "
                    + "so they will be rendered anew each time they play; raise [voice] cache_mb (now \(cache.maxBytes / 1_048_576))"
            }
        }
        return LibraryRender(summary: summary, warning: warning, failures: failures)
    }

    /// Loads every clip in the voice's cache as a play would (read and FLAC decoded, at the voice's
    /// rate: the program resamples it as it plays), `rounds` times, and says how long a load takes: the slowest, the median and
    /// the mean, per clip and per second of speech. Damaged clips are counted (and deleted).
    public func timeCacheLoads(rounds: Int = 3) -> [String] {
        guard let voice = content.voice else { return ["no voice: nothing cached"] }
        let keys = voice.cache.keys
        guard !keys.isEmpty else { return ["the speech cache is empty (\(voice.cache.directory))"] }
        var times: [Double] = []
        var cpu: [Double] = []
        var seconds = 0.0
        var damaged = 0
        for round in 0..<max(1, rounds) {
            for key in keys {
                let start = DispatchTime.now().uptimeNanoseconds
                let cpuStart = Self.threadCPUMilliseconds()
                let clip = voice.loadCached(key: key)
                cpu.append(Self.threadCPUMilliseconds() - cpuStart)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                if clip == nil, round == 0 { damaged += 1 }
                if round == 0 { seconds += clip?.duration ?? 0 }
            }
        }
        // The same loads as they were before (the clip resampled whole to the output rate).
        var wholeCPU: [Double] = []
        for _ in 0..<max(1, rounds) {
            for key in keys {
                let cpuStart = Self.threadCPUMilliseconds()
                _ = voice.loadCached(key: key).flatMap(voice.resampledWhole)
                wholeCPU.append(Self.threadCPUMilliseconds() - cpuStart)
            }
        }
        wholeCPU.sort()
        times.sort()
        cpu.sort()
        let ms = { (v: Double) in String(format: "%.3f ms", v) }
        let mean = times.reduce(0, +) / Double(times.count)
        let cpuMean = cpu.reduce(0, +) / Double(cpu.count)
        return ["speech cache: \(keys.count) clips, \(String(format: "%.1f", Double(voice.cache.byteCount) / 1_048_576)) MiB, "
                + "\(String(format: "%.0f", seconds)) s of speech (\(String(format: "%.1f", seconds / Double(keys.count))) s a clip)",
                "load (read, decode; at the voice's \(voice.engine.nativeSampleRate.map { "\($0) Hz" } ?? "rate"), resampled to \(format.sampleRate) Hz as it plays), \(times.count) loads: median \(ms(times[times.count / 2])), "
                + "mean \(ms(mean)), 99th percentile \(ms(times[min(times.count - 1, times.count * 99 / 100)])), slowest \(ms(times.last!)); "
                + "\(ms(mean * Double(keys.count) / max(seconds, 1e-9))) per second of speech",
                "the loading thread's CPU time (CLOCK_THREAD_CPUTIME_ID: what a busy machine does not inflate): median \(ms(cpu[cpu.count / 2])), "
                + "mean \(ms(cpuMean)), 99th percentile \(ms(cpu[min(cpu.count - 1, cpu.count * 99 / 100)])), slowest \(ms(cpu.last!))",
                "as loads were before (read, decode and resample the whole clip to \(format.sampleRate) Hz, libsoxr HQ), thread CPU time: "
                + "median \(ms(wholeCPU[wholeCPU.count / 2])), mean \(ms(wholeCPU.reduce(0, +) / Double(wholeCPU.count))), "
                + "99th percentile \(ms(wholeCPU[min(wholeCPU.count - 1, wholeCPU.count * 99 / 100)])), slowest \(ms(wholeCPU.last!))",
                "damaged clips: \(damaged)"]
    }

    static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }
}
