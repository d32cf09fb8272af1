import Foundation
import SleepBoxCore

/// The light's screens: the night light's note, the idle screen's sun while the dawn rises, and
/// the alarm ringing without sound (both halves of its blink).
extension GoldenTour {
    /// `freshBox` with a light.
    func boxWithLight() -> (Box, Moment) {
        var config = BoxConfig(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)
        config.language = language
        config.display.twentyFourHour = twentyFourHour
        config.alarms = [AlarmSettings(hour: 6, minute: 45, weekdays: Set(1...5)), nil, nil, nil]
        config.light.isPresent = true
        var box = Box(config: config, catalog: GoldenTour.catalog, seed: 7)
        let now = Moment(uptime: 100, wall: GoldenTour.startWall)
        _ = box.start(at: now, restoring: nil)
        return (box, now)
    }

    mutating func walkLight() {
        let (box, now) = boxWithLight()
        var d = Driver(box: box, now: now)
        d.hold(.timer)
        shoot(d, "night-light")
        d.turn(-3)
        shoot(d, "night-light-dimmer")
        d.wait(10)
        d.hold(.timer)
        shoot(d, "night-light-off")
        // 06:30: the dawn has risen for a quarter of an hour.
        d.wait(8 * 3600)
        shoot(d, "idle-dawn")
        // The sound device lost before the ring: the alarm without sound, blinking.
        d.send(.audioAvailabilityChanged(false))
        d.wait(15 * 60 - 10)
        d.wait(10.2)
        shoot(d, "alarm-no-sound")
        d.wait(0.5)
        shoot(d, "alarm-no-sound-blink")
    }
}
