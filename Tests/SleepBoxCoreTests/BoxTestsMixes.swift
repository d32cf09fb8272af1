import Foundation
import SleepBoxCore
import Testing

/// My mixes: the owner makes, names, saves, edits and deletes mixes on the box with the knob
/// alone; they are kept in the state, listed in the library, marked favourites, played by an id
/// of their own with their layers sent first, and restored from the state file.
@Suite struct BoxMixesTests {
    /// The fixture's items, three sounds a mix can play, a bundled mix (no layer of another mix)
    /// and a recording whose file is not there (not offered).
    static let catalog: Catalog = {
        var items = Fixture.catalog.items
        func sound(_ id: ItemID, _ title: String, available: Bool = true) -> ContentItem {
            var item = ContentItem(id: id, title: title, kind: .ambient, duration: 28_800, isAvailable: available)
            item.isMixLayer = true
            return item
        }
        items += [sound("ambient-rain", "Rain"), sound("ambient-brown-noise", "Brown Noise"),
                  ContentItem(id: "mix-surf", title: "Surf over Pink Noise", kind: .ambient, duration: 28_800),
                  sound("tone-isochronic-theta", "Isochronic Theta"), sound("rec-harbour", "Harbour", available: false)]
        return Catalog(items: items)
    }()

    static let rainOverBrown = OwnerMix(number: 1, name: "calm", layers: [
        OwnerMix.Layer(sound: "ambient-rain", levelDB: 0), OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: -12),
    ])

    static func started(mixes snapshot: Snapshot? = nil) throws -> BoxTester {
        let config = try Fixture.config()
        var t = BoxTester(config: config, catalog: catalog, at: Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30)))
        t.start(commands: [.setVolume(percent: 50)])
        return t
    }

    /// From the idle screen to Settings > Sound > My mixes, every step checked.
    static func openMyMixes(_ t: inout BoxTester) {
        t.openLibrary()
        // The library's last row is Settings: 7 rows of lists (Featured tonight, Favorites, 5
        // kinds: Continue listening is not listed while nothing is begun), then Timers, Nights,
        // Alarms, Settings.
        t.menuTurn(30, to: BoxTester.menuPage(category: nil, selected: 11))
        t.press(to: .settingsList(SettingsListPage(group: nil, selected: 1)))
        t.turn(3, to: .settingsList(SettingsListPage(group: nil, selected: 4)))
        t.press(to: .settingsList(SettingsListPage(group: .sound, selected: 1)))
        t.turn(10, to: .settingsList(SettingsListPage(group: .sound, selected: 4)))
        #expect(t.menu?.rows[4] == MenuRow(kind: .category, label: "My mixes", detail: "0"))
        t.press(to: .mixList(MixListPage(selected: 1)))
    }

    /// From the mix list on "New mix", makes Rain at 0 dB over Brown Noise at -12 dB named Calm
    /// and saves it; each step's whole state and commands checked.
    static func makeRainOverBrown(_ t: inout BoxTester) {
        var e = MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)
        t.press(to: .mixEditor(e))
        e.field = sound(0, of: 4)
        t.press(to: .mixEditor(e))
        #expect(t.menu?.rows[0].label == "<none>")
        // The sounds offered: none, Rain, Brown Noise, Isochronic Theta (not the bundled mix,
        // not the recording that is not there).
        #expect(t.box.mixSounds == ["ambient-rain", "ambient-brown-noise", "tone-isochronic-theta"])
        e.lastTurn = t.at(0.5).uptime
        e.field = sound(1, of: 4, turnedAt: e.lastTurn)
        t.turn(1, to: .mixEditor(e))
        #expect(t.menu?.rows[0].label == "<Rain>")
        e.draft.layers = [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)]
        e.field = .level(MixEditor.levelPicker(0))
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        // The sound has its row, its level the row under it.
        #expect(t.menu?.rows[0] == MenuRow(kind: .category, label: "Rain"))
        #expect(t.menu?.rows[1] == MenuRow(kind: .category, label: "Level", detail: "<0 dB>"))
        #expect(t.menu?.selected == 1)
        e.field = nil
        e.row = .layer2
        t.press(to: .mixEditor(e))
        e.field = sound(0, of: 3)
        t.press(to: .mixEditor(e))
        // Rain is taken by layer 1: the next sound is Brown Noise.
        e.lastTurn = t.at(0.5).uptime
        e.field = sound(1, of: 3, turnedAt: e.lastTurn)
        t.turn(1, to: .mixEditor(e))
        #expect(t.menu?.rows[2].label == "<Brown Noise>")
        e.draft.layers.append(OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: -10))
        e.field = .level(MixEditor.levelPicker(-10))
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        e.draft.layers[1].levelDB = -12
        e.lastTurn = t.at(0.5).uptime
        e.field = level(-12, turnedAt: t.at(0.5).uptime)
        t.turn(-1, to: .mixEditor(e))
        #expect(t.menu?.rows[2] == MenuRow(kind: .category, label: "Brown Noise"))
        #expect(t.menu?.rows[3] == MenuRow(kind: .category, label: "Level", detail: "<-12 dB>"))
        e.field = nil
        e.row = .layer3
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        e.row = .name
        e.lastTurn = t.at(0.5).uptime
        t.turn(1, to: .mixEditor(e))
        e.field = name(0)
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        e.lastTurn = t.at(0.5).uptime
        e.field = name(1, turnedAt: e.lastTurn)
        t.turn(1, to: .mixEditor(e))
        // The name shows as it is chosen; the draft takes it with the press.
        #expect(t.menu?.title == "Calm")
        #expect(t.menu?.rows[5] == MenuRow(kind: .category, label: "Name", detail: "<Calm>"))
        e.draft.name = "calm"
        e.field = nil
        e.row = .save
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        #expect(t.box.catalog.item("mix-mine-1") == nil, "nothing is saved before Save")
        t.press(to: .mixList(MixListPage(selected: 1)), update: { $0.ownerMixes = [rainOverBrown] }, commands: [.persist])
    }

    @Test func aMixMadeWithTheKnobIsSavedListedAndPlayedWithItsLayersFirst() throws {
        var t = try Self.started()
        Self.openMyMixes(&t)
        Self.makeRainOverBrown(&t)
        #expect(t.menu?.rows == [MenuRow(kind: .back, label: "Back"), MenuRow(kind: .category, label: "Calm", detail: "2"),
                                 MenuRow(kind: .action, label: "New mix", detail: "+")])
        // In the library, after the library's own ambient items.
        let item = try #require(t.box.catalog.item("mix-mine-1"))
        #expect(item == ContentItem(id: "mix-mine-1", title: "Calm", kind: .ambient, duration: 8 * 3600))
        #expect(t.box.menuItems(.kind(.ambient), at: t.now).map(\.id).last == "mix-mine-1")
        #expect(t.box.snapshot(at: t.now).mixes == [Self.rainOverBrown])

        // Played from the library's Ambient list (a press on its row opens its details, a press
        // there plays): its definition goes first, then the play.
        try Self.toAmbientList(&t)
        t.menuPress(to: .item(ItemPage(id: "mix-mine-1")))
        #expect(t.menu?.rows.first == MenuRow(kind: .action, label: "Calm", detail: "all night"))
        let released = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.phase = .playing(Playback(item: "mix-mine-1", position: 0, anchor: released.uptime))
            $0.lastTitle = "Calm"
        }, commands: [.play("mix-mine-1", from: 0, mix: Self.rainOverBrown), .persist])
        // Only a start of it sends the definition again.
        let turned = t.at(1)
        t.send(.knobTurned(detents: 1), after: 1, update: {
            $0.volume = 55
            $0.overlay = .volume(until: turned.uptime + 2)
        }, commands: [.setVolume(percent: 55), .persist])
    }

    @Test func leavingTheEditorWithoutSaveChangesNothing() throws {
        var t = try Self.started()
        Self.openMyMixes(&t)
        var e = MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)
        t.press(to: .mixEditor(e))
        e.field = sound(0, of: 4)
        t.press(to: .mixEditor(e))
        e.lastTurn = t.at(0.5).uptime
        e.field = sound(2, of: 4, turnedAt: e.lastTurn)
        t.turn(2, to: .mixEditor(e))
        e.draft.layers = [OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: 0)]
        e.field = .level(MixEditor.levelPicker(0))
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        // Held: back to the editor as it was before the sound was chosen, then to the list on
        // "New mix"; nothing kept, nothing saved.
        t.hold(to: .mixEditor(MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)))
        t.hold(to: .mixList(MixListPage(selected: 1)))
        #expect(t.state.ownerMixes.isEmpty)
        #expect(!t.box.catalog.items.contains { OwnerMix.isOwnerID($0.id) })
        // Another button closes the screens: the same.
        t.press(to: .mixEditor(MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)))
        t.send(.buttonPressed(.timer), after: 0.5, update: { $0.pressed[.timer] = .pending; $0.overlay = nil }, commands: [])
        #expect(t.state.ownerMixes.isEmpty)
    }

    @Test func saveWithNoSoundOpensTheFirstSound() throws {
        var t = try Self.started()
        Self.openMyMixes(&t)
        var e = MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)
        t.press(to: .mixEditor(e))
        e.row = .save
        e.lastTurn = t.at(0.5).uptime
        t.turn(4, to: .mixEditor(e))
        #expect(t.menu?.hint == "Choose a sound first")
        // The first sound opens, a level over the editor as it was.
        e.row = .layer1
        e.lastTurn = nil
        e.field = sound(0, of: 4)
        t.press(to: .mixEditor(e))
        #expect(t.state.ownerMixes.isEmpty)
    }

    @Test func aMixIsEditedAndDeletedAndLeavesTheFavouritesAndTheLibrary() throws {
        var t = try Self.started()
        Self.openMyMixes(&t)
        Self.makeRainOverBrown(&t)
        // A favourite (kept across a restart).
        try Self.markFavourite(&t)
        #expect(t.state.favorites == ["mix-mine-1"])
        #expect(t.box.menuItems(.favorites, at: t.now).map(\.title) == ["Calm"])

        // Edited: the first layer to none takes it out, Brown Noise moves up; saved.
        Self.openMyMixes(&t, selected: 1)
        var e = MixEditor(draft: Self.rainOverBrown, isSaved: true)
        t.press(to: .mixEditor(e))
        #expect(t.menu?.rows.map(\.label) == ["Rain", "Level", "Brown Noise", "Level", "Sound 3", "Name", "Save", "Delete"])
        e.field = sound(1, of: 3)
        t.press(to: .mixEditor(e))
        e.lastTurn = t.at(0.5).uptime
        e.field = sound(0, of: 3, turnedAt: e.lastTurn)
        t.turn(-1, to: .mixEditor(e))
        e.draft.layers = [OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: -12)]
        e.field = nil
        e.lastTurn = nil
        t.press(to: .mixEditor(e))
        // One layer now: its row, the empty one for a second, the name, Save, Delete.
        #expect(t.menu?.rows.map(\.label) == ["Brown Noise", "Level", "Sound 2", "Name", "Save", "Delete"])
        e.row = .save
        e.lastTurn = t.at(0.5).uptime
        t.turn(3, to: .mixEditor(e))
        let edited = OwnerMix(number: 1, name: "calm", layers: [OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: -12)])
        t.press(to: .mixList(MixListPage(selected: 1)), update: { $0.ownerMixes = [edited] }, commands: [.persist])

        // Deleted: out of the state, the library and the favourites.
        e = MixEditor(draft: edited, isSaved: true)
        t.press(to: .mixEditor(e))
        e.row = .delete
        e.lastTurn = t.at(0.5).uptime
        t.turn(10, to: .mixEditor(e))
        t.press(to: .mixList(MixListPage(selected: 1)), update: {
            $0.ownerMixes = []
            $0.favorites = []
        }, commands: [.persist])
        #expect(t.box.catalog.item("mix-mine-1") == nil)
        #expect(t.menu?.rows.map(\.label) == ["Back", "New mix"])
    }

    @Test func atMostSixMixesAndTheNextTakesTheLowestFreeNumber() throws {
        var t = try Self.started()
        let mixes = [1, 2, 3, 5, 6].map { OwnerMix(number: $0, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: -2 * $0)]) }
        var snapshot = t.box.snapshot(at: t.now)
        snapshot.mixes = mixes
        var restored = BoxTester(config: t.config, catalog: Self.catalog, at: t.now)
        restored.start(restoring: snapshot, update: { $0.ownerMixes = mixes }, commands: [.setVolume(percent: 50), .persist])
        #expect(restored.box.catalog.items.filter { OwnerMix.isOwnerID($0.id) }.map(\.title)
                == ["My mix 1", "My mix 2", "My mix 3", "My mix 5", "My mix 6"])
        Self.openMyMixes(&restored, selected: 1)
        restored.turn(10, to: .mixList(MixListPage(selected: 6)))
        #expect(restored.menu?.rows[6] == MenuRow(kind: .action, label: "New mix", detail: "+"))
        var e = MixEditor(draft: OwnerMix(number: 4, layers: []), isSaved: false)
        restored.press(to: .mixEditor(e))
        #expect(restored.menu?.title == "My mix 4")
        e.field = sound(0, of: 4)
        restored.press(to: .mixEditor(e))
        e.lastTurn = restored.at(0.5).uptime
        e.field = sound(3, of: 4, turnedAt: e.lastTurn)
        restored.turn(3, to: .mixEditor(e))
        e.draft.layers = [OwnerMix.Layer(sound: "tone-isochronic-theta", levelDB: 0)]
        e.field = .level(MixEditor.levelPicker(0))
        e.lastTurn = nil
        restored.press(to: .mixEditor(e))
        // Levels stop at their ends: -40 dB.
        e.draft.layers[0].levelDB = -40
        e.lastTurn = restored.at(0.5).uptime
        e.field = level(-40, turnedAt: restored.at(0.5).uptime)
        restored.turn(-30, to: .mixEditor(e))
        e.field = nil
        e.row = .layer2
        e.lastTurn = nil
        restored.press(to: .mixEditor(e))
        e.row = .save
        e.lastTurn = restored.at(0.5).uptime
        restored.turn(10, to: .mixEditor(e))
        let fourth = OwnerMix(number: 4, layers: [OwnerMix.Layer(sound: "tone-isochronic-theta", levelDB: -40)])
        restored.press(to: .mixList(MixListPage(selected: 4)), update: { $0.ownerMixes = Array(mixes[0..<3]) + [fourth] + Array(mixes[3...]) },
                       commands: [.persist])
        // Six: no "New mix" any more.
        #expect(restored.menu?.rows.map(\.label) == ["Back", "My mix 1", "My mix 2", "My mix 3", "My mix 4", "My mix 5", "My mix 6"])
    }

    @Test func aSoundIsNeverOfferedTwiceInOneMix() {
        let editor = MixEditor(draft: Self.rainOverBrown, isSaved: true)
        let sounds: [ItemID] = ["ambient-rain", "ambient-brown-noise", "tone-isochronic-theta"]
        #expect(editor.choices(for: 0, among: sounds) == [nil, "ambient-rain", "tone-isochronic-theta"])
        #expect(editor.choices(for: 1, among: sounds) == [nil, "ambient-brown-noise", "tone-isochronic-theta"])
        #expect(editor.choices(for: 2, among: sounds) == [nil, "tone-isochronic-theta"])
    }

    @Test func aSavedMixResumesAfterARestartWithItsLayersSentFirst() throws {
        var t = try Self.started()
        var saved = t.box.snapshot(at: t.now)
        saved.mixes = [Self.rainOverBrown]
        saved.favorites = ["mix-mine-1"]
        // The state file of a box playing the mix 600 s in.
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(saved)) as? [String: Any])
        json["item"] = ["id": "mix-mine-1", "position": 600, "playing": true]
        let snapshot = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: json))
        var restored = BoxTester(config: t.config, catalog: Self.catalog, at: t.now.advanced(by: 60))
        let rewind = restored.config.playback.resumeRewindSeconds
        let anchor = restored.now.uptime
        restored.start(restoring: snapshot, update: {
            $0.ownerMixes = [Self.rainOverBrown]
            $0.favorites = ["mix-mine-1"]
            $0.phase = .playing(Playback(item: "mix-mine-1", position: 600 - rewind, anchor: anchor))
            $0.heard = HeardMark(item: "mix-mine-1", position: 600)
        }, commands: [.setVolume(percent: 50), .play("mix-mine-1", from: 600 - rewind, mix: Self.rainOverBrown), .persist])
        #expect(restored.box.catalog.item("mix-mine-1")?.title == "Calm")
        t = restored
    }

    @Test func badMixesInTheStateFileAreSetAsideFieldByField() throws {
        var snapshot = try Self.started().box.snapshot(at: Moment(uptime: 0, wall: try utc(2026, 11, 23, 21, 30)))
        snapshot.mixes = [
            OwnerMix(number: 1, name: "sleepy", layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: -6)]),
            OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)]),
            OwnerMix(number: 9, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)]),
            OwnerMix(number: 2, layers: [
                OwnerMix.Layer(sound: "ambient-rain", levelDB: -50), OwnerMix.Layer(sound: "mix-mine-1", levelDB: 0),
                OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: -3), OwnerMix.Layer(sound: "", levelDB: 0),
                OwnerMix.Layer(sound: "ambient-forest", levelDB: -4), OwnerMix.Layer(sound: "ambient-forest", levelDB: -4),
            ]),
            OwnerMix(number: 3, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 2)]),
            OwnerMix(number: 4, layers: Self.sevenSounds.map { OwnerMix.Layer(sound: $0, levelDB: -10) }),
        ]
        let (checked, rejected) = snapshot.validated()
        #expect(checked.mixes == [
            OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: -6)]),
            OwnerMix(number: 2, layers: [OwnerMix.Layer(sound: "ambient-forest", levelDB: -4)]),
            OwnerMix(number: 4, layers: Self.sevenSounds.prefix(6).map { OwnerMix.Layer(sound: $0, levelDB: -10) }),
        ])
        #expect(rejected == [
            "mixes[1].name: \"sleepy\" is not one of calm, deep, rain, night, ocean, forest, soft, quiet",
            "mixes[2].number: 1 is taken by an earlier mix",
            "mixes[3].number: 9 is not 1 to 6",
            "mixes[4].layers[1]: level -50 dB is not -40 to 0 in steps of 2",
            "mixes[4].layers[2]: sound \"mix-mine-1\" is a mix; a layer plays a sound",
            "mixes[4].layers[3]: level -3 dB is not -40 to 0 in steps of 2",
            "mixes[4].layers[4]: sound: an empty item id",
            "mixes[4].layers[6]: sound \"ambient-forest\" is in the mix already",
            "mixes[5].layers[1]: level 2 dB is not -40 to 0 in steps of 2",
            "mixes[5]: no layer left to play: the mix is set aside",
            "mixes[6].layers[7]: a mix has at most 6 layers",
        ])
        // A state file written before mixes existed has none, and loads.
        let old = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try Self.started().box.snapshot(at: Moment(uptime: 0, wall: 0))))
        var dictionary = try #require(old as? [String: Any])
        dictionary["mixes"] = nil
        let decoded = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: dictionary))
        #expect(decoded.mixes == nil)
        #expect(decoded.validated().rejected.isEmpty)
    }

    /// Seven sounds a mix could play, for the limit of six layers.
    static let sevenSounds: [ItemID] = ["ambient-rain", "ambient-brown-noise", "ambient-pink-noise", "ambient-ocean",
                                        "ambient-forest", "ambient-white-noise", "tone-isochronic-theta"]

    @Test func theMixScreensInGermanAndTheSpokenRows() throws {
        var t = try Self.started()
        t.send(.settingChanged("language", "de"), update: { $0.settings = OwnerSettings(language: .german) }, commands: [.persist])
        Self.openMyMixes(&t, expectRow: false)
        #expect(t.menu?.title == "Meine Mixe")
        #expect(t.menu?.rows.map(\.label) == ["Zurück", "Neuer Mix"])
        t.press(to: .mixEditor(MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)))
        #expect(t.menu?.title == "Mein Mix 1")
        #expect(t.menu?.rows.map(\.label) == ["Klang 1", "Name", "Speichern"])
        #expect(t.menu?.rows[0].detail == "keiner")
        #expect(t.menu?.hint == "Erst einen Klang wählen")
    }
}

