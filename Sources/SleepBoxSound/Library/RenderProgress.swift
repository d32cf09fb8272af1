import Foundation

/// How far rendering the library ahead has come: items done of all; thread-safe.
public final class RenderProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var all = 0

    public init() {}

    func start(total: Int) {
        lock.lock()
        all = total
        done = 0
        lock.unlock()
    }

    func advance() {
        lock.lock()
        done += 1
        lock.unlock()
    }

    /// Items rendered and items to render.
    public var state: (done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (done, all)
    }
}
