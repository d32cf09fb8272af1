import SleepBoxCore
import Testing
@testable import SleepBoxUI

@Suite struct LanguageRendererTests {
    typealias Layout = ScreenRenderer.Layout

    /// The screens on which the renderer adds words of its own.
    static let screensWithWords: [(name: String, screen: Screen)] = [
        ("timer choice", .timerChoice(TimerChoiceScreen(options: ["Off", "15 min"], selected: 0))),
        ("volume", .volume(percent: 55)),
        ("paused", .nowPlaying(NowPlayingScreen(mode: .meditation, title: "Body Scan", elapsed: 10, duration: 60,
                                                isPaused: true, timerRemaining: nil, stopsAtEnd: false))),
        ("stops at end", .nowPlaying(NowPlayingScreen(mode: .meditation, title: "Body Scan", elapsed: 10, duration: 60,
                                                      isPaused: false, timerRemaining: nil, stopsAtEnd: true))),
        ("headphones", .nowPlaying(NowPlayingScreen(mode: .off, title: "Binaural Delta 2 Hz", elapsed: 10, duration: 60,
                                                    isPaused: false, timerRemaining: nil, stopsAtEnd: false, kind: .ambient,
                                                    needsHeadphones: true))),
        ("alarm", .alarm(AlarmScreen(hour: 6, minute: 45, isSnoozed: false, snoozeRemaining: nil, isGreeting: false))),
        ("snoozed", .alarm(AlarmScreen(hour: 6, minute: 45, isSnoozed: true, snoozeRemaining: 299, isGreeting: false))),
        ("greeting", .alarm(AlarmScreen(hour: 6, minute: 45, isSnoozed: false, snoozeRemaining: nil, isGreeting: true))),
        ("coming soon", .comingSoon(title: "Poetry")),
        ("breathing paused", .breathing(BreathingScreen(title: "4-7-8", step: .hold, label: "Hold", fullness: 1,
                                                        secondsLeft: 3, cycle: 1, cycles: 4, isPaused: true,
                                                        timerRemaining: nil))),
    ]

    func render(_ screen: Screen, _ language: Language) -> Framebuffer {
        ScreenRenderer.render(DisplayFrame(screen: screen, language: language))
    }

    /// True when the small font's placeholder (a 5x7 outline with a dark inside) appears anywhere.
    func showsPlaceholder(_ framebuffer: Framebuffer) -> Bool {
        let box = BitmapFont.small.glyph(for: "\u{FFFD}")
        for y in -1..<Framebuffer.height {
            for x in -1..<Framebuffer.width {
                let match = (-1...box.height).allSatisfy { by in (-1...box.width).allSatisfy { bx in
                    framebuffer.pixel(x: x + bx, y: y + by) == box.isLit(x: bx, y: by)
                } }
                if match { return true }
            }
        }
        return false
    }

    @Test(arguments: screensWithWords.map(\.name))
    func wordsFollowTheFrameLanguage(name: String) throws {
        let screen = try #require(Self.screensWithWords.first { $0.name == name }?.screen)
        let english = render(screen, .english)
        let german = render(screen, .german)
        #expect(english != german)
        #expect(english == ScreenRenderer.render(DisplayFrame(screen: screen)))
        #expect(!showsPlaceholder(german) && !showsPlaceholder(english))
    }

    @Test func aBinauralBeatSaysHeadphones() {
        let plain = NowPlayingScreen(mode: .off, title: "Binaural Delta 2 Hz", elapsed: 10, duration: 60, isPaused: false,
                                     timerRemaining: nil, stopsAtEnd: false, kind: .ambient)
        var marked = plain
        marked.needsHeadphones = true
        #expect(render(.nowPlaying(plain), .english) != render(.nowPlaying(marked), .english))
    }

    @Test func volumeLabelIsTheGermanText() {
        let german = render(.volume(percent: 55), .german)
        var expected = Framebuffer()
        ScreenRenderer.IconLabel(icon: .speaker, text: "Lautstärke 55 %").drawCentered(y: 14, in: &expected)
        let label = PixelRect(x: 0, y: 0, width: 128, height: Layout.volumeBar.y)
        #expect((label.y..<label.maxY).allSatisfy { y in (label.x..<label.maxX).allSatisfy { x in
            german.pixel(x: x, y: y) == expected.pixel(x: x, y: y)
        } })
    }

    @Test func snoozedFillsInTheTime() {
        let snoozed = AlarmScreen(hour: 6, minute: 45, isSnoozed: true, snoozeRemaining: 299, isGreeting: false)
        let top = PixelRect(x: 0, y: 0, width: 128, height: 15)
        for (language, text) in [(Language.english, "Snoozed 4:59"), (.german, "Schlummern 4:59")] {
            let framebuffer = render(.alarm(snoozed), language)
            var expected = Framebuffer()
            ScreenRenderer.IconLabel(icon: .bell, text: text).drawCentered(y: 2, in: &expected)
            #expect((top.y..<top.maxY).allSatisfy { y in (top.x..<top.maxX).allSatisfy { x in
                framebuffer.pixel(x: x, y: y) == expected.pixel(x: x, y: y)
            } }, "\(language)")
        }
    }

    @Test func everyWordTheRendererAddsHasGlyphs() {
        let keys: [StringTable.Key] = [.sleepTimer, .volumePercent, .paused, .timerEndShort, .goodMorning, .snoozed,
                                       .alarm, .holdLeafToStop, .comingSoon]
        for language in Language.allCases {
            let words = Words(language: language)
            for key in keys {
                let text = words(key, ["percent": "55", "time": "4:59"])
                #expect(!text.contains("{"), "\(key) in \(language): \(text)")
                #expect(text.allSatisfy { BitmapFont.small.hasGlyph(for: $0) }, "\(key) in \(language): \(text)")
            }
        }
    }

    @Test func germanSampleFramesShowNoPlaceholder() {
        let german = SampleFrames.all.filter { $0.frame.language == .german }
        #expect(german.count >= 6)
        for (name, frame) in SampleFrames.all {
            #expect(!showsPlaceholder(ScreenRenderer.render(frame)), "\(name)")
        }
        // The check itself finds a character the font lacks.
        #expect(showsPlaceholder(render(.message("Preis: 5 €"), .german)))
    }
}