extension BoxMixesTests {
    /// With `[voice] speak_menus`, each row the knob reaches in My mixes is said with its value.
    @Test func theMixRowsAreSpoken() throws {
        var config = try Fixture.config()
        config.menu.speakMenus = true
        var box = Box(config: config, catalog: Self.catalog, seed: 7)
        var now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        var spoken: [String] = []
        func send(_ event: Event, after seconds: Double = 0.5) {
            now = now.advanced(by: seconds)
            for case .speakMenu(let words) in box.handle(event, at: now) { spoken.append(words) }
        }
        func press() { send(.buttonPressed(.knob)); send(.buttonReleased(.knob), after: 0.1) }
        send(.buttonPressed(.knob))
        send(.buttonHeld(.knob, seconds: 0.8), after: 0.8)
        send(.buttonReleased(.knob), after: 0.1)
        send(.knobTurned(detents: 30))
        press()
        send(.knobTurned(detents: 3))
        press()
        send(.knobTurned(detents: 10))
        spoken.removeAll()
        press()                           // My mixes, on New mix
        press()                           // the editor, on Sound 1
        press()                           // Sound 1's sound: none
        send(.knobTurned(detents: 1))     // Rain
        press()                           // its level
        send(.knobTurned(detents: -2))    // -4 dB
        #expect(spoken == ["My mixes. New mix", "My mix 1. Sound 1, none", "none", "Rain", "Level, 0 dB", "Level, -4 dB"])
    }

