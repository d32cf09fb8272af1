import Foundation

/// Tells a render-ahead thread to stop before its next item.
final class RenderAheadStop: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    func stop() { lock.withLock { stopped = true } }
    var isStopped: Bool { lock.withLock { stopped } }
}
