/// Where the sound side's slow work runs (preparing a spoken item's program, measuring an
/// item's loudness, opening and seeking a recording): the provider hands each job to the
/// executor it was given and takes the result on the loop's thread. The daemon gives it work
/// queues (`WorkQueue`: a worker thread, the result picked up in `poll()`), so the loop never
/// waits; the simulator gives it `InlineExecutor`, so a job is done before the virtual clock
/// moves on. The provider takes the same branches either way: a result that is there at once is
/// used at once, one still to come is waited for in silence.
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
