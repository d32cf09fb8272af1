import SleepBoxCore
import Testing
@testable import SleepBoxUI

@Suite struct ScreenRendererTests {
    typealias Layout = ScreenRenderer.Layout

    func render(_ screen: Screen, dimmed: Bool = false, shiftX: Int = 0, shiftY: Int = 0) -> Framebuffer {
        ScreenRenderer.render(DisplayFrame(screen: screen, dimmed: dimmed, shiftX: shiftX, shiftY: shiftY))
    }

    func litCount(_ framebuffer: Framebuffer, in rect: PixelRect) -> Int {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where framebuffer.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }

    /// True when both framebuffers agree on every pixel of `rect`.
    func same(_ a: Framebuffer, _ b: Framebuffer, in rect: PixelRect) -> Bool {
        (rect.y..<rect.maxY).allSatisfy { y in (rect.x..<rect.maxX).allSatisfy { x in a.pixel(x: x, y: y) == b.pixel(x: x, y: y) } }
    }

    func playing(elapsed: Double, duration: Double, paused: Bool = false, timer: Double? = nil,
                 stopsAtEnd: Bool = false, mode: Mode = .meditation, title: String = "Body Scan") -> Screen {
        .nowPlaying(NowPlayingScreen(mode: mode, title: title, elapsed: elapsed, duration: duration,
                                     isPaused: paused, timerRemaining: timer, stopsAtEnd: stopsAtEnd))
    }

    @Test(arguments: SampleFrames.all.map(\.name))
    func everyScreenDrawsInsideTheMargin(name: String) throws {
        let frame = try #require(SampleFrames.all.first { $0.name == name }?.frame)
        let framebuffer = ScreenRenderer.render(frame)
        #expect(framebuffer.litCount > 20)
        let bounds = try #require(framebuffer.litBounds)
        #expect(Layout.content.intersection(bounds) == bounds, "\(name) touches the edge: \(bounds)")
    }

    @Test(arguments: SampleFrames.all.map(\.name))
    func burnInShiftMovesEverythingByOnePixel(name: String) throws {
        var frame = try #require(SampleFrames.all.first { $0.name == name }?.frame)
        let plain = ScreenRenderer.render(frame)
        frame.shiftX = 1
        frame.shiftY = 1
        let shifted = ScreenRenderer.render(frame)
        #expect(shifted.litCount == plain.litCount)
        #expect(shifted == plain.shifted(dx: 1, dy: 1))
    }

    @Test func shiftMovesAKnownPixel() {
        let centre = ScreenRenderer.transitionDotCentres[0]
        let plain = render(.transition(litDot: 0))
        let shifted = render(.transition(litDot: 0), shiftX: 1, shiftY: 1)
        #expect(plain.pixel(x: centre.x, y: centre.y))
        #expect(shifted.pixel(x: centre.x + 1, y: centre.y + 1))
        // The dot's left edge moves too: its old leftmost column is now dark.
        let leftEdge = centre.x - Icon.dotLit.bitmap.width / 2
        #expect(plain.pixel(x: leftEdge, y: centre.y) && !shifted.pixel(x: leftEdge, y: centre.y + 1))
        #expect(shifted.litCount == plain.litCount)
    }

    @Test func dimmingDoesNotChangePixels() {
        for (_, frame) in SampleFrames.all {
            var dimmed = frame
            dimmed.dimmed = true
            #expect(ScreenRenderer.render(dimmed) == ScreenRenderer.render(frame))
        }
    }

    @Test func progressBarFillIsExact() {
        let interior = ScreenRenderer.barInterior(Layout.progressBar)
        #expect(interior.width == 122)
        let framebuffer = render(playing(elapsed: 30, duration: 120))
        // round(30 / 120 * 122) = round(30.5) = 31 columns.
        #expect(litCount(framebuffer, in: interior) == 31 * interior.height)
        #expect(framebuffer.pixel(x: interior.x + 30, y: interior.y))
        #expect(!framebuffer.pixel(x: interior.x + 31, y: interior.y))
        // The outline is there, the gap inside it is not.
        #expect(framebuffer.pixel(x: Layout.progressBar.x + 5, y: Layout.progressBar.y))
        #expect(!framebuffer.pixel(x: interior.x + 5, y: interior.y - 1))
    }

