import SleepBoxCore

/// The walks: every page reachable from the library menu and the alarm list, and the screens
/// around them (idle, playing, the timer, the alarm, the reminder, the timers running).
extension GoldenTour {
    /// Every screen of the tour, in this language and clock.
    /// With `menus` false: the screens and the alarm list only (the 12-hour clock's places).
    static func shots(language: Language, twentyFourHour: Bool = true, menus: Bool = true) -> [Shot] {
        var tour = GoldenTour(language: language, twentyFourHour: twentyFourHour)
        tour.walkScreens()
        if menus { tour.walkMenus(root: .library, path: [], depth: 0) }
        tour.walkMenus(root: .alarmList, path: [], depth: 0)
        return tour.shots
    }

    /// `shots` with a name only on the first frame of each name (later ones are kept for the cut check).
    static func deduplicated(_ shots: [Shot]) -> [Shot] {
        var seen: Set<String> = []
        return shots.map { shot in
            guard let name = shot.name, seen.insert(name).inserted else { return Shot(name: nil, frame: shot.frame, later: shot.later) }
            return shot
        }
    }

    /// Where a menu walk starts from the idle screen.
    enum Root {
        /// The knob held: the library.
        case library
        /// The knob pressed: the alarm list.
        case alarmList
    }

    /// A fresh box at `root`, then for each index of `path`: that row selected and pressed.
    func drive(root: Root, path: [Int]) -> Driver {
        let (box, now) = freshBox()
        var driver = Driver(box: box, now: now)
        switch root {
        case .library: driver.hold()
        case .alarmList: driver.press()
        }
        for index in path {
            driver.select(index)
            driver.press()
        }
        return driver
    }

    /// Every row of the menu at `path` seen unselected (for the cut check), a golden picture per
    /// page of four rows, and each page or value a press on a category or setting row opens. A
    /// list of a setting's values (a page without a Back row) is shown, not pressed: a
    /// press there takes the value and goes back.
    mutating func walkMenus(root: Root, path: [Int], depth: Int, pressRows: Bool = true) {
        var driver = drive(root: root, path: path)
        guard let menu = driver.menu else { return }
        let slug = GoldenTour.slug(menu.title)
        if menu.rows.contains(where: \.isEditing) {
            // A value being chosen: the value now and the next one.
            let row = menu.rows.first(where: \.isEditing).map { GoldenTour.slug($0.label) } ?? "value"
            shoot(driver, "\(slug)-\(row)-edit")
            driver.turn(1)
            shoot(driver, nil)
            return
        }
        for index in menu.rows.indices {
            driver.select(index)
            let page = index / 4 + 1
            shoot(driver, index % 4 == 0 ? "\(slug)-p\(page)" : nil)
        }
        if menu.title.hasPrefix("My mix") || menu.title.hasPrefix("Mein Mix") {
            walkMixEditor(&driver, slug: slug)
        }
        if menu.rows.first?.label == "Region", menu.rows.first?.kind == .category {
            // The time zone's cities: their first row opens the regions.
            driver.select(0)
            driver.press()
            for index in driver.menu?.rows.indices ?? 0..<0 {
                driver.select(index)
                shoot(driver, index % 4 == 0 ? "\(slug)-regions-p\(index / 4 + 1)" : nil)
            }
        }
        guard depth < 4, pressRows else { return }
        let newMix = ["New mix", "Neuer Mix"]
        for (index, row) in menu.rows.enumerated() where row.kind == .category || row.kind == .setting || newMix.contains(row.label) {
            var next = drive(root: root, path: path + [index])
            switch next.screen {
            case .menu(let opened):
                if opened.title != menu.title || opened.rows.contains(where: \.isEditing) {
                    walkMenus(root: root, path: path + [index], depth: depth + 1, pressRows: opened.rows.first?.kind == .back)
                }
            case .nightStats:
                _ = next.send(.historyLoaded(GoldenTour.nights))
                shoot(next, "nights")
                next.turn(1)
                shoot(next, "nights-all-time")
                next.turn(-1)
                next.press()
                shoot(next, "calendar")
                next.turn(-1)
                shoot(next, "calendar-earlier")
                next.turn(-31)
                shoot(next, "calendar-month-before")
            default:
                shoot(next, "\(slug)-\(GoldenTour.slug(row.label))")
            }
        }
    }

