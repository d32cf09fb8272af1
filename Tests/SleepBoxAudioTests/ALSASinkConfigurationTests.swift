import Testing
@testable import SleepBoxAudio

@Suite struct ALSASinkConfigurationTests {
    @Test func backoffDoublesToItsCap() {
        let backoff = ALSASinkConfiguration().backoff
        #expect((1...9).map { backoff.delay(afterFailures: $0) } == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
    }

    @Test func bufferSizesConvertAtTheDeviceRate() {
        #expect(ALSABufferSize.milliseconds(10).frames(atRate: 48_000) == 480)
        #expect(ALSABufferSize.milliseconds(10).frames(atRate: 44_100) == 441)
        #expect(ALSABufferSize.milliseconds(0).frames(atRate: 48_000) == 1)
        #expect(ALSABufferSize.frames(256).frames(atRate: 8_000) == 256)
        #expect(ALSABufferSize.milliseconds(.nan).frames(atRate: 48_000) == 1)
    }
}
