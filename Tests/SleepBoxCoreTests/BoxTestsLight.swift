import Foundation
import SleepBoxCore
import Testing

/// The light's feature in the core: the dawn before an alarm, the ring, the hold and fade after
/// the dismissal, a ring without sound, the night light.
@Suite struct BoxTestsLight {
    /// A box with a light and an alarm at 06:45 every day, started Tuesday 2026-11-24 at 05:00
    /// in Berlin.
    static func box(alarm: AlarmSettings = AlarmSettings(hour: 6, minute: 45), present: Bool = true) throws -> (Box, Moment) {
        var config = try Fixture.config(alarm: alarm)
        config.light.isPresent = present
        var box = Box(config: config, catalog: Fixture.catalog, seed: 1)
        let start = Moment(uptime: 1000, wall: try utc(2026, 11, 24, 4, 0))
        _ = box.start(at: start, restoring: nil)
        return (box, start)
    }

    static func lights(_ commands: [Command]) -> [LightPlan] {
        commands.compactMap { if case .light(let plan) = $0 { return plan } else { return nil } }
    }

    @Test func theDawnStartsHalfAnHourBeforeTheAlarmAndRisesLinearlyInLightness() throws {
        var (box, start) = try Self.box()
        let dawnStart = try utc(2026, 11, 24, 5, 15), ring = try utc(2026, 11, 24, 5, 45)
        #expect(box.nextDeadline.wall == dawnStart)
        #expect(box.lightPlan(at: start) == .off)
        let at = start.advanced(by: dawnStart - start.wall)
        let plans = Self.lights(box.handle(.timePassed, at: at))
        guard case .ramp(let from, let to, let s, let e)? = plans.first else {
            Issue.record("no dawn commanded: \(plans)")
            return
        }
        #expect(s == dawnStart && e == ring)
        #expect(from.lightness == 0 && from.kelvin == 1900 && to.lightness == 100 && to.kelvin == 4000)
        let mid = plans[0].level(at: at.advanced(by: 900))
        #expect(abs(mid.lightness - 50) < 1e-9 && abs(mid.kelvin - 2950) < 1e-9)
        // The ring holds the light at full.
        let ringing = Self.lights(box.handle(.timePassed, at: at.advanced(by: ring - dawnStart)))
        #expect(ringing == [.steady(LightLevel(lightness: 100, kelvin: 4000))])
    }

    @Test func aSkippedAlarmAndAnAlarmWithoutDawnHaveNoDawn() throws {
        var skipped = AlarmSettings(hour: 6, minute: 45)
        skipped.skipNext = true
        var (box, start) = try Self.box(alarm: skipped)
        let dawnStart = try utc(2026, 11, 24, 5, 15)
        #expect(box.nextDeadline.wall != dawnStart)
        #expect(Self.lights(box.handle(.timePassed, at: start.advanced(by: dawnStart - start.wall + 600))).isEmpty)
        #expect(box.lightPlan(at: start.advanced(by: dawnStart - start.wall + 600)) == .off)
        var off = AlarmSettings(hour: 6, minute: 45)
        off.dawn = false
        var (plain, s2) = try Self.box(alarm: off)
        #expect(Self.lights(plain.handle(.timePassed, at: s2.advanced(by: dawnStart - s2.wall + 600))).isEmpty)
    }

    @Test func aBoxWithoutALightCommandsNone() throws {
        var (box, start) = try Self.box(present: false)
        let ring = try utc(2026, 11, 24, 5, 45)
        #expect(box.nextDeadline.wall == ring)
        #expect(Self.lights(box.handle(.timePassed, at: start.advanced(by: ring - start.wall))).isEmpty)
    }

    @Test func aPowerCutInTheDawnResumesAtTheLevelTheClockSays() throws {
        let (before, start) = try Self.box()
        let snapshot = before.snapshot(at: start)
        var config = try Fixture.config(alarm: AlarmSettings(hour: 6, minute: 45))
        config.light.isPresent = true
        var box = Box(config: config, catalog: Fixture.catalog, seed: 1)
        // Back at 06:33, twenty minutes after the box went off at 06:13, on a fresh uptime.
        let back = Moment(uptime: 5, wall: try utc(2026, 11, 24, 5, 33))
        let plans = Self.lights(box.start(at: back, restoring: snapshot))
        let level = try #require(plans.first).level(at: back)
        #expect(abs(level.lightness - 60) < 1e-9, "18 of 30 minutes: L* 60, not 0")
    }

