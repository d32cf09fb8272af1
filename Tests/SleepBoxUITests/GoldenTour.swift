import Foundation
import SleepBoxCore

/// Drives a real `Box` with button and knob events, as the owner would, and collects the frames it
/// shows: the golden frames (one per page of every list, each screen and notice) and every frame
/// on the way, for the check that no row is cut.
struct GoldenTour {
    /// A frame kept as a golden picture (`name`), or only checked for cut text (`name` nil).
    struct Shot {
        var name: String?
        var frame: DisplayFrame
        /// For a list: the same box's frame `GoldenTour.scrollSeconds` later, with no input between
        /// (a selected label too long for its row has moved on by then).
        var later: DisplayFrame?
    }

    /// How long after a list's frame its `later` frame is taken.
    static let scrollSeconds = 4.0

    let language: Language
    let twentyFourHour: Bool
    /// The prefix of every picture's name: "en", "de", "en12".
    let prefix: String
    private(set) var shots: [Shot] = []
    private var names: Set<String> = []

    init(language: Language, twentyFourHour: Bool = true) {
        self.language = language
        self.twentyFourHour = twentyFourHour
        prefix = (language == .german ? "de" : "en") + (twentyFourHour ? "" : "12")
    }

    // MARK: - The box

    /// The bundled library's titles (a part of it: every list the menu has, the long titles).
    static let catalog: Catalog = {
        var items = [
            ContentItem(id: "med-body-scan", title: "Body Scan for Sleep", kind: .meditation, duration: 14 * 60),
            ContentItem(id: "med-letting-go", title: "Letting Go of the Day", kind: .meditation, duration: 12 * 60),
            ContentItem(id: "med-safe-place", title: "A Safe Place", kind: .meditation, duration: 11 * 60, isAvailable: false),
            ContentItem(id: "nidra-deep", title: "Yoga Nidra: Deep Rest", kind: .yogaNidra, duration: 31 * 60),
            ContentItem(id: "nidra-short", title: "Yoga Nidra: Short Rest", kind: .yogaNidra, duration: 9 * 60),
            ContentItem(id: "breath-478", title: "4-7-8 Breathing", kind: .breathing, duration: 5 * 60,
                        breathing: BreathingGuide(pattern: [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7),
                                                            BreathStep(.exhale, seconds: 8)], cycles: 8, startsAt: 20)),
            ContentItem(id: "breath-box", title: "Box Breathing", kind: .breathing, duration: 6 * 60),
            ContentItem(id: "hypno-staircase", title: "The Descending Staircase", kind: .hypnosis, duration: 18 * 60),
            ContentItem(id: "affirm-calm", title: "Affirmations for Calm", kind: .affirmation, duration: 6 * 60),
            ContentItem(id: "story-lighthouse", title: "The Lighthouse Keeper's Evening", kind: .story, duration: 11 * 60),
            ContentItem(id: "story-night-train", title: "The Night Train Through Snow", kind: .story, duration: 14 * 60),
            ContentItem(id: "poem-cloths", title: "He Wishes for the Cloths of Heaven", kind: .poem, duration: 60),
            ContentItem(id: "poem-hope", title: "Hope Is the Thing with Feathers", kind: .poem, duration: 70),
            ContentItem(id: "poem-lake-isle", title: "The Lake Isle of Innisfree", kind: .poem, duration: 70),
            ContentItem(id: "poem-wynken", title: "Wynken, Blynken, and Nod", kind: .poem, duration: 150),
            ContentItem(id: "science-noise", title: "White, Pink and Brown Noise, and Safe Listening at Night",
                        kind: .science, duration: 9 * 60),
            ContentItem(id: "science-noise-de", title: "Weißes, rosa und braunes Rauschen, und sicheres Hören in der Nacht",
                        kind: .science, duration: 10 * 60),
        ]
        // What the detail pages show: the voice, the description, the language (the science
        // pieces in both languages: the box's own first, the other marked).
        let spoken: [ItemID: (language: String, description: String?)] = [
            "med-body-scan": ("en", "A slow body scan from the feet to the crown of the head, noticing and softening each part of the body on the way to sleep."),
            "breath-478": ("en", "In for four, hold for seven, out for eight: a breath that slows the body down before sleep."),
            "nidra-short": ("en", nil),
            "story-night-train": ("en", "A sleeper train runs north all night through the snow while you lie warm in your compartment."),
            "science-noise": ("en", "What the colours of noise are, how masking works, and how to listen safely all night."),
            "science-noise-de": ("de", "Was die Farben des Rauschens sind, wie Maskierung wirkt, und wie man die ganze Nacht sicher hört."),
        ]
        // The stories' categories: the Sleep stories list goes by them, a story's page names its own.
        for (id, category) in [("story-lighthouse", StoryCategory.fiction), ("story-night-train", .nature)] {
            if let index = items.firstIndex(where: { $0.id == id }) { items[index].storyCategory = category }
        }
        for index in items.indices {
            guard let facts = spoken[items[index].id] else { continue }
            items[index].isSpoken = true
            items[index].language = facts.language
            items[index].description = facts.description
            items[index].narrator = "calm female"
        }
        for (id, title, language) in [("science-binaural-beats", "Binaural Beats, and Why Headphones", "en"),
                                      ("science-binaural-beats-de", "Binaurale Beats, und warum Kopfhörer", "de")] {
            var item = ContentItem(id: id, title: title, kind: .science, duration: 150)
            item.isSpoken = true
            item.language = language
            items.append(item)
        }
        for (id, title) in [("ambient-rain", "Rain"), ("ambient-forest", "Forest at Night"), ("ambient-brown-noise", "Brown Noise"),
                            ("mix-rain-over-brown-noise", "Rain on a Roof over Brown Noise")] {
            var item = ContentItem(id: id, title: title, kind: .ambient, duration: 8 * 3600)
            item.isMixLayer = !id.hasPrefix("mix-")
            items.append(item)
        }
        for state in ["Alpha 10 Hz", "Beta 20 Hz", "Gamma 40 Hz"] {
            for kind in ["Binaural", "Isochronic"] {
                var item = ContentItem(id: "tone-\(kind)-\(state)".lowercased().replacingOccurrences(of: " ", with: "-"),
                                       title: "\(kind) \(state)", kind: .ambient, duration: 8 * 3600)
                item.isMixLayer = true
                item.needsHeadphones = kind == "Binaural"
                item.beatHz = ["Alpha 10 Hz": 10, "Beta 20 Hz": 20, "Gamma 40 Hz": 40][state]
                item.explainedBy = kind == "Binaural" ? ["science-binaural-beats", "science-binaural-beats-de"] : []
                if state == "Alpha 10 Hz" {
                    item.description = kind == "Binaural"
                        ? "Headphones only: 195 Hz on the left ear, 205 Hz on the right, a 10 Hz beat, the rate of the alpha waves."
                        : "A soft 200 Hz tone in gentle pulses, 10 a second, the rate of the alpha waves; a speaker is fine."
                }
                items.append(item)
            }
        }
        return Catalog(items: items, voices: ItemVoices(box: [.english: .natural, .german: .espeak("de")],
                                                         other: ["en": .espeak("en-us"), "de": .espeak("de")]))
    }()

    /// Monday 2026-11-23 22:30 in Berlin (21:30 UTC).
    static let startWall = 1_795_469_400.0

    /// A box started at `startWall` with alarm 1 at 06:45 on weekdays and the bedtime reminder on.
    func freshBox(nightFace: NightFace = .clock) -> (Box, Moment) {
        var config = BoxConfig(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)
        config.language = language
        config.display.twentyFourHour = twentyFourHour
        config.alarms = [AlarmSettings(hour: 6, minute: 45, weekdays: Set(1...5)), nil, nil, nil]
        config.reminder.schedule = AlarmSettings(hour: 22, minute: 45, weekdays: Set(1...7), isEnabled: true)
        // The tour's night shows the clock; the night face has its own walk (`walkNight`).
        config.display.nightFace = nightFace
        var box = Box(config: config, catalog: GoldenTour.catalog, seed: 7)
        let now = Moment(uptime: 100, wall: GoldenTour.startWall)
        _ = box.start(at: now, restoring: nil)
        return (box, now)
    }

    // MARK: - Shots

    /// Keeps the frame the box shows now, as golden picture `name` (once per name) or only for the cut check.
    mutating func shoot(_ driver: Driver, _ name: String?) {
        let later = driver.menu == nil ? nil : driver.box.display(at: driver.now.advanced(by: GoldenTour.scrollSeconds))
        shoot(driver.frame, name, later: later)
    }

    mutating func shoot(_ frame: DisplayFrame, _ name: String?, later: DisplayFrame? = nil) {
        let plain = GoldenTour.plain(frame)
        let laterPlain = later.map(GoldenTour.plain)
        guard let name else {
            shots.append(Shot(name: nil, frame: plain, later: laterPlain))
            return
        }
        let full = prefix + "-" + name
        shots.append(Shot(name: names.insert(full).inserted ? full : nil, frame: plain, later: laterPlain))
    }

    /// `frame` without the burn-in shift and the night's dimming: they are the panel's, the golden
    /// frames are the screens.
    static func plain(_ frame: DisplayFrame) -> DisplayFrame {
        var plain = frame
        plain.shiftX = 0
        plain.shiftY = 0
        plain.dimmed = false
        return plain
    }

    /// A name made of `text`'s letters and digits, lower case, words joined by "-".
    static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let words = folded.split { !$0.isLetter && !$0.isNumber }.prefix(4)
        return words.joined(separator: "-").lowercased()
    }
}

