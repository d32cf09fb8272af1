import Foundation
@testable import SleepBoxCore
import Testing

/// The editors on the box: the time zone (every IANA zone, by region then city, opened at the
/// zone in use), one rule for a setting's values wherever they come from, the values said aloud
/// in the Timers editors and the date's parts, the meditation timer's breathing pattern and white
/// noise chosen on the box.
@Suite struct EditorsTests {
    /// A box at Monday 22:30 UTC with `stack` open.
    static func box(_ stack: [Page], language: Language = .english, speakMenus: Bool = false,
                    configure: (inout BoxConfig) -> Void = { _ in }) throws -> (Box, Moment) {
        var config = try Fixture.config()
        config.language = language
        config.menu.speakMenus = speakMenus
        configure(&config)
        var box = Box(config: config, catalog: Fixture.catalog, seed: 7)
        let now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        box.state.overlay = stack.isEmpty ? nil : .pages(stack, until: now.uptime + 30)
        return (box, now)
    }

    @discardableResult
    static func press(_ box: inout Box, _ now: inout Moment) -> [Command] {
        now = now.advanced(by: 0.5)
        let down = box.handle(.buttonPressed(.knob), at: now)
        now = now.advanced(by: 0.1)
        return down + box.handle(.buttonReleased(.knob), at: now)
    }

    @discardableResult
    static func turn(_ box: inout Box, _ now: inout Moment, _ detents: Int) -> [Command] {
        var out: [Command] = []
        for _ in 0..<abs(detents) {
            now = now.advanced(by: 0.3)
            out += box.handle(.knobTurned(detents: detents.signum()), at: now)
        }
        return out
    }

    static func said(_ commands: [Command]) -> [String] {
        commands.compactMap { if case .speakMenu(let s) = $0 { return s } else { return nil } }
    }

    static func menu(_ box: Box, _ now: Moment) -> MenuScreen? {
        if case .menu(let m) = box.display(at: now).screen { return m }
        return nil
    }

    static let clockList = Page.settingsList(SettingsListPage(group: .clock, selected: 2))

    // MARK: - The time zone

    @Test func everyIANAZoneIsOfferedOnceIncludingThoseWithoutSummerTimeAndHalfHours() {
        let all = TimeZoneList.all
        #expect(all.count > 300)
        #expect(Set(all).count == all.count, "each zone once")
        for zone in ["America/Phoenix", "Australia/Brisbane", "Africa/Johannesburg", "America/Argentina/Buenos_Aires",
                     "America/Mexico_City", "Australia/Adelaide", "Asia/Tehran", "Asia/Kolkata", "Europe/Kyiv", "UTC"] {
            #expect(all.contains(zone), "\(zone)")
            #expect(OwnerSetting.timeZone.parse(zone) == zone, "\(zone) can be set with ctl")
        }
        #expect(!all.contains("Asia/Calcutta") && !all.contains("Europe/Kiev"), "old names only by their new ones")
        #expect(all.allSatisfy { TimeZone(identifier: $0) != nil })
        #expect(TimeZoneList.regions.prefix(3) == ["UTC", "Africa", "America"])
        #expect(TimeZoneList.cityName("America/Argentina/Buenos_Aires") == "Buenos Aires (Argentina)")
    }

    /// The list opens on the zone in use (not the first of the list): one press keeps it.
    @Test func theListOpensAtTheZoneInUseAndOnePressKeepsIt() throws {
        var (box, now) = try Self.box([Self.clockList]) { $0.timeZone = TimeZone(identifier: "Australia/Adelaide") ?? .current }
        Self.press(&box, &now)
        let screen = try #require(Self.menu(box, now))
        #expect(screen.title == "Time zone")
        #expect(screen.rows[screen.selected].label == "Adelaide")
        #expect(screen.rows[0] == MenuRow(kind: .category, label: "Region", detail: "Australia"))
        Self.press(&box, &now)
        #expect(box.state.settings.timeZone?.identifier == "Australia/Adelaide")
        #expect(box.clock.timeZone.identifier == "Australia/Adelaide")
        #expect(box.pageStack == [Self.clockList])
    }

    /// Region, then city: the region row opens the regions, a region its cities.
    @Test func aZoneIsChosenByRegionThenCity() throws {
        var (box, now) = try Self.box([Self.clockList])
        Self.press(&box, &now)
        let opened = try #require(Self.menu(box, now))
        Self.turn(&box, &now, -opened.selected)      // up to the region row
        Self.press(&box, &now)
        let regions = try #require(Self.menu(box, now))
        #expect(regions.title == "Region")
        let asia = try #require(regions.rows.firstIndex { $0.label == "Asia" })
        Self.turn(&box, &now, asia - regions.selected)
        Self.press(&box, &now)
        let cities = try #require(Self.menu(box, now))
        #expect(cities.rows[0].detail == "Asia")
        let kolkata = try #require(cities.rows.firstIndex { $0.label == "Kolkata" })
        Self.turn(&box, &now, kolkata - cities.selected)
        Self.press(&box, &now)
        #expect(box.state.settings.timeZone?.identifier == "Asia/Kolkata")
        #expect(box.clock.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: now.wall)) == 19_800, "a half-hour zone")
    }

