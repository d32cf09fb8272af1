import Foundation
import SleepBoxCore
import SleepBoxHardware
import SleepBoxSystem
import SleepBoxRunner

/// The system's wall clock as the box keeps it: where its time came from (network time, the
/// battery-backed RTC, the owner's hand, or nowhere trustworthy), and setting it by hand.
///
/// A hand setting is remembered in the state folder (`clock-set-by-hand`) so that a restart of
/// the daemon still knows, and only for this boot: the file holds the wall time the boot began
/// at as the set clock counted it, which a later boot (or a later jump of the clock by anything
/// else) does not match. `/proc/sys/kernel/random/boot_id` would say the same, but the hardened
/// service sees only its own processes under /proc.
public final class ClockKeeper {
    /// The battery-backed clock the box reads at start and writes when the owner sets the time.
    public let rtc: RTCDevice
    /// Where a hand setting is remembered.
    public let markerPath: String
    /// The RTC as last read (at start, and when the wall clock changed).
    public private(set) var rtcReading: RTCReading
    /// Whether the state folder says the owner set the clock during this boot, as last read (at
    /// start, when the wall clock changed, and after a setting): the source is asked at every
    /// wake-up, the file is not.
    public private(set) var isSetByHandThisBoot = false
    private let clocks: Clocks
    /// The box's own clock on simulated hardware; nil on the box, where the system clock is set.
    public let simulated: SimulatedWallClock?

    /// The clocks the keeper reads and sets: the system's, or stand-ins in tests.
    public struct Clocks: Sendable {
        /// CLOCK_REALTIME.
        public var wall: @Sendable () -> Double
        /// CLOCK_BOOTTIME.
        public var sinceBoot: @Sendable () -> Double
        /// adjtimex: STA_UNSYNC clear.
        public var synchronised: @Sendable () -> Bool
        /// clock_settime(CLOCK_REALTIME).
        public var setWall: @Sendable (Double) throws(SystemError) -> Void
        /// Seconds `wall` is ahead of CLOCK_REALTIME: 0 for the system's clocks, the box's own
        /// offset on simulated hardware (`SimulatedWallClock`).
        public var offset: @Sendable () -> Double

        /// The system's clocks.
        public static let system = Clocks(wall: { SystemClock.realtimeSeconds() }, sinceBoot: { SystemClock.bootSeconds() },
                                          synchronised: { ClockStatus.isSynchronised() },
                                          setWall: { (w: Double) throws(SystemError) in try SystemClock.setRealtime(w) })

        public init(wall: @escaping @Sendable () -> Double, sinceBoot: @escaping @Sendable () -> Double,
                    synchronised: @escaping @Sendable () -> Bool, setWall: @escaping @Sendable (Double) throws(SystemError) -> Void,
                    offset: @escaping @Sendable () -> Double = { 0 }) {
            self.wall = wall
            self.sinceBoot = sinceBoot
            self.synchronised = synchronised
            self.setWall = setWall
            self.offset = offset
        }
    }

    /// A keeper for the box whose state lives in `stateDirectory`, reading the RTC once.
    public convenience init(stateDirectory: String, rtc: RTCDevice = RTCDevice(), clocks: Clocks = .system) {
        self.init(stateDirectory: stateDirectory, rtc: rtc, clocks: clocks, simulated: nil)
    }

    private init(stateDirectory: String, rtc: RTCDevice, clocks: Clocks, simulated: SimulatedWallClock?) {
        self.rtc = rtc
        self.markerPath = stateDirectory + "/clock-set-by-hand"
        self.clocks = clocks
        self.simulated = simulated
        self.rtcReading = RTCReading.read(rtc, systemWall: clocks.wall)
        self.isSetByHandThisBoot = readMarker()
    }

    /// The keeper of a box on simulated hardware (`sleepbox run --hardware sim`): its wall clock
    /// is `system`'s plus an offset of its own kept in `stateDirectory` (`SimulatedWallClock`), and
    /// setting it moves that offset; `system`'s clock and the RTC are never set.
    public static func forSimulatedHardware(stateDirectory: String, system: Clocks = .system) -> ClockKeeper {
        let own = SimulatedWallClock(stateDirectory: stateDirectory)
        return ClockKeeper(stateDirectory: stateDirectory, rtc: RTCDevice(path: simulatedRTCPath),
                           clocks: own.clocks(over: system), simulated: own)
    }

    /// The RTC of simulated hardware: none (a path that is never a device).
    static let simulatedRTCPath = "/nonexistent/simulated-rtc"

    /// The wall clock's seconds ahead of CLOCK_REALTIME (0 on the box).
    public var wallOffset: Double { clocks.offset() }

