import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound

/// Hands out one deferred source per item, failed or attached by the test.
private final class DeferredProvider: SoundProvider {
    var sources: [ItemID: DeferredSource] = [:]
    func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
        let source = DeferredSource(position: position)
        sources[id] = source
        return source
    }
    func wakeSound() -> any AudioSource { SilenceSource(frames: 48_000) }
    func bed(_ name: String) -> (any AudioSource)? { nil }
    func cue(_ cue: Cue) -> any AudioSource { SilenceSource(frames: 4_800) }
    func speech(_ text: String) -> (any AudioSource)? { nil }
}

/// An item whose program cannot be prepared in the background is reported as failed, not as
/// finished: the box moves on instead of taking it as heard.
@Suite struct DeferredFailureTests {
    @Test func aDeferredItemThatFailsIsReportedAsFailedNotFinished() throws {
        let provider = DeferredProvider()
        let engine = AudioEngine(provider: provider)
        engine.perform(.play("med-bad", from: 0))
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 1024)
        defer { buffer.deallocate() }
        #expect(engine.render(into: buffer, frames: 1024).isEmpty)
        try #require(provider.sources["med-bad"]).fail(AudioError(path: "med-bad.timeline.toml", reason: "cannot prepare it: overlap"))
        let reports = engine.render(into: buffer, frames: 1024).map(\.0)
        #expect(reports == [.itemFailed("med-bad", reason: "med-bad.timeline.toml: cannot prepare it: overlap")])
    }
}