/// A box and its clock, moved on by the owner's gestures.
struct Driver {
    var box: Box
    var now: Moment

    var frame: DisplayFrame { box.display(at: now) }
    var screen: Screen { frame.screen }
    var menu: MenuScreen? {
        if case .menu(let menu) = screen { return menu }
        return nil
    }

    @discardableResult
    mutating func send(_ event: Event, after seconds: Double = 0.3) -> [Command] {
        now = now.advanced(by: seconds)
        return box.handle(event, at: now)
    }

    /// A short press of `button` (down, 0.1 s, up).
    mutating func press(_ button: Button = .knob) {
        send(.buttonPressed(button))
        send(.buttonReleased(button), after: 0.1)
    }

    /// `button` held `seconds` and let go.
    mutating func hold(_ button: Button = .knob, seconds: Double = 1) {
        send(.buttonPressed(button))
        var held = 0.8
        while held <= seconds {
            send(.buttonHeld(button, seconds: held), after: held == 0.8 ? 0.8 : 0.2)
            held += 0.2
        }
        send(.buttonReleased(button), after: 0.1)
    }

    /// Single knob detents, one after another (a slow turn).
    mutating func turn(_ detents: Int) {
        for _ in 0..<abs(detents) { send(.knobTurned(detents: detents.signum()), after: 0.3) }
    }

    /// Moves the menu's selection to row `index`.
    mutating func select(_ index: Int) {
        guard let menu else { return }
        turn(index - menu.selected)
    }

    /// Lets `seconds` pass, waking the box as the daemon's loop does.
    mutating func wait(_ seconds: Double) {
        var left = seconds
        while left > 0 {
            let step = min(left, 15)
            send(.timePassed, after: step)
            left -= step
        }
    }
}
