import CALSA
import Testing
@testable import SleepBoxAudio

#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

extension ALSASuite {
    /// Underruns, suspends and unplugging, on an in-process libasound I/O-plugin PCM whose hardware
    /// pointer and state the test controls (the null and file PCMs never underrun: their pointer
    /// follows the application's at once).
    @Suite struct ALSASinkRecoveryTests {
        static let frames = ALSATestSignal.sine(seconds: 0.2)

        private func makeSink(_ fake: FakeALSADevice, formats: [ALSASampleFormat] = [.s32LE, .s16LE]) -> ALSASink {
            ALSASink(format: .engine, configuration: ALSASinkConfiguration(device: "fake", formats: formats),
                     logger: .init(label: "test"), opener: fake.open)
        }

        private func write(_ sink: ALSASink, frames: Int, from offset: Int = 0) throws -> Int {
            try Self.frames.samples.withUnsafeBufferPointer { buffer throws(AudioSinkError) -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return try sink.write(base + offset * 2, frames: frames)
            }
        }

        @Test func anUnderrunIsRecoveredCountedAndPlaybackGoesOn() throws {
            let fake = FakeALSADevice()
            fake.playback = .manual
            let sink = makeSink(fake)
            sink.open(now: 0)
            #expect(sink.state == .running)
            #expect(sink.parameters?.startThreshold == 960)

            #expect(try write(sink, frames: 480) == 480)
            #expect(fake.starts == 0, "one period queued: below the start threshold")
            #expect(try write(sink, frames: 480) == 480)
            #expect(fake.starts == 1, "two periods queued: started")
            #expect(sink.framesWanted == 4_800 - 960)

            // The loop stalls: the hardware plays past the queued audio.
            fake.advance(frames: 960 + 480)
            #expect(sink.handlePoll(revents: sink.pollDescriptors) == [])
            let wanted = sink.framesWanted
            #expect(sink.xrunCount == 1)
            #expect(wanted == 4_800, "recovered with snd_pcm_recover: prepared and empty")
            #expect(sink.state == .running)
            #expect(fake.state == SND_PCM_STATE_PREPARED)

            // Writing starts the stream again at the threshold.
            #expect(try write(sink, frames: 960) == 960)
            #expect(fake.starts == 2)

            // An underrun met by write itself: recovered, counted, and the write goes through.
            fake.advance(frames: 960 + 1)
            #expect(try write(sink, frames: 480) == 480)
            #expect(sink.xrunCount == 2)

            // A driver that flags XRUN in its state is caught by handlePoll (snd_pcm_state).
            fake.setState(SND_PCM_STATE_XRUN)
            #expect(sink.handlePoll(revents: sink.pollDescriptors) == [])
            #expect(sink.xrunCount == 3)
            #expect(fake.state == SND_PCM_STATE_PREPARED)
            #expect(sink.state == .running)
            sink.close()
        }

        @Test(arguments: [true, false])
        func aSuspendIsResumedOrPreparedWithoutBlocking(canResume: Bool) throws {
            let fake = FakeALSADevice()
            fake.canResume = canResume
            let sink = makeSink(fake)
            sink.open(now: 0)
            #expect(try write(sink, frames: 960) == 960)

            fake.setState(SND_PCM_STATE_SUSPENDED)
            #expect(try write(sink, frames: 480) == 480, "-ESTRPIPE: resumed, then written")
            #expect(sink.suspendCount == 1)
            #expect(sink.state == .running)
            #expect(fake.prepares == (canResume ? 1 : 2), "prepared again only when resume did not work")

            fake.setState(SND_PCM_STATE_SUSPENDED)
            #expect(sink.handlePoll(revents: []) == [])
            #expect(sink.suspendCount == 2)
            #expect(sink.state == .running)
            #expect(sink.xrunCount == 0)
            sink.close()
        }

        @Test func anUnpluggedDeviceIsLostThenRestoredWithBackoff() throws {
            let fake = FakeALSADevice()
            let sink = makeSink(fake)
            sink.open(now: 10)
            #expect(try write(sink, frames: 480) == 480)

            fake.setState(SND_PCM_STATE_DISCONNECTED)
            #expect(try write(sink, frames: 480) == 0, "no throw: the loss comes as an event")
            guard case .unavailable(let reason) = sink.state else {
                Issue.record("expected unavailable, got \(sink.state)")
                return
            }
            #expect(reason == "cannot write: No such device")
            #expect(sink.parameters == nil && sink.pollDescriptors.isEmpty && sink.framesWanted == 0)
            // Lost within a second of audio after opening at 10: the first reopen waits 0.5 s.
            #expect(sink.nextRetry == 10.5)
            #expect(sink.handlePoll(revents: []) == [.lost(reason)])
            #expect(sink.handlePoll(revents: []) == [], "reported once")

            fake.openError = -ENODEV
            #expect(sink.retry(now: 10.5) == [])
            #expect(sink.nextRetry == 11.5)
            #expect(sink.state == .unavailable("cannot open \"fake\": No such device (device not present)"))

            fake.openError = 0
            #expect(sink.retry(now: 11.5) == [.restored])
            #expect(sink.state == .running && sink.nextRetry == nil)
            #expect(fake.opens == 3)
            #expect(try write(sink, frames: 480) == 480)
            sink.close()
        }

