#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Making raw C calls: each call is retried when a signal interrupted it (`EINTR`), the way
/// apple/swift-system's `retryOnInterrupt` does, so callers see only real failures.
public enum SystemCall {
    /// Calls `call` again while it returns -1 with `errno` EINTR: the POSIX convention of
    /// read(2), write(2), poll(2), ioctl(2) and libgpiod.
    @inline(__always)
    public static func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == -1 && SystemError.currentErrno == EINTR { continue }
            return result
        }
    }

    /// Calls `call` again while it returns nil with `errno` EINTR: C functions that return a
    /// pointer (`gpiod_chip_open`, `fopen`).
    @inline(__always)
    public static func retryingNilEINTR<T>(_ call: () -> T?) -> T? {
        while true {
            if let result = call() { return result }
            if SystemError.currentErrno == EINTR { continue }
            return nil
        }
    }

    /// Calls `call` again while it returns `-EINTR`: libraries that return a negated errno
    /// instead of setting it (ALSA's `snd_pcm_*`, libi2c's `i2c_smbus_*`).
    @inline(__always)
    public static func retryingNegatedEINTR<T: SignedInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == 0 - T(EINTR) { continue }
            return result
        }
    }
}