    /// A month of nights for the Nights screens: from the 25th of October to tonight (the 23rd of
    /// November), 15 to 45 minutes from between 21:00 and 22:00, a night off now and then, a
    /// two-minute night that does not count, two sessions on Sundays; tonight's began at 21:00.
    static let nights: [HistoryRecord] = (0..<30).flatMap { night -> [HistoryRecord] in
        guard night % 7 != 3, night != 12 else { return [] }
        // 2026-10-25T20:00Z (21:00 in Berlin, winter time) on.
        let start = 1_792_958_400.0 + Double(night) * 86400 + (night == 29 ? 0 : Double((night * 37) % 60) * 60)
        let heard = night == 20 ? 120.0 : Double(15 + (night * 13) % 31) * 60
        var sessions = [SessionRecord(itemID: "med-body-scan", kind: "meditation", title: "Body Scan", startedAt: start,
                                      startOffset: 3600, endedAt: start + heard, endOffset: 3600, heardSeconds: heard,
                                      ending: .sleepTimer)]
        if night % 7 == 0 {
            sessions.append(SessionRecord(itemID: "story-lighthouse", kind: "story", title: "The Lighthouse", startedAt: start + 3600,
                                          startOffset: 3600, endedAt: start + 4200, endOffset: 3600, heardSeconds: 600,
                                          ending: .finished))
        }
        return sessions.map { .session($0) }
    }

    /// A new mix made in the editor: a tone chosen for its first sound, its level set, a second sound.
    mutating func walkMixEditor(_ d: inout Driver, slug: String) {
        d.select(0)
        d.press()
        d.turn(12)
        shoot(d, "\(slug)-sound")
        d.press()
        d.turn(-5)
        shoot(d, "\(slug)-level")
        d.press()
        d.press()
        d.turn(3)
        d.press()
        shoot(d, "\(slug)-two-sounds")
        d.turn(2)
        shoot(d, "\(slug)-two-sounds-p2")
    }

    /// The screens outside the menus, from the idle screen.
    mutating func walkScreens() {
        let (box, now) = freshBox()
        var d = Driver(box: box, now: now)
        shoot(d, "idle")
        d.turn(3)
        shoot(d, "volume")
        d.wait(5)
        // The bedtime reminder at 22:45.
        d.wait(15 * 60)
        shoot(d, "reminder")
        d.press()
        shoot(d, "reminder-later")
        d.wait(3)
        // The leaf: a meditation plays; the timer button: the choice, then the countdown.
        d.press(.leaf)
        d.wait(2)
        shoot(d, "playing")
        d.press(.timer)
        shoot(d, "timer-choice")
        d.turn(2)
        shoot(d, "timer-choice-turned")
        d.wait(5)
        shoot(d, "playing-timer")
        d.press(.knob)
        d.wait(1)
        shoot(d, "playing-paused")
        d.press(.leaf)
        d.send(.timePassed, after: 0.2)
        shoot(d, "transition")
        d.wait(5)
        shoot(d, "playing-poetry")
        d.hold(.leaf, seconds: 0.2)
        d.wait(5)
        shoot(d, "after-playing")

        walkBreathing()
        walkNight()
        walkCompletion()
        walkAlarm()
        walkLight()
        walkTimers()
        walkLibraryWhilePlaying()
        walkDetails()
        walkCompanion()
    }