    @Test func progressBarClampsAndHandlesZeroDuration() {
        let interior = ScreenRenderer.barInterior(Layout.progressBar)
        #expect(litCount(render(playing(elapsed: 10, duration: 0)), in: interior) == 0)
        #expect(litCount(render(playing(elapsed: .nan, duration: 100)), in: interior) == 0)
        #expect(litCount(render(playing(elapsed: -5, duration: 100)), in: interior) == 0)
        #expect(litCount(render(playing(elapsed: 500, duration: 100)), in: interior) == interior.width * interior.height)
        #expect(litCount(render(playing(elapsed: 120, duration: 120)), in: interior) == interior.width * interior.height)
    }

    @Test func volumeBarFillIsExact() {
        let interior = ScreenRenderer.barInterior(Layout.volumeBar)
        #expect(interior.width == 122)
        // round(55 / 100 * 122) = round(67.1) = 67 columns.
        let framebuffer = render(.volume(percent: 55))
        #expect(litCount(framebuffer, in: interior) == 67 * interior.height)
        #expect(framebuffer.pixel(x: interior.x + 66, y: interior.maxY - 1))
        #expect(!framebuffer.pixel(x: interior.x + 67, y: interior.maxY - 1))
        #expect(litCount(render(.volume(percent: 0)), in: interior) == 0)
        #expect(litCount(render(.volume(percent: 100)), in: interior) == 122 * interior.height)
        #expect(litCount(render(.volume(percent: 250)), in: interior) == 122 * interior.height)
        #expect(litCount(render(.volume(percent: -4)), in: interior) == 0)
    }

    @Test func transitionLightsTheChosenDot() {
        let centres = ScreenRenderer.transitionDotCentres
        for lit in 0..<3 {
            let framebuffer = render(.transition(litDot: lit))
            for (index, centre) in centres.enumerated() {
                // A lit dot is filled through its centre; an unlit one is a ring with a dark middle.
                #expect(framebuffer.pixel(x: centre.x, y: centre.y) == (index == lit))
                let ring = Icon.dotUnlit.bitmap.width / 2
                #expect(framebuffer.pixel(x: centre.x - ring, y: centre.y))
            }
        }
        #expect(render(.transition(litDot: 0)) != render(.transition(litDot: 1)))
        #expect(render(.transition(litDot: 4)) == render(.transition(litDot: 1)))
        #expect(render(.transition(litDot: -1)) == render(.transition(litDot: 2)))
    }