    @Test func theRegionsAreInGermanOnAGermanBox() throws {
        var (box, now) = try Self.box([.timeZone(TimeZonePage(region: nil, index: 0))], language: .german)
        Self.turn(&box, &now, 0)
        #expect(Self.menu(box, now)?.rows.map(\.label).contains("Europa") == true)
        #expect(Self.menu(box, now)?.title == "Region")
    }

    // MARK: - One rule for a setting's values

    /// `ctl setting`, the state file and the configuration file take the same values: any whole
    /// number in the file's range (not only the knob's steps), any IANA zone.
    @Test func aSettingTakesWhatTheFileTakes() {
        let night = OwnerSetting.named("display.night_brightness")
        #expect(night?.parse("35") == "35")
        #expect(night?.parse("7") == "7")
        #expect(night?.parse("101") == nil)
        #expect(night?.parse("-1") == nil)
        #expect(night?.parse("3.5") == nil)
        #expect(night?.hint == "a whole number 0 ... 100")
        #expect(OwnerSetting.named("voice.rate")?.parse("95") == "95")
        #expect(OwnerSetting.named("voice.rate")?.parse("460") == nil)
        #expect(OwnerSetting.named("display.screen_timeout_seconds")?.parse("45") == "45")
        #expect(OwnerSetting.named("audio.start_volume")?.parse("LAST") == "last")
        #expect(OwnerSetting.named("audio.start_volume")?.parse("35") == "35")
        #expect(OwnerSetting.timeZone.parse("Asia/Calcutta") == "Asia/Kolkata")
        #expect(OwnerSetting.timeZone.parse("Mars/Olympus_Mons") == nil)
        #expect(OwnerSetting.timeZone.parse("") == nil)
        var settings = OwnerSettings()
        settings["display.night_brightness"] = "35"
        settings["time_zone"] = "America/Phoenix"
        #expect(settings.nightBrightness == 35)
        #expect(settings.timeZone?.identifier == "America/Phoenix")
        settings["display.night_brightness"] = "135"
        #expect(settings.nightBrightness == 35, "a value the file would refuse changes nothing")
    }

    /// A value set outside the knob's steps opens its picker at the nearest step and shows as set.
    @Test func aValueBetweenTheKnobsStepsShowsAsSet() throws {
        var (box, now) = try Self.box([.settingsList(SettingsListPage(group: .display, selected: 1))])
        box.state.settings["display.night_brightness"] = "35"
        box.applySettings()
        #expect(box.settingsRow(.setting("display.night_brightness")).detail == "35%")
        Self.turn(&box, &now, 1)
        Self.press(&box, &now)
        guard case .value(let page)? = box.pageStack.last else {
            Issue.record("no value page: \(box.pageStack)")
            return
        }
        #expect(page.index == 3 || page.index == 4)
    }

    // MARK: - The value picker's numbers and dates

    /// The clock's date on the value picker: the year stops at its ends, the month goes round,
    /// the day stays within the month (31 January, a month on: 28 February).
    @Test func theDateKeepsItsDayWithinTheMonth() {
        var clock = ClockEditor(from: LocalFields(year: 2026, month: 1, day: 31, hour: 7, minute: 0, second: 0, weekday: 7), field: .month)
        clock.turn(1, at: 0)
        #expect(clock.month == 2 && clock.day == 28)
        clock.turn(-2, at: 1)
        #expect(clock.month == 12 && clock.day == 28, "round the year, the day as it was left")
        var year = ClockEditor(from: LocalFields(year: 2098, month: 1, day: 1, hour: 7, minute: 0, second: 0, weekday: 5))
        year.turn(3, at: 0)
        #expect(year.year == 2099, "the year stops at its end")
    }

    /// A number in a range with a step: the nearest step to start, its ends kept.
    @Test func aNumberMovesByItsStepWithinItsRange() {
        var level = ValuePicker.number(-11, in: -40...0, step: 2)
        #expect(level.value == -10 || level.value == -12)
        level = .number(-10, in: -40...0, step: 2)
        level.turn(-1, at: 0)
        #expect(level.value == -12)
        level.turn(30, at: 1)
        #expect(level.value == 0, "stops at the top")
        #expect(ValuePicker.number(70, in: 10...100, step: 5).fields[0].count == 19)
    }
}
