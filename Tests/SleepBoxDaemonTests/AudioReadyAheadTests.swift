import SleepBoxCore
import Testing
@testable import SleepBoxDaemon

/// A sound device let go in a silence is taken again a moment before the box's next wall-clock
/// deadline (the alarm's ring), on the uptime clock the loop's timers run on.
@Suite struct AudioReadyAheadTests {
    let now = Moment(uptime: 1_000, wall: 1_800_000_000)

    @Test func aDeviceLetGoIsTakenAgainTwoSecondsBeforeTheRing() {
        // The ring in an hour, by the wall clock: 3598 s of uptime from now.
        let ready = Daemon.audioReadyUptime(released: true, wallDeadline: now.wall + 3_600, at: now)
        #expect(ready.map { abs($0 - 4_598) < 1e-6 } == true, "\(String(describing: ready))")
    }

    @Test func aRingSoonerThanThatTakesItAtOnce() {
        #expect(Daemon.audioReadyUptime(released: true, wallDeadline: now.wall + 1, at: now) == 1_000)
        #expect(Daemon.audioReadyUptime(released: true, wallDeadline: now.wall - 5, at: now) == 1_000)
    }

    @Test func nothingIsDueForAHeldDeviceOrWithoutADeadline() {
        #expect(Daemon.audioReadyUptime(released: false, wallDeadline: now.wall + 3_600, at: now) == nil)
        #expect(Daemon.audioReadyUptime(released: true, wallDeadline: nil, at: now) == nil)
    }
}