    /// Reads the RTC and the state folder's note again (when the wall clock changed).
    public func refresh() {
        rtcReading = RTCReading.read(rtc, systemWall: clocks.wall)
        isSetByHandThisBoot = readMarker()
    }

    /// The source now. Network time wins (it keeps the clock right from then on); then a hand
    /// setting of this boot; then an RTC that holds a plausible time the system clock agrees
    /// with (the kernel or `hwclock` set the system clock from it at boot); otherwise untrusted.
    public var source: ClockSource {
        ClockKeeper.source(synchronised: clocks.synchronised(), setByHand: isSetByHandThisBoot, rtc: rtcReading)
    }

    /// The rule behind `source`.
    public static func source(synchronised: Bool, setByHand: Bool, rtc: RTCReading) -> ClockSource {
        if synchronised { return .ntp }
        if setByHand { return .setByHand }
        if rtc.isValid { return .rtc }
        return .untrusted
    }

    private func readMarker() -> Bool {
        guard let bytes = AtomicFile.read(markerPath, limit: 4096), let text = String(bytes: bytes, encoding: .utf8),
              let bootWall = Double(text.split(whereSeparator: \.isWhitespace).first ?? "") else { return false }
        return abs(currentBootWall - bootWall) <= ClockKeeper.bootWallTolerance
    }

    /// Two readings of the boot's wall time within this many seconds are the same boot with the
    /// same clock setting (the two clocks are read a few microseconds apart; network time is
    /// not synchronised when this matters, so nothing slews the clock).
    static let bootWallTolerance = 1.0

    private var currentBootWall: Double { clocks.wall() - clocks.sinceBoot() }

    /// Sets the system clock to `wall`, then the RTC when there is one, and remembers the hand
    /// setting. Throws when the system clock could not be set (nothing changed then); an RTC that
    /// could not be written leaves the system clock set and says so in the outcome.
    public func set(_ wall: Double) throws(ClockSetError) -> ClockSetOutcome {
        do {
            try clocks.setWall(wall)
        } catch {
            throw ClockSetError(cause: error)
        }
        var outcome = ClockSetOutcome(rtc: .absent(rtc.path), remembered: nil)
        if let simulated {
            outcome.rtc = .simulated(simulated.path)
        } else if rtc.exists {
            do {
                try rtc.set(clocks.wall())
                outcome.rtc = .written(rtc.path)
            } catch {
                outcome.rtc = .failed(error)
            }
        }
        do {
            try AtomicFile.write(Array("\(currentBootWall)\n".utf8), to: markerPath)
        } catch {
            outcome.remembered = error
        }
        refresh()
        isSetByHandThisBoot = true
        return outcome
    }
}

/// What the RTC said when it was last read.
public struct RTCReading: Sendable, Equatable {
    /// The device.
    public var path: String
    /// Its time (UTC seconds since 1970), nil when it could not be read.
    public var time: Double?
    /// The system clock when it was read.
    public var systemWall: Double
    /// Why it could not be read: no device, no permission, a stopped oscillator.
    public var error: SystemError?

    public init(path: String, time: Double?, systemWall: Double, error: SystemError?) {
        self.path = path
        self.time = time
        self.systemWall = systemWall
        self.error = error
    }

    /// The system clock may differ from the RTC by this much and still count as read from it:
    /// the RTC counts whole seconds, and a crystal drifts a few seconds a week.
    public static let agreementSeconds = 10.0

    /// A plausible time that the system clock agrees with.
    public var isValid: Bool {
        guard let time else { return false }
        return time >= RTCDevice.earliestPlausible && abs(time - systemWall) <= RTCReading.agreementSeconds
    }

    /// One line for the log: the time read and how far the system clock is from it, or why it
    /// could not be read.
    public var summary: String {
        guard let time else { return "\(path): \(error.map(\.description) ?? "unreadable")" }
        return "\(path): \(RTCReading.isoUTC(time)), " + String(format: "%+.0f s from the system clock", time - systemWall)
    }

    /// ISO 8601 in UTC, e.g. "2026-11-25T21:30:00Z" (an RTC keeps UTC).
    public static func isoUTC(_ wall: Double) -> String {
        LocalClock(timeZone: TimeZone(secondsFromGMT: 0) ?? .current).isoLocal(wall) + "Z"
    }

    /// Reads `rtc` now.
    public static func read(_ rtc: RTCDevice, systemWall: () -> Double) -> RTCReading {
        do {
            let time = try rtc.read()
            return RTCReading(path: rtc.path, time: time, systemWall: systemWall(), error: nil)
        } catch {
            return RTCReading(path: rtc.path, time: nil, systemWall: systemWall(), error: error)
        }
    }
}