    @Test func bigClockChangesOnlyInTheLastDigit() throws {
        let a = render(.idle(IdleScreen(greeting: "Good evening", hour: 12, minute: 34, nextAlarm: nil, timerRemaining: nil)))
        let b = render(.idle(IdleScreen(greeting: "Good evening", hour: 12, minute: 35, nextAlarm: nil, timerRemaining: nil)))
        let font = BitmapFont.bigDigits
        let clockX = Layout.content.x + (Layout.content.width - font.width(of: "12:34")) / 2
        let lastDigitX = clockX + font.width(of: "12:3") + font.spacing
        let lastDigit = PixelRect(x: lastDigitX, y: Layout.idleClockY, width: 15, height: 26)
        var differing = 0
        for y in 0..<Framebuffer.height {
            for x in 0..<Framebuffer.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                differing += 1
                #expect(lastDigit.contains(x: x, y: y), "pixel \(x),\(y) changed outside the last digit")
            }
        }
        #expect(differing > 10)
        // And the region holds exactly the glyphs of 4 and 5.
        var digitFour = Framebuffer()
        digitFour.draw(font.glyph(for: "4"), x: lastDigit.x, y: lastDigit.y)
        #expect(litCount(a, in: lastDigit) == digitFour.litCount)
        #expect((0..<26).allSatisfy { dy in (0..<15).allSatisfy { dx in
            a.pixel(x: lastDigit.x + dx, y: lastDigit.y + dy) == font.glyph(for: "4").isLit(x: dx, y: dy)
        } })
    }

    @Test func idleShowsAlarmAndTimerOnlyWhenSet() {
        let bottom = PixelRect(x: 0, y: Layout.bottomLineY, width: 128, height: 9)
        let bare = render(.idle(IdleScreen(greeting: "Wind down", hour: 22, minute: 0, nextAlarm: nil, timerRemaining: nil)))
        #expect(litCount(bare, in: bottom) == 0)
        let both = render(.idle(IdleScreen(greeting: "Wind down", hour: 22, minute: 0, nextAlarm: "Mon 06:45", timerRemaining: 1500)))
        // The bell's top sits at the left edge, the countdown ends at the right edge.
        var bell = Framebuffer()
        bell.draw(Icon.bellSmall.bitmap, x: Layout.content.x + 1, y: Layout.bottomLineY)
        #expect(same(both, bell, in: PixelRect(x: 0, y: Layout.bottomLineY - 1, width: 2 + Icon.bellSmall.bitmap.width, height: 10)))
        var countdown = Framebuffer()
        let text = TimeText.countdown(1500)
        BitmapFont.small.draw(text, x: Layout.content.maxX - 1 - BitmapFont.small.width(of: text), y: Layout.bottomLineY,
                              in: &countdown)
        let textRect = PixelRect(x: Layout.content.maxX - 1 - BitmapFont.small.width(of: text), y: Layout.bottomLineY,
                                 width: BitmapFont.small.width(of: text), height: 8)
        #expect(countdown.litCount > 0)
        #expect(same(both, countdown, in: PixelRect(x: textRect.x - 1, y: textRect.y - 1, width: textRect.width + 2, height: 10)))
    }

    @Test func clockUnsetAddsTheMark() {
        let set = render(.idle(IdleScreen(greeting: "Hi", hour: 1, minute: 2, nextAlarm: nil, timerRemaining: nil)))
        let unset = render(.idle(IdleScreen(greeting: "Hi", hour: 1, minute: 2, nextAlarm: nil, timerRemaining: nil,
                                            clockUnset: true)))
        #expect(unset.litCount == set.litCount + Icon.clockUnset.bitmap.litCount)
    }

    @Test func nowPlayingShowsModePauseTimerAndEnd() {
        let icon = Icon.leaf.bitmap
        let meditation = render(playing(elapsed: 0, duration: 60))
        #expect((0..<icon.height).allSatisfy { y in (0..<icon.width).allSatisfy { x in
            meditation.pixel(x: 1 + x, y: 1 + y) == icon.isLit(x: x, y: y)
        } })
        let poetry = render(playing(elapsed: 0, duration: 60, mode: .poetry))
        #expect(poetry.pixel(x: 1, y: 1) == Icon.masks.bitmap.isLit(x: 0, y: 0))
        #expect(poetry != meditation)

        let statusRow = PixelRect(x: 0, y: ScreenRenderer.NowPlayingLayout.statusY, width: 128, height: 12)
        let paused = render(playing(elapsed: 0, duration: 60, paused: true))
        let pause = Icon.pause.bitmap
        #expect((0..<pause.height).allSatisfy { y in (0..<pause.width).allSatisfy { x in
            paused.pixel(x: 2 + x, y: statusRow.y + 1 + y) == pause.isLit(x: x, y: y)
        } })
        #expect(litCount(paused, in: statusRow) > litCount(meditation, in: statusRow))
        // "Paused" shares the timer text's top row (statusY + 2).
        let pausedTextX = 2 + pause.width + ScreenRenderer.Layout.iconGap
        #expect(paused.pixel(x: pausedTextX, y: statusRow.y + 2) && !paused.pixel(x: pausedTextX, y: statusRow.y + 1))

        let timed = render(playing(elapsed: 0, duration: 60, timer: 5400))
        let ending = render(playing(elapsed: 0, duration: 60, stopsAtEnd: true))
        let rightHalf = PixelRect(x: 64, y: statusRow.y, width: 64, height: 12)
        #expect(litCount(meditation, in: rightHalf) == 0)
        #expect(litCount(timed, in: rightHalf) > 0 && litCount(ending, in: rightHalf) > 0)
        #expect(timed != ending)
        // "90:00" is drawn, right-aligned, after the hourglass.
        var expected = Framebuffer()
        let text = "90:00"
        let textX = Layout.content.maxX - 1 - BitmapFont.small.width(of: text)
        BitmapFont.small.draw(text, x: textX, y: statusRow.y + 2, in: &expected)
        let textRect = PixelRect(x: textX, y: statusRow.y, width: BitmapFont.small.width(of: text), height: 12)
        #expect(same(timed, expected, in: textRect))
    }

    @Test func everyKindHasItsOwnIconOnThePlayingScreen() {
        var seen: [Icon] = []
        for kind in ContentKind.allCases {
            let icon = ScreenRenderer.kindIcon(kind)
            let frame = render(.nowPlaying(NowPlayingScreen(mode: .poetry, title: "T", elapsed: 0, duration: 60,
                                                            isPaused: false, timerRemaining: nil, stopsAtEnd: false,
                                                            kind: kind)))
            #expect((0..<16).allSatisfy { y in (0..<16).allSatisfy { x in
                frame.pixel(x: 1 + x, y: 1 + y) == icon.bitmap.isLit(x: x, y: y)
            } }, "\(kind)")
            #expect(!seen.contains(icon), "\(kind) shares \(icon)")
            seen.append(icon)
        }
        // A story played while the mode is poetry shows its book, not the poetry masks.
        #expect(ScreenRenderer.kindIcon(.story) != ScreenRenderer.modeIcon(.poetry))
    }

    @Test func captionsTakeTheBodyOfTheScreenAndKeepClearOfTheBarAndTheBottomLine() throws {
        let caption = "In the late afternoon, she sits at the kitchen table with the window open an inch,"
        let with = render(.nowPlaying(NowPlayingScreen(mode: .meditation, title: "The Lighthouse Keeper's Evening",
                                                       elapsed: 23, duration: 646, isPaused: true, timerRemaining: 899,
                                                       stopsAtEnd: false, kind: .story, caption: caption)))
        let between = render(.nowPlaying(NowPlayingScreen(mode: .meditation, title: "The Lighthouse Keeper's Evening",
                                                          elapsed: 23, duration: 646, isPaused: true, timerRemaining: 899,
                                                          stopsAtEnd: false, kind: .story, caption: "")))
        let band = ScreenRenderer.CaptionLayout.self
        // The caption's four lines, all of it, and nothing else, between the rule and the bar.
        let lines = BitmapFont.small.wrapped(caption, width: Layout.content.width, maxLines: band.captionLines)
        #expect(lines.count == 4 && lines.last?.hasSuffix("…") == false, "\(lines)")
        var expected = between
        for (index, line) in lines.enumerated() {
            BitmapFont.small.draw(line, x: Layout.content.x, y: band.captionY + index * band.lineStep, in: &expected)
        }
        #expect(with == expected)
        for y in [band.ruleY + 1, band.progressBar.y - 1, band.progressBar.maxY] {
            #expect((0..<Framebuffer.width).allSatisfy { !with.pixel(x: $0, y: y) }, "row \(y) is the gap")
        }
        // Between sentences: the title, the rule, the bar and the bottom line, no caption.
        #expect((band.captionY..<band.progressBar.y - 1).allSatisfy { y in
            (0..<Framebuffer.width).allSatisfy { !between.pixel(x: $0, y: y) }
        })
    }

    @Test func nowPlayingTitleWrapsToTwoLinesBesideTheIcon() throws {
        let long = render(playing(elapsed: 0, duration: 60,
                                  title: "The Love Song of J. Alfred Prufrock and Other Observations"))
        let titleArea = PixelRect(x: ScreenRenderer.NowPlayingLayout.titleX, y: 0, width: 128, height: 20)
        var lines = Framebuffer()
        let wrapped = BitmapFont.small.wrapped("The Love Song of J. Alfred Prufrock and Other Observations",
                                               width: Layout.content.maxX - ScreenRenderer.NowPlayingLayout.titleX,
                                               maxLines: 2)
        #expect(wrapped.count == 2 && wrapped[1].hasSuffix("…"))
        for (index, line) in wrapped.enumerated() {
            BitmapFont.small.draw(line, x: titleArea.x, y: 2 + 9 * index, in: &lines)
        }
        #expect(litCount(long, in: titleArea) == lines.litCount)
    }

    @Test func timerChoiceHighlightsTheSelection() {
        let options = SampleFrames.timerOptions
        let framebuffer = render(.timerChoice(TimerChoiceScreen(options: options, selected: 2)))
        let bar = ScreenRenderer.timerSelectionBar
        // The bar is lit except for its corners and the (dark) letters of "30 min".
        let textWidth = BitmapFont.small.width(of: "30 min")
        var letters = Framebuffer()
        BitmapFont.small.draw("30 min", x: 0, y: 0, in: &letters)
        #expect(litCount(framebuffer, in: bar) == bar.width * bar.height - 4 - letters.litCount)
        #expect(!framebuffer.pixel(x: bar.x + (bar.width - textWidth) / 2, y: bar.y + 3 + 1))
        // Neighbours are drawn above and below.
        #expect(litCount(framebuffer, in: PixelRect(x: 0, y: bar.y - 11, width: 128, height: 8)) > 0)
        #expect(litCount(framebuffer, in: PixelRect(x: 0, y: bar.maxY + 3, width: 128, height: 8)) > 0)
        // Out-of-range selections are clamped, not trapped on.
        #expect(render(.timerChoice(TimerChoiceScreen(options: options, selected: 99)))
                == render(.timerChoice(TimerChoiceScreen(options: options, selected: options.count - 1))))
        #expect(render(.timerChoice(TimerChoiceScreen(options: [], selected: 0))).litCount > 0)
    }

    @Test func alarmStatesDiffer() {
        let ringing = render(.alarm(AlarmScreen(hour: 6, minute: 45, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)))
        let snoozed = render(.alarm(AlarmScreen(hour: 6, minute: 45, isSnoozed: true, snoozeRemaining: 299, isGreeting: false)))
        let greeting = render(.alarm(AlarmScreen(hour: 6, minute: 45, isSnoozed: false, snoozeRemaining: nil, isGreeting: true)))
        let hint = PixelRect(x: 0, y: Layout.bottomLineY, width: 128, height: 9)
        #expect(litCount(ringing, in: hint) > 0 && litCount(snoozed, in: hint) > 0)
        #expect(litCount(greeting, in: hint) == 0)
        let top = PixelRect(x: 0, y: 0, width: 128, height: 16)
        #expect(litCount(snoozed, in: top) > litCount(ringing, in: top))
        #expect(Set([ringing, snoozed, greeting].map(\.bytes)).count == 3)
    }

    @Test func messagesAndComingSoonAreCentred() throws {
        let message = render(.message("Timer off"))
        let bounds = try #require(message.litBounds)
        #expect(bounds.width == BitmapFont.small.width(of: "Timer off"))
        #expect(abs((bounds.x + bounds.maxX) - 128) <= 1)
        #expect(abs((bounds.y + bounds.maxY) - 64) <= 2)
        let soon = render(.comingSoon(title: "Poetry"))
        let soonBounds = try #require(soon.litBounds)
        #expect(abs((soonBounds.x + soonBounds.maxX) - 128) <= 2)
        #expect(render(.comingSoon(title: "Poetry")) != render(.comingSoon(title: "Stories")))
    }

    @Test func theMeditationTimerShowsTheBreathingScreenWhileItsGuidePaces() {
        let breath = BreathingScreen(title: "Meditation timer", step: .inhale, label: "Breathe in", fullness: 0.5,
                                     secondsLeft: 2, cycle: 1, cycles: 31, isPaused: false, timerRemaining: 590)
        let guided = render(.meditationTimer(TimerSessionScreen(title: "Meditation timer", remaining: 590, note: "Rain",
                                                                breath: breath)))
        #expect(guided == render(.breathing(breath)))
        // Without the guide: the title, the countdown and the bed, each where the layout puts it.
        let plain = render(.meditationTimer(TimerSessionScreen(title: "Meditation timer", remaining: 590, note: "Rain")))
        #expect(plain != guided)
        #expect(litCount(plain, in: PixelRect(x: 1, y: 3, width: 126, height: 7)) > 0)
        #expect(litCount(plain, in: PixelRect(x: 1, y: ScreenRenderer.sessionCountdownY, width: 126, height: 26)) > 100)
        #expect(litCount(plain, in: PixelRect(x: 1, y: Layout.bottomLineY, width: 126, height: 8)) > 0)
        // One second less changes only the countdown.
        let later = render(.meditationTimer(TimerSessionScreen(title: "Meditation timer", remaining: 589, note: "Rain")))
        #expect(same(plain, later, in: PixelRect(x: 0, y: 0, width: 128, height: ScreenRenderer.sessionCountdownY)))
        #expect(!same(plain, later, in: PixelRect(x: 0, y: ScreenRenderer.sessionCountdownY, width: 128, height: 26)))
    }

    @Test func anEditedSettingIsDrawnBetweenArrowsAndTopLevelLabelsKeepTheirPlace() {
        let rows = [MenuRow(kind: .category, label: "Favorites", detail: "3")]
        let withRestart = render(.menu(MenuScreen(title: "Library", rows: [MenuRow(kind: .action, label: "Restart Hope")] + rows,
                                                  selected: 0)))
        let without = render(.menu(MenuScreen(title: "Library", rows: rows + [MenuRow(kind: .category, label: "Timers")],
                                              selected: 1)))
        // "Favorites" is drawn at the same place whether or not a Restart row comes first.
        let first = ScreenRenderer.MenuLayout.rowRect(slot: 0), second = ScreenRenderer.MenuLayout.rowRect(slot: 1)
        var moved = Framebuffer()
        for y in 0..<second.height { for x in 0..<128 where without.pixel(x: x, y: first.y + y) { moved.set(x: x, y: second.y + y) } }
        #expect(same(moved, withRestart, in: second))
    }

    /// A counted night's mark is its own day's: it covers that day's number (drawn dark in it) and
    /// keeps clear of the numbers beside it ("23■24■25" read as a mark between two days).
    @Test func aCalendarMarkBelongsToItsDay() {
        var calendar = SampleFrames.markedCalendar
        calendar.marked = []
        calendar.today = nil
        calendar.cursor = nil
        let plain = render(.calendar(calendar))
        calendar.marked = [24]
        let marked = render(.calendar(calendar))
        // November 2026 begins on a Sunday: the 24th is a Tuesday, in the fifth line.
        let font = BitmapFont.small
        func numberBox(_ day: Int) -> PixelRect {
            let slot = 6 + day - 1, cellX = 2 + (slot % 7) * 18, y = 16 + (slot / 7) * 8
            let width = font.width(of: String(day))
            return PixelRect(x: cellX + 11 - width, y: y, width: width, height: font.capHeight)
        }
        let own = numberBox(24), neighbours = [numberBox(23), numberBox(25)]
        var changed: [(Int, Int)] = []
        for y in 0..<64 { for x in 0..<128 where plain.pixel(x: x, y: y) != marked.pixel(x: x, y: y) { changed.append((x, y)) } }
        #expect(!changed.isEmpty)
        let away = changed.filter { x, y in !(x >= own.x - 2 && x < own.maxX + 2 && y >= own.y - 1 && y <= own.maxY) }
        #expect(away.isEmpty, "mark pixels not on the 24th: \(away)")
        let near = changed.filter { x, _ in neighbours.contains { x >= $0.x - 2 && x < $0.maxX + 2 } }
        #expect(near.isEmpty, "mark pixels as near the 23rd or the 25th: \(near)")
        // The number reads in the mark: its pixels are the other way round.
        var same = 0
        for y in own.y..<own.maxY { for x in own.x..<own.maxX where plain.pixel(x: x, y: y) == marked.pixel(x: x, y: y) { same += 1 } }
        #expect(same == 0, "the 24th's number is not drawn dark in its mark")
    }

    /// The cursor is its own day's too: brackets either side of that day's cell, in the columns
    /// between the cells, never over a number or a mark, also on a Monday at the panel's left edge
    /// and a Sunday at its right; its night's minutes are on the month's line.
    @Test func theCalendarCursorBracketsItsDayAlone() {
        var calendar = SampleFrames.markedCalendar
        calendar.cursor = nil
        calendar.cursorText = ""
        let plain = render(.calendar(calendar))
        // The 16th is a Monday (the left edge), the 22nd a Sunday (the right), the 24th a marked Tuesday.
        for day in [16, 22, 24] {
            calendar.cursor = day
            let cursor = render(.calendar(calendar))
            let slot = 6 + day - 1, cellX = 2 + (slot % 7) * 18, y = 16 + (slot / 7) * 8
            var changed: [(Int, Int)] = []
            for py in 0..<64 { for px in 0..<128 where plain.pixel(x: px, y: py) != cursor.pixel(x: px, y: py) { changed.append((px, py)) } }
            #expect(changed.count == 2 * (8 + 2), "two brackets of 8 rows and 2 stubs on day \(day): \(changed)")
            #expect(changed.allSatisfy { px, py in
                (px == cellX - 2 || px == cellX - 1 || px == cellX + 13 || px == cellX + 14) && py >= y - 1 && py < y + 7
            }, "cursor pixels outside day \(day)'s brackets: \(changed)")
            #expect(changed.allSatisfy { px, _ in (0..<128).contains(px) })
            #expect(changed.allSatisfy { px, py in !plain.pixel(x: px, y: py) }, "the cursor covers nothing drawn")
        }
        calendar.cursor = 16
        calendar.cursorText = "42 min"
        let withMinutes = render(.calendar(calendar))
        calendar.cursorText = "7 min"
        #expect(render(.calendar(calendar)) != withMinutes, "the night's minutes are drawn")
    }
}
