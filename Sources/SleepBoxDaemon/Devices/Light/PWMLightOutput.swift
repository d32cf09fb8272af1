import Logging
import SleepBoxCore
import SleepBoxHardware
import SleepBoxRunner
import SleepBoxSystem

/// The wake light on a PWM chip of the kernel's PWM class (`[light] chip`, `channels`,
/// `period_ns`), behind the runner's `LightOutput`. A chip that is missing at start or goes away
/// (its driver unbound, a PCA9685 unplugged) is logged, retried with a growing pause (1 s to a
/// minute) and opened again; the box goes on without its light meanwhile and shows the plan's
/// level again once the chip is back. While it is lit the chip is checked every
/// `checkInterval` seconds, so a chip reset under a steady light (no write to fail) is found.
public final class PWMLightOutput: LightOutput {
    public let pwm: SysfsPWM
    public let channels: [LightChannel]
    private let logger: Logger
    private var isOpen = false
    private var failures = 0
    private var retryAt: Double?
    /// When a lit light's chip is checked next.
    private var checkAt: Double?
    static let checkInterval = 5.0
    /// The last failure, for the status.
    public private(set) var lastFailure: String?
    /// The duties last asked for (shown again after a reopen).
    private var wanted: [Double]
    static let backoff = RetryBackoff(initial: 1, maximum: 60)

    public init(settings: PWMLightSettings, chip: Int, root: String = "/sys/class/pwm", now: Moment, logger: Logger) {
        self.pwm = SysfsPWM(root: root, chip: chip, channels: settings.channels, periodNanoseconds: settings.periodNanoseconds)
        self.channels = settings.calibration
        self.logger = logger
        self.wanted = settings.channels.map { _ in 0 }
        open(at: now)
    }

    private func open(at now: Moment) {
        do {
            try pwm.open()
            isOpen = true
            if failures > 0 || lastFailure != nil { logger.notice("light: \(pwm.name) is back") }
            failures = 0
            retryAt = nil
            lastFailure = nil
            try pwm.set(wanted)
            scheduleCheck(at: now)
        } catch {
            fail(error, at: now)
        }
    }

    private func fail(_ error: PWMError, at now: Moment) {
        if failures == 0 { logger.error("light: \(error); retrying (the box goes on without its light)") }
        lastFailure = error.description
        isOpen = false
        checkAt = nil
        failures += 1
        retryAt = now.uptime + Self.backoff.delay(afterFailures: failures)
    }

    public func set(_ duties: [Double], at now: Moment) {
        wanted = duties
        guard isOpen else { return }
        do { try pwm.set(duties) } catch { fail(error, at: now); return }
        scheduleCheck(at: now)
    }

    /// A check `checkInterval` from now while any channel is lit (a dark light has nothing to lose).
    private func scheduleCheck(at now: Moment) {
        if !wanted.contains(where: { $0 > 0 }) {
            checkAt = nil
        } else if checkAt == nil {
            checkAt = now.uptime + Self.checkInterval
        }
    }

    public var nextRetry: Double? { isOpen ? checkAt : retryAt }

    public func retry(at now: Moment) {
        guard isOpen else { return open(at: now) }
        guard let due = checkAt, due <= now.uptime else { return }
        checkAt = nil
        do { try pwm.check() } catch { return fail(error, at: now) }
        scheduleCheck(at: now)
    }

    /// Dark and disabled.
    public func close() {
        if isOpen { pwm.close() }
        isOpen = false
    }

    public var statusText: String {
        if isOpen {
            let ns = wanted.map { String(pwm.nanoseconds($0)) }.joined(separator: ", ")
            return "\(pwm.name): ok, period \(pwm.periodNanoseconds) ns, duty \(ns) ns"
        }
        return "\(pwm.name): unavailable: \(lastFailure ?? "not open")"
    }
}