        @Test func aBusyDeviceIsRetriedUntilItIsFree() throws {
            let fake = FakeALSADevice()
            fake.openError = -EBUSY
            let sink = makeSink(fake)
            let reason = "cannot open \"fake\": Device or resource busy (device busy: another program is using it)"
            #expect(sink.open(now: 0) == [.lost(reason)])
            #expect(sink.state == .unavailable(reason))
            #expect(sink.retry(now: 0.5) == [])
            fake.openError = 0
            #expect(sink.retry(now: 1.5) == [.restored])
            #expect(try write(sink, frames: 480) == 480)
            sink.close()
        }

        @Test func aStreamInABadStateIsClosedAndReopened() throws {
            let fake = FakeALSADevice()
            let sink = makeSink(fake)
            sink.open(now: 0)
            #expect(try write(sink, frames: 480) == 480)
            // snd_pcm_writei answers -EBADFD outside PREPARED/RUNNING/XRUN/PAUSED/DRAINING.
            fake.setState(SND_PCM_STATE_OPEN)
            #expect(try write(sink, frames: 480) == 0)
            #expect(sink.state == .unavailable("cannot write: File descriptor in bad state"))
            #expect(sink.retry(now: 0.5) == [.lost("cannot write: File descriptor in bad state"), .restored])
            #expect(fake.opens == 2)
            #expect(try write(sink, frames: 480) == 480)
            sink.close()
        }

        @Test func aDeviceLostAfterPlayingSteadilyIsReopenedAtOnce() throws {
            let fake = FakeALSADevice()
            let sink = makeSink(fake)
            sink.open(now: 0)
            let signal = ALSATestSignal.sine(seconds: 1.2)
            var loop = ALSADaemonLoop()
            #expect(try loop.play(signal, on: sink) == signal.frames)

            fake.setState(SND_PCM_STATE_DISCONNECTED)
            let events = sink.handlePoll(revents: sink.pollDescriptors)
            #expect(events == [.lost("cannot play: No such device")])
            #expect(sink.nextRetry == 0)
            #expect(sink.retry(now: 1.2) == [.restored])
            sink.close()
        }

        @Test func theFormatFallsBackToWhatTheDeviceTakes() throws {
            let fake = FakeALSADevice()
            fake.formats = [SND_PCM_FORMAT_S16_LE]
            let sink = makeSink(fake)
            sink.open(now: 0)
            #expect(sink.parameters?.format == .s16LE)
            let signal = ALSATestSignal.sine(seconds: 0.3)
            var loop = ALSADaemonLoop()
            #expect(try loop.play(signal, on: sink) == signal.frames)
            #expect(sink.drain(timeout: 2))
            let comparison = ALSAByteComparison(fake.received, signal.reference(.s16LE))
            #expect(comparison.identical, "\(comparison)")
            sink.close()

            let floatOnly = FakeALSADevice()
            floatOnly.formats = [SND_PCM_FORMAT_FLOAT_LE]
            let refused = makeSink(floatOnly)
            #expect(refused.open(now: 0) == [.lost("cannot use any of the formats S32_LE, S16_LE: Invalid argument")])
        }

        @Test func aDeviceAtAnotherRateChangesTheSinkFormat() throws {
            let fake = FakeALSADevice()
            fake.rates = 44_100...44_100
            let sink = makeSink(fake)
            sink.open(now: 0)
            #expect(sink.parameters?.sampleRate == 44_100)
            #expect(sink.format == AudioFormat(sampleRate: 44_100, channels: 2))
            #expect(sink.parameters?.periodFrames == 441)
            #expect(sink.parameters?.bufferFrames == 4_410)
            sink.close()
        }

        @Test func drainWaitsForTheDeviceToPlayOutThenStaysUsable() throws {
            let fake = FakeALSADevice()
            fake.playback = .step(480)
            let sink = makeSink(fake)
            sink.open(now: 0)
            #expect(try write(sink, frames: 2_400) == 2_400)
            #expect(sink.drain(timeout: 2))
            #expect(fake.totalPlayed == 2_400)
            #expect(sink.state == .running)
            #expect(fake.state == SND_PCM_STATE_PREPARED)

            // A device that plays nothing: drain gives up at the deadline and drops.
            fake.playback = .manual
            #expect(try write(sink, frames: 960) == 960)
            let start = SystemClock.monotonicSeconds()
            #expect(sink.drain(timeout: 0.05) == false)
            let waited = SystemClock.monotonicSeconds() - start
            #expect(waited >= 0.05 && waited < 1)
            #expect(sink.state == .running)
            #expect(sink.framesWanted == 4_800)
            sink.close()
        }
    }
}