    static func openMyMixes(_ t: inout BoxTester, selected: Int = 1, expectRow: Bool = true) {
        t.openLibrary()
        t.menuTurn(30, to: BoxTester.menuPage(category: nil, selected: 11))
        t.press(to: .settingsList(SettingsListPage(group: nil, selected: 1)))
        t.turn(3, to: .settingsList(SettingsListPage(group: nil, selected: 4)))
        t.press(to: .settingsList(SettingsListPage(group: .sound, selected: 1)))
        t.turn(10, to: .settingsList(SettingsListPage(group: .sound, selected: 4)))
        if expectRow { #expect(t.menu?.rows[4].label == "My mixes") }
        t.press(to: .mixList(MixListPage(selected: selected)))
    }

    /// From the mix list: back to the library (held three times, one level each) and closed,
    /// opens the library's Ambient list on its last row (the owner's mix).
    static func toAmbientList(_ t: inout BoxTester) throws {
        t.hold(to: .settingsList(SettingsListPage(group: .sound, selected: 4)))
        t.hold(to: .settingsList(SettingsListPage(group: nil, selected: 4)))
        t.hold(to: BoxTester.menuPage(category: nil, selected: 11))
        t.hold(closing: true)
        t.openLibrary()
        // Ambient is the eighth row.
        t.menuTurn(7, to: BoxTester.menuPage(category: nil, selected: 7))
        let ambient = try #require(t.menu?.rows[7])
        #expect(ambient.label == "Ambient")
        t.menuPress(to: BoxTester.menuPage(category: .kind(.ambient), selected: 1))
        t.menuTurn(10, to: BoxTester.menuPage(category: .kind(.ambient), selected: 6))
        #expect(t.menu?.rows[6].label == "Calm")
    }

    /// A favourite of the owner's mix, kept across a restart (favourites are marked on the library's
    /// row for the item playing: `BoxTestsMenu`).
    static func markFavourite(_ t: inout BoxTester) throws {
        var snapshot = t.box.snapshot(at: t.now)
        snapshot.favorites = ["mix-mine-1"]
        let mixes = t.state.ownerMixes
        var restored = BoxTester(config: t.config, catalog: Self.catalog, at: t.now.advanced(by: 1))
        restored.start(restoring: snapshot, update: {
            $0.ownerMixes = mixes
            $0.favorites = ["mix-mine-1"]
        }, commands: [.setVolume(percent: 50), .persist])
        t = restored
    }
}

extension BoxTester {
    var menu: MenuScreen? {
        if case .menu(let m) = box.display(at: now).screen { return m }
        return nil
    }

