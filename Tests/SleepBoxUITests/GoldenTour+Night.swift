import SleepBoxCore

/// The night itself: the night face and the time left on a press of skip, the large clock, the
/// morning face, a missed alarm told, a running timer opened at its value, the seek's mark.
extension GoldenTour {
    mutating func walkNight() {
        // Monday 22:30 with the factory night face: no digits; skip shows the time left.
        let (box, now) = freshBox(nightFace: .noClock)
        var d = Driver(box: box, now: now)
        shoot(d, "night-face")
        d.press(.skip)
        shoot(d, "night-time-left")
        // 03:10: about 4 hours left.
        d.wait(4 * 3600 + 40 * 60)
        d.press(.skip)
        shoot(d, "night-time-left-hours")
        d.send(.settingChanged("display.night_face", "large_clock"))
        d.wait(6)
        shoot(d, "night-large-clock")
        // 05:45, an hour before the alarm: the morning face.
        d.send(.settingChanged("display.night_face", nil))
        d.wait(2 * 3600 + 35 * 60)
        shoot(d, "night-morning-face")

        // Off from 06:00 to 07:30: the 06:45 alarm missed, told until a button is pressed.
        let (quiet, start) = freshBox()
        var m = Driver(box: quiet, now: start)
        m.wait(7.5 * 3600)
        m.send(.timePassed, after: 3 * 3600)
        shoot(m, "idle-missed-alarm")

        // A timer running: the timer button opens the choice at its value.
        let (player, begin) = freshBox()
        var p = Driver(box: player, now: begin)
        p.press(.leaf)
        p.wait(2)
        p.press(.timer)
        p.turn(2)
        p.wait(5)
        p.press(.timer)
        shoot(p, "timer-choice-running")
        p.wait(5)
        // Skip held: the item goes forward, and the screen says how far.
        p.hold(.skip, seconds: 0.9)
        shoot(p, "playing-seek-forward")
        p.wait(3)
        p.hold(.timer, seconds: 1.3)
        shoot(p, "playing-seek-back")
    }
}
