import Foundation
import SleepBoxCore
import Testing

/// Favourites: the library's row marks what plays (and a note in the title says so); a hold
/// only ever goes back.
extension BoxMenuTests {
    @Test func holdingOnAnItemGoesBackAndNeverMarksAFavourite() throws {
        var d = try Driver(cues: true)
        d.holdKnob()
        d.send(.knobTurned(detents: 6), after: 1)
        d.pressKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        #expect(d.holdKnob() == [])
        #expect(d.box.state.favorites == [])
        #expect(d.menu?.title == "Library")
        #expect(d.menu?.selected == 6, "back on the list it came from")
    }

    @Test func theItemPlayingIsMarkedAFavouriteOnItsRowAtTheLibrarysTop() throws {
        var d = try Driver(cues: true)
        d.holdKnob()
        d.send(.knobTurned(detents: 6), after: 1)
        d.pressKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        d.pressKnob()
        d.pressKnob()
        #expect(d.box.state.playback?.item == "poem-hope")
        // The library: "Restart Hope", then the favourite's row.
        d.holdKnob()
        #expect(d.menu?.rows[1] == MenuRow(kind: .action, label: "Add to favorites"))
        d.send(.knobTurned(detents: 1), after: 1)
        #expect(d.pressKnob() == [.playCue(.tick), .persist])
        #expect(d.box.state.favorites == ["poem-hope"])
        #expect(d.menu?.rows[1] == MenuRow(kind: .action, label: "Remove favorite", isFavorite: true))
        #expect(d.menu?.selected == 1, "the menu stays where it was")
        // A short note in the title says so, for the message's time; then the title again.
        #expect(d.menu?.title == "Favorite added")
        if case .menu(let later) = d.box.display(at: d.now.advanced(by: 1.6)).screen {
            #expect(later.title == "Library")
        } else {
            Issue.record("the library closed")
        }
        // Pressed again: no longer a favourite, and the note says that; and again: one once more.
        #expect(d.pressKnob() == [.playCue(.tick), .persist])
        #expect(d.box.state.favorites == [])
        #expect(d.menu?.title == "Favorite removed")
        d.pressKnob()
        #expect(d.box.state.favorites == ["poem-hope"])
        // A turn puts the title back at once.
        d.send(.knobTurned(detents: 2), after: 0.5)
        #expect(d.menu?.title == "Library")
        // The favourites list, in the order they were marked.
        d.pressKnob()
        let favorites = try #require(d.menu)
        #expect(favorites.title == "Favorites")
        #expect(favorites.rows.map(\.label) == ["Back", "Hope"])
        // Favourites survive a restart.
        let snapshot = d.box.snapshot(at: d.now)
        var restored = Box(config: d.box.config, catalog: Fixture.catalog, seed: 1)
        _ = restored.start(at: Moment(uptime: 5, wall: d.now.wall + 60), restoring: snapshot)
        #expect(restored.state.favorites == ["poem-hope"])
    }

    /// The one back rule: a hold on a favourite's row goes back, it never takes the favourite away.
    @Test func holdingTheKnobToLeaveFavoritesKeepsEveryFavourite() throws {
        var d = try Driver()
        // Two favourites; the list opens on the first.
        var snapshot = d.box.snapshot(at: d.now)
        snapshot.favorites = ["poem-hope", "med-body-scan"]
        var box = Box(config: d.box.config, catalog: Fixture.catalog, seed: 1)
        _ = box.start(at: d.now, restoring: snapshot)
        d.box = box
        d.holdKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        d.pressKnob()
        #expect(d.menu?.title == "Favorites")
        #expect(d.menu?.selected == 1)
        // Held on a favourite: back to the library on Favorites; nothing marked or unmarked.
        #expect(d.holdKnob() == [])
        #expect(d.menu?.title == "Library")
        #expect(d.menu?.selected == 1)
        #expect(d.box.state.favorites == ["poem-hope", "med-body-scan"])
        // Again from the second favourite, and held once more: closed, both favourites still there.
        d.pressKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        #expect(d.menu?.selected == 2)
        d.holdKnob()
        d.holdKnob()
        #expect(d.menu == nil)
        #expect(d.box.state.favorites == ["poem-hope", "med-body-scan"])
    }

    @Test func anEmptyFavouritesListSaysHowToFillIt() throws {
        var d = try Driver()
        d.holdKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        d.pressKnob()
        let menu = try #require(d.menu)
        #expect(menu.rows == [MenuRow(kind: .back, label: "Back")])
        #expect(menu.selected == 0)
        #expect(menu.hint == "Add what plays: Library, 2nd row")
        // Holding goes back one level, to the library on Favorites; held again, it closes.
        d.holdKnob()
        #expect(d.menu?.title == "Library")
        #expect(d.menu?.selected == 1)
        d.holdKnob()
        #expect(d.menu == nil)
        #expect(d.box.state.favorites.isEmpty)
    }

    /// With speak-menus on, the note is said with the row; the next turn says the row alone.
    @Test func theFavouritesNoteIsSaid() throws {
        var d = try Driver(speakMenus: true)
        d.holdKnob()
        d.send(.knobTurned(detents: 6), after: 1)
        d.pressKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        d.pressKnob()
        d.pressKnob()
        d.holdKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        #expect(d.pressKnob().contains(.speakMenu("Favorite added. Remove favorite")))
        #expect(d.send(.knobTurned(detents: 1), after: 1).contains(.speakMenu("Featured tonight")))
    }
}