    /// A knob press (down, then up 0.1 s later) after which the settings show `page`.
    mutating func press(to page: Page, update: (inout BoxState) -> Void = { _ in }, commands: [Command] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) {
        send(.buttonPressed(.knob), after: 0.5, update: { $0.pressed[.knob] = .pending }, commands: [], sourceLocation: sourceLocation)
        let released = at(0.1)
        send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            BoxTester.show(page, in: &$0, until: released.uptime + 30)
            update(&$0)
        }, commands: commands, sourceLocation: sourceLocation)
    }

    /// A turn of `detents` after which the settings show `page`.
    mutating func turn(_ detents: Int, to page: Page, sourceLocation: SourceLocation = #_sourceLocation) {
        let turned = at(0.5)
        send(.knobTurned(detents: detents), after: 0.5, update: { BoxTester.show(page, in: &$0, until: turned.uptime + 30) },
             commands: [], sourceLocation: sourceLocation)
    }

    /// The knob held 0.8 s and let go, after which the settings show `page` (or, `closing`, none).
    mutating func hold(to page: Page? = nil, closing: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.buttonPressed(.knob), after: 0.5, update: { $0.pressed[.knob] = .pending }, commands: [], sourceLocation: sourceLocation)
        let held = at(0.8)
        send(.buttonHeld(.knob, seconds: 0.8), after: 0.8, update: {
            $0.pressed[.knob] = .used
            if let page { BoxTester.show(page, in: &$0, until: held.uptime + 30) } else { $0.overlay = nil }
        }, commands: [], sourceLocation: sourceLocation)
        send(.buttonReleased(.knob), after: 0.2, update: { $0.pressed[.knob] = nil }, commands: [], sourceLocation: sourceLocation)
    }
}

/// A sound field as the knob leaves it: at `index` of `count` choices, its last detent at `turnedAt`.
func sound(_ index: Int, of count: Int, turnedAt: Double? = nil) -> MixEditor.Field {
    var picker = ValuePicker.choice(index, count: count)
    picker.lastTurn = turnedAt
    return .sound(picker)
}

/// The name field as the knob leaves it: at `index` of `MixEditor.nameChoices`.
func name(_ index: Int, turnedAt: Double? = nil) -> MixEditor.Field {
    var picker = ValuePicker.choice(index, count: MixEditor.nameChoices.count)
    picker.lastTurn = turnedAt
    return .name(picker)
}

/// A level field as the knob leaves it: at `db`, its last detent at `turnedAt`.
func level(_ db: Int, turnedAt: Double?) -> MixEditor.Field {
    var picker = MixEditor.levelPicker(db)
    picker.lastTurn = turnedAt
    return .level(picker)
}
