import CALSA
import Foundation
import Testing
@testable import SleepBoxAudio
import SleepBoxSystem

extension ALSASuite {
    /// CPU cost of the sink's work per hour of audio: conversion alone, and the daemon's loop
    /// (poll, handlePoll, framesWanted, conversion, snd_pcm_writei) on the null PCM. Measured on the
    /// test's own thread (CLOCK_THREAD_CPUTIME_ID). Run in a release build:
    /// `SLEEPBOX_ALSA_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter ALSASinkBenchmark`
    @Suite(.enabled(if: ProcessInfo.processInfo.environment["SLEEPBOX_ALSA_BENCH"] != nil))
    struct ALSASinkBenchmark {
        static let audioSeconds = 600.0
        static let blockFrames = 480

        static func threadCPU() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }

        @Test(arguments: [ALSASampleFormat.s16LE, .s32LE])
        func conversionAlone(_ format: ALSASampleFormat) {
            let signal = ALSATestSignal.sine(seconds: 1)
            let blocks = Int(Self.audioSeconds * 48_000) / Self.blockFrames
            let out = UnsafeMutableRawPointer.allocate(byteCount: Self.blockFrames * 2 * 4, alignment: 16)
            defer { out.deallocate() }
            let start = Self.threadCPU()
            signal.samples.withUnsafeBufferPointer { samples in
                guard let base = samples.baseAddress else { return }
                for b in 0..<blocks {
                    let offset = (b * Self.blockFrames) % (signal.frames - Self.blockFrames)
                    ALSASampleEncoder.encode(base + offset * 2, into: out, count: Self.blockFrames * 2, format: format)
                }
            }
            let cpu = Self.threadCPU() - start
            let perHour = cpu / Self.audioSeconds * 3600
            let perSample = cpu / Double(blocks * Self.blockFrames * 2) * 1e9
            print(String(format: "[alsa] bench conversion %@: %.3f s CPU for %.0f s audio -> %.2f s per hour (%.2f ns/sample)",
                         format.rawValue, cpu, Self.audioSeconds, perHour, perSample))
            #expect(cpu > 0)
        }

        /// The engine's general converter on the same blocks, for comparison.
        @Test(arguments: [SampleConverter.Encoding.s16LE, .s32LE])
        func sampleConverterForComparison(_ encoding: SampleConverter.Encoding) {
            let signal = ALSATestSignal.sine(seconds: 1)
            let blocks = Int(Self.audioSeconds * 48_000) / Self.blockFrames
            let out = UnsafeMutableRawPointer.allocate(byteCount: Self.blockFrames * 2 * 4, alignment: 16)
            defer { out.deallocate() }
            var converter = SampleConverter(encoding: encoding)
            let start = Self.threadCPU()
            signal.samples.withUnsafeBufferPointer { samples in
                guard let base = samples.baseAddress else { return }
                for b in 0..<blocks {
                    let offset = (b * Self.blockFrames) % (signal.frames - Self.blockFrames)
                    converter.convert(base + offset * 2, samples: Self.blockFrames * 2, into: out)
                }
            }
            let cpu = Self.threadCPU() - start
            print(String(format: "[alsa] bench SampleConverter %@: %.3f s CPU for %.0f s audio -> %.2f s per hour (%.2f ns/sample)",
                         "\(encoding)", cpu, Self.audioSeconds, cpu / Self.audioSeconds * 3600,
                         cpu / Double(blocks * Self.blockFrames * 2) * 1e9))
            #expect(cpu > 0)
        }

        @Test(arguments: [ALSASampleFormat.s16LE, .s32LE])
        func loopToTheNullPCM(_ format: ALSASampleFormat) throws {
            _ = ALSATestEnvironment.shared
            let sink = ALSASink(configuration: ALSASinkConfiguration(device: "sleepboxtest_null", formats: [format]))
            sink.open(now: 0)
            #expect(sink.parameters?.format == format)
            let signal = ALSATestSignal.sine(seconds: 1)
            let totalFrames = Int(Self.audioSeconds * 48_000)
            var written = 0
            var calls = 0
            let start = Self.threadCPU()
            let wallStart = SystemClock.monotonicSeconds()
            try signal.samples.withUnsafeBufferPointer { (samples) throws(AudioSinkError) in
                guard let base = samples.baseAddress else { return }
                while written < totalFrames {
                    var fds = sink.pollDescriptors
                    _ = poll(&fds, nfds_t(fds.count), 100)
                    _ = sink.handlePoll(revents: fds)
                    let wanted = sink.framesWanted
                    guard wanted > 0 else { continue }
                    let frames = min(wanted, Self.blockFrames, totalFrames - written)
                    let offset = written % (signal.frames - Self.blockFrames)
                    written += try sink.write(base + offset * 2, frames: frames)
                    calls += 1
                }
            }
            let cpu = Self.threadCPU() - start
            let wall = SystemClock.monotonicSeconds() - wallStart
            sink.close()
            let perHour = cpu / Self.audioSeconds * 3600
            print(String(format: "[alsa] bench loop %@ to null: %.3f s CPU (%.3f s wall) for %.0f s audio in %d writes -> %.2f s CPU per hour of audio (%.3f%% of one core), %.2f us per 10 ms block",
                         format.rawValue, cpu, wall, Self.audioSeconds, calls, perHour, perHour / 36, cpu / Double(calls) * 1e6))
            #expect(written == totalFrames)
        }
    }
}