    @Test func dismissalHoldsTheLightThenFadesItOverAMinute() throws {
        var (box, start) = try Self.box()
        let ring = try utc(2026, 11, 24, 5, 45)
        var t = start.advanced(by: ring - start.wall)
        _ = box.handle(.timePassed, at: t)
        t = t.advanced(by: 5)
        _ = box.handle(.buttonPressed(.leaf), at: t)
        t = t.advanced(by: 2.5)
        let plans = Self.lights(box.handle(.buttonHeld(.leaf, seconds: 2.5), at: t))
        guard case .ramp(let from, let to, let s, let e)? = plans.first else {
            Issue.record("no hold and fade: \(plans)")
            return
        }
        #expect(from.lightness == 100 && to.lightness == 0)
        #expect(s == t.wall + 600 && e == t.wall + 660)
        #expect(box.nextDeadline.wall == e)
        #expect(Self.lights(box.handle(.timePassed, at: t.advanced(by: 660))) == [.off])
    }

    @Test func anAlarmRingingWithoutSoundGoesFullAndIsRecorded() throws {
        var off = AlarmSettings(hour: 6, minute: 45)
        off.dawn = false
        var (box, start) = try Self.box(alarm: off)
        _ = box.handle(.audioAvailabilityChanged(false), at: start.advanced(by: 60))
        let ring = try utc(2026, 11, 24, 5, 45)
        let at = start.advanced(by: ring - start.wall)
        let out = box.handle(.timePassed, at: at)
        #expect(Self.lights(out) == [.steady(LightLevel(lightness: 100, kelvin: 4000))])
        let events = out.compactMap { c -> NightEvent.Kind? in
            if case .record(.event(let e)) = c { return e.kind } else { return nil }
        }
        #expect(events == [.alarmRang, .rangWithoutSound])
        guard case .alarm(let screen) = box.display(at: at).screen else {
            Issue.record("not the alarm screen")
            return
        }
        #expect(screen.withoutSound)
        #expect(box.display(at: at).screen != box.display(at: at.advanced(by: 0.5)).screen, "the alarm blinks")
    }

    @Test func theSoundLostWhileRingingAlsoCounts() throws {
        var (box, start) = try Self.box()
        let ring = try utc(2026, 11, 24, 5, 45)
        let at = start.advanced(by: ring - start.wall)
        _ = box.handle(.timePassed, at: at)
        let out = box.handle(.audioAvailabilityChanged(false), at: at.advanced(by: 3))
        #expect(out.contains { if case .record(.event(let e)) = $0 { return e.kind == .rangWithoutSound } else { return false } })
        #expect(box.state.light.ringWithoutSound)
    }

    @Test func theNightLightIsAHeldTimerOnTheClockScreenCappedAtNight() throws {
        var (box, start) = try Self.box()
        // 05:00 is night (dim until 07:00): the night light comes on at its level, at most night_max.
        var t = start.advanced(by: 10)
        _ = box.handle(.buttonPressed(.timer), at: t)
        t = t.advanced(by: 1)
        let on = Self.lights(box.handle(.buttonHeld(.timer, seconds: 1), at: t))
        #expect(on == [.steady(LightLevel(lightness: 20, kelvin: 1900))])
        _ = box.handle(.buttonReleased(.timer), at: t.advanced(by: 0.1))
        // The knob turns it up while its note shows, never past night_max (30).
        let up = Self.lights(box.handle(.knobTurned(detents: 20), at: t.advanced(by: 0.5)))
        #expect(up == [.steady(LightLevel(lightness: 30, kelvin: 1900))])
        #expect(box.state.volume == 50, "the knob set the light, not the volume")
        // Held again: off.
        t = t.advanced(by: 5)
        _ = box.handle(.buttonPressed(.timer), at: t)
        let off = Self.lights(box.handle(.buttonHeld(.timer, seconds: 1), at: t.advanced(by: 1)))
        #expect(off == [.off])
    }
}
