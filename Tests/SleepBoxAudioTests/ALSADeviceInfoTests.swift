import CALSA
import Testing
@testable import SleepBoxAudio

#if canImport(Glibc)
import Glibc
#endif

extension ALSASuite {
    /// `sleepbox doctor`'s probe on the file PCM, an in-process PCM with known limits, and missing devices.
    @Suite struct ALSADeviceInfoTests {
        @Test func probeListsFormatsAndRanges() throws {
            _ = ALSATestEnvironment.shared
            let file = try ALSADeviceInfo.probe("sleepboxtest_s16")
            print("[alsa] probe: \(file)")
            #expect(file.formats == [.s16LE, .s32LE, .floatLE])
            #expect(file.rates.contains(48_000))

            let fake = FakeALSADevice()
            fake.formats = [SND_PCM_FORMAT_S16_LE, SND_PCM_FORMAT_S32_LE]
            fake.rates = 44_100...48_000
            let info = try ALSADeviceInfo.probe("fake", opener: fake.open)
            #expect(info.formats == [.s16LE, .s32LE])
            #expect(info.rates == 44_100...48_000)
            #expect(info.channels == 2...2)

            #expect(throws: AudioSinkError.self) { try ALSADeviceInfo.probe("hw:99") }
            let error = #expect(throws: AudioSinkError.self) { try ALSADeviceInfo.probe("sleepbox_no_such_pcm") }
            #expect(error?.errno == ENOENT)
            #expect(error?.description.contains("unknown PCM name") == true)
        }
    }
}
