import Foundation
import SleepBoxCore

/// The end of a practice and the guided phases: the completion screen after the meditation
/// timer with its 4-7-8 guide and after a guided meditation, and the playing screen of a guided
/// session in its teaching and its silence.
extension GoldenTour {
    /// A guided session of the 0/120/510 s timeline: opening, teaching, silence, closing.
    static let guided: ContentItem = {
        var item = ContentItem(id: "med-pause", title: "The Pause Before", kind: .meditation, duration: 603)
        item.phases = [GuidedPhase.Mark(.opening, startsAt: 0), GuidedPhase.Mark(.teaching, startsAt: 123),
                       GuidedPhase.Mark(.silence, startsAt: 243), GuidedPhase.Mark(.closing, startsAt: 513)]
        return item
    }()

    mutating func walkCompletion() {
        // The meditation timer, 10 minutes with the guide: its end.
        let (box, now) = freshBox()
        var t = Driver(box: box, now: now)
        t.send(.ownerRequested(.meditation(MeditationChoice(minutes: 10, sound: nil, guide: true, bellEveryMinutes: 0))))
        t.send(.ownerRequested(.startMeditation))
        t.wait(600)
        shoot(t, "completion-timer")
        // Any button only dismisses it.
        t.press(.skip)
        shoot(t, "completion-dismissed")

        // A guided session: its phases while it plays, then its end.
        let (plain, start) = freshBox()
        var catalog = plain.catalog
        catalog.items.append(GoldenTour.guided)
        var g = Driver(box: Box(config: plain.config, catalog: catalog, seed: 7), now: start)
        _ = g.box.start(at: start, restoring: nil)
        g.send(.ownerRequested(.play(GoldenTour.guided.id)))
        g.wait(150)
        shoot(g, "playing-guided-teaching")
        g.wait(200)
        shoot(g, "playing-guided-silence")
        g.wait(600 - 350)
        g.send(.itemFinished(GoldenTour.guided.id))
        shoot(g, "completion-guided")
    }
}
