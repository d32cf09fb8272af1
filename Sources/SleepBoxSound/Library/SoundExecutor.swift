/// Where the sound side's slow work runs (preparing a program, measuring loudness, opening a
/// recording): the daemon's `WorkQueue`s, so the loop never waits, or the simulator's
/// `InlineExecutor`, so a job is done before the virtual clock moves on. The provider takes the
/// same branches either way: a result there at once is used at once, one to come is waited for.
public protocol SoundExecutor: AnyObject {
    /// Runs `job` (on any thread), then `done` with its result on the caller's (the loop's) thread.
    func run<T: Sendable>(_ job: @escaping @Sendable () -> T, then done: @escaping (T) -> Void)
}

/// Runs each job at once on the caller's thread and hands its result back before returning:
/// the simulator's executor, where virtual time stands still while the work is done.
public final class InlineExecutor: SoundExecutor {
    /// Jobs run so far.
    public private(set) var jobsRun = 0

    public init() {}

    public func run<T: Sendable>(_ job: @escaping @Sendable () -> T, then done: @escaping (T) -> Void) {
        jobsRun += 1
        done(job())
    }
}
