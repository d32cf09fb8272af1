import SleepBoxCore
import Testing

/// The mix editor's fields are the one value picker, and a mix takes six layers and no seventh.
@Suite struct MixEditorPickerTests {
    static let sounds: [ItemID] = ["ambient-rain", "ambient-brown-noise", "ambient-pink-noise", "ambient-ocean",
                                   "ambient-forest", "ambient-white-noise", "tone-isochronic-theta"]

    /// Adds the first sound offered on the row the editor is on: the sound opens, one detent on
    /// from "none", a press takes it and opens its level, a press closes it.
    static func addFirstOffered(_ e: inout MixEditor, at uptime: Double) {
        #expect(e.press(sounds: sounds) == .opened)
        e.turn(1, at: uptime)
        #expect(e.press(sounds: sounds) == .none)
        #expect(e.isLevelOpen)
        #expect(e.press(sounds: sounds) == .closed)
    }

    @Test func sixLayersAndNoRowForASeventh() {
        var e = MixEditor(draft: OwnerMix(number: 1, layers: []), isSaved: false)
        #expect(e.rows == [.layer1, .name, .save])
        for n in 1...6 {
            Self.addFirstOffered(&e, at: Double(10 * n))
            #expect(e.draft.layers.count == n)
        }
        #expect(e.draft.layers.map(\.sound) == Array(Self.sounds.prefix(6)))
        #expect(e.draft.layers.map(\.levelDB) == [0, -10, -10, -10, -10, -10])
        // The sixth level's press goes on to the name: there is no row for a seventh sound.
        #expect(e.row == .name)
        #expect(e.rows == [.layer1, .layer2, .layer3, .layer4, .layer5, .layer6, .name, .save])
        e.turn(-20, at: 100)
        #expect(e.row == .layer1)
        // A full mix's sound row offers only its own sound and the one sound left besides "none".
        #expect(e.choices(for: 0, among: Self.sounds) == [nil, "ambient-rain", "tone-isochronic-theta"])
    }

    @Test func theSoundIsAPickerAndTakenOnlyWithThePress() {
        var e = MixEditor(draft: OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: -4)]), isSaved: true)
        #expect(e.press(sounds: Self.sounds) == .opened)
        guard case .sound(let opened)? = e.field else {
            Issue.record("no sound field open: \(String(describing: e.field))")
            return
        }
        #expect(opened == ValuePicker.choice(1, count: 8), "on the layer's own sound among none and the seven")
        e.turn(2, at: 1)
        #expect(e.pickedSound(among: Self.sounds) == "ambient-pink-noise")
        #expect(e.draft.layers[0].sound == "ambient-rain", "a turn changes nothing in the draft")
        // Detents in quick succession move further (the picker's acceleration), to the list's end.
        e.turn(1, at: 1.01)
        e.turn(1, at: 1.02)
        e.turn(1, at: 1.03)
        #expect(e.pickedSound(among: Self.sounds).map { Self.sounds.firstIndex(of: $0) ?? 0 } ?? 0 > 4)
        #expect(e.press(sounds: Self.sounds) == .none)
        #expect(e.draft.layers[0].levelDB == -4, "the layer keeps its level")
    }

    @Test func theNameIsAPickerAndTakenOnlyWithThePress() {
        var e = MixEditor(draft: OwnerMix(number: 2, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)]), isSaved: true,
                          row: .name)
        #expect(e.press(sounds: Self.sounds) == .opened)
        #expect(e.field == .name(ValuePicker.choice(0, count: MixEditor.nameChoices.count)))
        e.turn(2, at: 1)
        #expect(e.pickedName == "deep")
        #expect(e.draft.name == nil, "a turn changes nothing in the draft")
        #expect(e.press(sounds: Self.sounds) == .closed)
        #expect(e.draft.name == "deep")
        #expect(e.field == nil && e.row == .save)
    }
}
