import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The CPU priority of the calling thread, for work that must never delay a button or a sound:
/// rendering the library's speech ahead.
public enum ThreadPriority {
    /// What `lowerToIdle` achieved.
    public enum Outcome: String, Sendable, Equatable {
        /// SCHED_IDLE: the thread runs only when no other thread of any process wants the CPU.
        case schedIdle = "SCHED_IDLE"
        /// SCHED_IDLE refused (a seccomp filter, a container): nice 19 for this thread only.
        case nice19 = "nice 19"
        /// Neither was allowed; the thread keeps the process's priority.
        case unchanged
    }

    /// Lowers the calling thread, and only it, to SCHED_IDLE (`pthread_setschedparam`; Linux lets
    /// any thread lower itself), else to nice 19 (`setpriority` on the thread's id: Linux keeps a
    /// nice value per thread). Threads started afterwards by this thread inherit it; the loop
    /// thread and the audio thread keep theirs.
    @discardableResult
    public static func lowerToIdle() -> Outcome {
        if sleepbox_thread_sched_idle() == 0 { return .schedIdle }
        if sleepbox_thread_nice(19) == 0 { return .nice19 }
        return .unchanged
    }

    /// The calling thread's scheduling policy is SCHED_IDLE.
    public static var isIdle: Bool { sleepbox_thread_policy() == 5 }
}

/// glibc's heap, kept small for a box with 512 MB: few arenas, free memory given back.
public enum HeapTuning {
    /// Arenas the daemon allows (`M_ARENA_MAX`): the loop, the audio thread and the renderers share
    /// two instead of growing up to 8 per core, each keeping its own free memory.
    public static let arenas: Int32 = 2

    /// Sets `M_ARENA_MAX` to `arenas`; call it first thing, before threads start.
    public static func limitArenas() {
        _ = sleepbox_malloc_arena_max(arenas)
    }

    /// Returns the heap's free memory to the system (`malloc_trim(0)`): after a large piece of
    /// work (an item's speech rendered) whose buffers are gone.
    public static func releaseFreeMemory() {
        _ = sleepbox_malloc_trim()
    }
}