    /// Items' detail pages: a meditation (its voice and description), a story (its category), a breathing exercise (its
    /// pattern), a binaural tone (its science piece, which the last row opens), a science piece in
    /// the other language; each page's rows one by one.
    mutating func walkDetails() {
        // The details show no time: the 24-hour tour has them.
        guard twentyFourHour else { return }
        let lists: [(titles: [String], item: ItemID, name: String)] = [
            (["Meditations", "Meditationen"], "med-body-scan", "detail-meditation"),
            (["Breathing", "Atmung"], "breath-478", "detail-breathing"),
            (["Sleep stories", "Einschlafgeschichten"], "story-night-train", "detail-story"),
            (["Ambient", "Klänge"], "tone-binaural-alpha-10-hz", "detail-tone"),
            (["Sound science", "Klangwissen"], language == .german ? "science-noise" : "science-noise-de", "detail-other-language"),
        ]
        for (titles, item, name) in lists {
            var d = drive(root: .library, path: [])
            guard let list = d.menu?.rows.firstIndex(where: { titles.contains($0.label) }) else { continue }
            d.select(list)
            d.press()
            guard let row = d.box.menuItems(d.box.menuCategories.first { titles.contains(d.box.config.words($0.key)) } ?? .favorites,
                                            at: d.now).firstIndex(where: { $0.id == item }) else { continue }
            d.select(row + 1)
            d.press()
            guard let page = d.menu else { continue }
            for index in page.rows.indices {
                d.select(index)
                shoot(d, index % 4 == 0 ? "\(name)-p\(index / 4 + 1)" : nil)
            }
            if item.hasPrefix("tone-binaural") {
                d.press()
                shoot(d, "\(name)-explained")
            }
        }
    }

    /// The library opened while something plays: "Restart <title>" and the favourite's row first,
    /// before and after the press that marks it.
    mutating func walkLibraryWhilePlaying() {
        let (box, now) = freshBox()
        var d = Driver(box: box, now: now)
        d.press(.leaf)
        d.wait(2)
        d.hold()
        d.select(1)
        shoot(d, "library-playing")
        d.press()
        shoot(d, "library-playing-favorite")
    }

    /// The breathing exercise: the circle at a few phases of one breath.
    mutating func walkBreathing() {
        var d = drive(root: .library, path: [])
        guard let row = d.menu?.rows.firstIndex(where: { $0.label == "Breathing" || $0.label == "Atmen" || $0.label == "Atemübungen" }) else {
            return
        }
        d.select(row)
        d.press()
        d.select(1)
        // The row opens the details; a press there plays.
        d.press()
        d.press()
        d.wait(21)
        for (second, name) in [(1.0, "breathing-in"), (3.0, "breathing-full"), (5.0, "breathing-hold"), (9.0, "breathing-out"),
                               (6.0, "breathing-empty")] {
            d.wait(second)
            shoot(d, name)
        }
        d.press()
        shoot(d, "breathing-paused")
    }

    /// The alarm at 06:45: ringing, snoozed, ringing again, and the idle screen after it.
    mutating func walkAlarm() {
        let (box, now) = freshBox()
        var d = Driver(box: box, now: now)
        d.wait(8 * 3600 + 15 * 60)
        shoot(d, "alarm")
        d.press(.skip)
        d.wait(60)
        shoot(d, "alarm-snoozed")
        d.wait(9 * 60)
        d.hold(.leaf, seconds: 2.5)
        d.wait(3)
        shoot(d, "idle-morning")
    }

    /// The timers running: the meditation timer (with its breathing guide) and the nap, from the
    /// Timers page's first rows.
    mutating func walkTimers() {
        var d = drive(root: .library, path: [])
        guard let timers = d.menu?.rows.firstIndex(where: { $0.label == "Timers" || $0.label == "Timer" }) else { return }
        d.select(timers)
        d.press()
        d.select(1)
        d.press()
        if let start = d.menu?.rows.firstIndex(where: { $0.kind == .action }) {
            d.select(start)
            d.press()
            d.wait(30)
            shoot(d, "meditation-timer")
            d.wait(30)
            shoot(d, "meditation-timer-later")
        }
        // Chosen on the box: white noise under it, box breathing for the guide.
        var c = drive(root: .library, path: [])
        c.select(timers)
        c.press()
        c.select(1)
        c.press()
        if let sound = c.menu?.rows.firstIndex(where: { $0.label == "Sound" || $0.label == "Klang" }) {
            c.select(sound)
            c.press()
            c.turn(5)
            shoot(c, "meditation-sound-white-noise")
            c.press()
            c.select(sound + 1)
            c.press()
            c.turn(2)
            shoot(c, "meditation-breathing-pattern")
            c.press()
            shoot(c, "meditation-pattern-chosen")
        }
        var n = drive(root: .library, path: [])
        n.select(timers)
        n.press()
        n.select(2)
        n.press()
        if let start = n.menu?.rows.firstIndex(where: { $0.kind == .action }) {
            n.select(start)
            n.press()
            n.wait(60)
            shoot(n, "nap")
        }
    }
}
