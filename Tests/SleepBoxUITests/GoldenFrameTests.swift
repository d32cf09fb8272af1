import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxUI

/// Every screen the box can show, rendered and compared byte for byte with its reference picture
/// in `Golden/` (a 1:1 PNG); and no row's text cut short where it must fit.
///
/// A changed frame fails with the path of the new picture (under `.build/golden-diff/`). When the
/// change is meant, `make golden` (or `SLEEPBOX_GOLDEN_RECORD=1 swift test --filter GoldenFrameTests`)
/// writes the new pictures into `Golden/` for review and commit.
@Suite struct GoldenFrameTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let diffFolder = packageRoot.appendingPathComponent(".build/golden-diff")
    static let acceptCommand = "make golden   (or: SLEEPBOX_GOLDEN_RECORD=1 swift test --filter GoldenFrameTests)"

    static var recording: Bool { ProcessInfo.processInfo.environment["SLEEPBOX_GOLDEN_RECORD"] == "1" }

    /// The tours of the box in both languages and both clocks, then the screens built directly.
    static let tours: [GoldenTour.Shot] = GoldenTour.shots(language: .english)
        + GoldenTour.shots(language: .german)
        + GoldenTour.shots(language: .english, twentyFourHour: false, menus: false)
        + GoldenTour.shots(language: .german, twentyFourHour: false, menus: false)

    /// Screens built as `Screen` values (captions, long titles, every notice), English and German.
    static let samples: [GoldenTour.Shot] = (SampleFrames.all + [("calendar-marked", DisplayFrame(screen: .calendar(SampleFrames.markedCalendar)))])
        .flatMap { sample -> [GoldenTour.Shot] in
            var german = sample.frame
            german.language = .german
            return [GoldenTour.Shot(name: "sample-" + sample.name, frame: sample.frame),
                    GoldenTour.Shot(name: "sample-de-" + sample.name, frame: german)]
        }

    /// The PNG of `frame` at 1:1.
    static func png(_ frame: DisplayFrame) throws -> [UInt8] {
        try PNGWriter(scale: 1).pngData(ScreenRenderer.render(frame))
    }

    @Test func everyScreenMatchesItsPicture() throws {
        let named = (GoldenTour.deduplicated(GoldenFrameTests.tours) + GoldenFrameTests.samples + GoldenTour.noContentShots())
        let manager = FileManager.default
        if GoldenFrameTests.recording {
            try manager.createDirectory(at: GoldenFrameTests.goldenFolder, withIntermediateDirectories: true)
        }
        var changed: [String] = []
        for shot in named {
            guard let name = shot.name else { continue }
            let bytes = try GoldenFrameTests.png(shot.frame)
            let reference = GoldenFrameTests.goldenFolder.appendingPathComponent(name + ".png")
            let stored = manager.contents(atPath: reference.path).map { [UInt8]($0) }
            guard stored != bytes else { continue }
            if GoldenFrameTests.recording {
                try Data(bytes).write(to: reference)
                continue
            }
            try manager.createDirectory(at: GoldenFrameTests.diffFolder, withIntermediateDirectories: true)
            let fresh = GoldenFrameTests.diffFolder.appendingPathComponent(name + ".png")
            try Data(bytes).write(to: fresh)
            changed.append((stored == nil ? "new:     " : "changed: ") + fresh.path)
        }
        let names = Set(named.compactMap(\.name).map { $0 + ".png" })
        let files = (try? manager.contentsOfDirectory(atPath: GoldenFrameTests.goldenFolder.path)) ?? []
        var stale: [String] = []
        for file in files.sorted() where file.hasSuffix(".png") && !names.contains(file) {
            if GoldenFrameTests.recording {
                try manager.removeItem(at: GoldenFrameTests.goldenFolder.appendingPathComponent(file))
            } else {
                stale.append("no longer shown: " + GoldenFrameTests.goldenFolder.appendingPathComponent(file).path)
            }
        }
        #expect(named.compactMap(\.name).count > 300, "the tours reach too few screens")
        if !changed.isEmpty || !stale.isEmpty {
            Issue.record(Comment(rawValue: "\(changed.count) frame(s) differ from Tests/SleepBoxUITests/Golden:\n"
                + (changed + stale).joined(separator: "\n") + "\nIf the change is meant, accept it with: "
                + GoldenFrameTests.acceptCommand))
        }
    }

    /// No text on any screen of the tours is cut with "…", except a row of a list (it scrolls when
    /// selected: `RowFitTests`); a tone's title keeps the word that tells it apart ("Alpha").
    @Test func noRowIsCut() {
        var cuts: Set<String> = []
        for shot in GoldenFrameTests.tours {
            let framebuffer = ScreenRenderer.render(shot.frame)
            for cut in framebuffer.cuts where !cut.scrolls || !GoldenFrameTests.keepsItsName(cut) {
                cuts.insert("\(shot.name ?? shot.frame.screen.name): \(cut)")
            }
        }
        if !cuts.isEmpty {
            Issue.record(Comment(rawValue: "\(cuts.count) text(s) cut short:\n" + cuts.sorted().joined(separator: "\n")))
        }
    }

    /// True unless `cut` is a tone's title ("Binaural Alpha 10 Hz") that lost its second word.
    static func keepsItsName(_ cut: TextCut) -> Bool {
        let words = cut.text.split(separator: " ")
        guard words.count > 1, words[0] == "Binaural" || words[0] == "Isochronic" else { return true }
        return cut.shown.split(separator: " ").count > 1 && cut.shown.split(separator: " ")[1].hasPrefix(words[1])
    }

    /// The cut check sees a cut: a label too long for its row.
    @Test func aCutIsSeen() {
        let menu = MenuScreen(title: "Settings", rows: [
            MenuRow(kind: .back, label: "Back"),
            MenuRow(kind: .setting, label: "A setting with a name far too long for the panel", detail: "On"),
        ], selected: 0)
        let cuts = ScreenRenderer.render(DisplayFrame(screen: .menu(menu))).cuts
        #expect(cuts.count == 1)
        #expect(cuts.first?.scrolls == true, "a list's row scrolls when selected")
        #expect(cuts.first?.shown.hasSuffix("…") == true)
        // Text that never scrolls: the timer choice's option.
        let choice = TimerChoiceScreen(options: ["Off", "An option with a name far too long for the panel"], selected: 1)
        let fixed = ScreenRenderer.render(DisplayFrame(screen: .timerChoice(choice))).cuts
        #expect(fixed.count == 1)
        #expect(fixed.first?.scrolls == false)
    }
}
