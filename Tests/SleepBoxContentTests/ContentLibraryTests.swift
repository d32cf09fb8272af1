import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxContent

@Suite struct ContentLibraryTests {
    @Test func theBundledLibraryLoadsAndChecksClean() {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        #expect(library.entries.count == 92)
        let issues = library.check()
        #expect(issues.filter { $0.severity != .note }.map(\.description) == [])
        let root = TestContent.bundled + "/"
        #expect(issues.filter { $0.severity == .note }.map { $0.description.replacingOccurrences(of: root, with: "") } == [
            "recordings/rec-cello-lullaby.toml: note: coming soon: the audio file rec-cello-lullaby.opus is not there yet; copy it next to this file to make the item playable",
            "recordings/rec-evening-poems-read-aloud.toml: note: coming soon: the audio file rec-evening-poems-read-aloud.flac is not there yet; copy it next to this file to make the item playable",
            "recordings/rec-harbour-at-dusk.toml: note: coming soon: the audio file rec-harbour-at-dusk.ogg is not there yet; copy it next to this file to make the item playable",
        ])
        #expect(library.entries.first?.id == "nidra-deep")
        #expect(library.entries.last?.id == "rec-harbour-at-dusk")
        #expect(Set(library.items.map(\.id)).count == 92)
    }

    /// The core's items carry what their detail pages show: the header's narrator and
    /// description, a spoken item's language, a tone's rate and the pieces that explain it.
    @Test func theCoresItemsCarryWhatTheirDetailPagesShow() throws {
        let items = ContentLibrary.load(bundled: TestContent.bundled).items
        let scan = try #require(items.first { $0.id == "med-body-scan" })
        #expect(scan.isSpoken && scan.language == "en" && scan.narrator == "calm female")
        #expect(scan.description?.hasPrefix("A slow body scan") == true)
        let theta = try #require(items.first { $0.id == "tone-binaural-theta" })
        #expect(!theta.isSpoken && theta.language == nil && theta.beatHz == 6)
        #expect(theta.explainedBy == ["science-binaural-beats", "science-binaural-beats-de"])
        #expect(try #require(items.first { $0.id == "tone-isochronic-gamma" }).beatHz == 40)
        #expect(try #require(items.first { $0.id == "ambient-rain" }).beatHz == nil)
        #expect(try #require(items.first { $0.id == "science-binaural-beats-de" }).language == "de")
        // Every explaining id names an item of the library.
        let ids = Set(items.map(\.id))
        #expect(items.flatMap(\.explainedBy).allSatisfy(ids.contains))
    }

    /// `explained_by`: ids the library lacks are a warning (the page leaves them out), a string
    /// that is no id an error naming the entry.
    @Test func anExplainingIdTheLibraryLacksIsAWarningAndABadOneAnError() throws {
        let root = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tone = "title = \"Theta\"\nkind = \"ambient\"\ngenerator = \"binaural\"\nstate = \"theta\"\nlength = \"1h\"\n"
        try TestContent.write(tone + "explained_by = [\"science-nowhere\"]\n", to: root + "/tones/tone-theta.toml")
        try TestContent.write(tone + "explained_by = [\"Not An Id\"]\n", to: root + "/tones/tone-bad.toml")
        let library = ContentLibrary.load(bundled: root)
        let issues = library.check().map { $0.description.replacingOccurrences(of: root + "/", with: "") }
        #expect(issues.contains { $0.hasPrefix("tones/tone-theta.toml: warning: explained_by names \"science-nowhere\"") }, "\(issues)")
        #expect(issues.contains { $0.hasPrefix("tones/tone-bad.toml:") && $0.contains("error") && $0.contains("\"Not An Id\" is not an item id") },
                "\(issues)")
        #expect(library.entry("tone-theta") != nil && library.entry("tone-bad") == nil)
    }

    @Test func itemsCarryTheirMetadataAndDurations() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let poem = try #require(library.entry("poem-stars"))
        #expect(poem.item == ContentItem(id: "poem-stars", title: "Stars", kind: .poem, duration: poem.item.duration))
        #expect(poem.author == "Sara Teasdale")
        #expect(poem.source == "Flame and Shadow, 1920")
        #expect(poem.narrator == "calm female")
        #expect(poem.sourceKind == .script)
        #expect(poem.folder == .poems)
        #expect(poem.origin == .bundled)
        #expect(poem.path == TestContent.path("poems/poem-stars.txt"))
        #expect(poem.durationIsEstimate)
        #expect(poem.item.duration > 30 && poem.item.duration < 60)

        let breath = try #require(library.entry("breath-478"))
        #expect(breath.item.duration == 393)
        #expect(breath.sourceKind == .timeline)
        #expect(!breath.durationIsEstimate)

        let rain = try #require(library.entry("ambient-rain"))
        var rainItem = ContentItem(id: "ambient-rain", title: "Rain", kind: .ambient, duration: 28_800)
        rainItem.isMixLayer = true
        #expect(rain.item == rainItem, "a sound a mix made on the box may play")
        #expect(rain.sourceKind == .generator)
        guard case .generator(let generator) = rain.body else { Issue.record("not a generator"); return }
        #expect(generator.generator == .rain)
        #expect(generator.levelDB == -6)

        let harbour = try #require(library.entry("rec-harbour-at-dusk"))
        var harbourItem = ContentItem(id: "rec-harbour-at-dusk", title: "The Harbour at Dusk", kind: .story,
                                      duration: 0, isAvailable: false)
        harbourItem.isMixLayer = true
        #expect(harbour.item == harbourItem)
        #expect(harbour.sourceKind == .audio)
        #expect(harbour.narrator == "human narrator, warm male voice")
    }

    @Test func comingSoonItemsAreListedButNeverPlayable() {
        let catalog = ContentLibrary.load(bundled: TestContent.bundled).catalog()
        #expect(catalog.pool(.poetry).count == 18)
        #expect(catalog.pool(.poetry).contains { $0.id == "rec-evening-poems-read-aloud" })
        #expect(catalog.playableIDs(.poetry).count == 17)
        #expect(!catalog.playableIDs(.poetry).contains("rec-evening-poems-read-aloud"))
        #expect(catalog.playableIDs(.meditation).count == 3 + 4 + 4)
        #expect(catalog.items.filter { !$0.isAvailable }.map(\.id) ==
            ["rec-cello-lullaby", "rec-evening-poems-read-aloud", "rec-harbour-at-dusk"])
        let custom = ContentLibrary.load(bundled: TestContent.bundled).catalog(pools: [.poetry: [.story], .meditation: [.ambient]])
        #expect(custom.playableIDs(.poetry) == [
            "story-lighthouse-keeper", "story-mountain-inn", "story-mountain-valley", "story-night-train",
            "story-old-bookbinder", "story-path-of-lanterns", "story-potters-workshop",
            "story-quiet-library", "story-rainy-market", "story-slow-river", "story-walled-garden",
            "story-warm-spring",
        ])
        #expect(!custom.playableIDs(.meditation).contains("rec-cello-lullaby"))
    }

    @Test func scriptDurationsBecomeExactOnceTheClipsAreCached() throws {
        let speech = FakeSpeech(cachesRenders: true)
        var library = ContentLibrary.load(bundled: TestContent.bundled, speech: speech)
        let before = try #require(library.entry("nidra-short"))
        #expect(before.durationIsEstimate)
        let plan = try ProgramBuilder(speech: speech).prepare(before, seed: 1).plan
        library.refreshDurations(speech: speech)
        let after = try #require(library.entry("nidra-short"))
        #expect(!after.durationIsEstimate)
        #expect(after.item.duration == plan?.duration)
        #expect(library.entry("poem-stars")?.durationIsEstimate == true)
    }

    @Test func anItemIsKnownCachedOnlyWhenEveryStretchIs() throws {
        let speech = FakeSpeech(cachesRenders: true)
        let library = ContentLibrary.load(bundled: TestContent.bundled, speech: speech)
        let timeline = try #require(library.entry("med-counting-breaths"))
        let script = try #require(library.entry("poem-stars"))
        let ambient = try #require(library.entries.first { $0.sourceKind == .generator })
        #expect(!library.isSpeechCached(timeline) && !library.isSpeechCached(script))
        #expect(library.isSpeechCached(ambient), "nothing to say")
        _ = try ProgramBuilder(speech: speech).prepare(timeline, seed: 1)
        // The plan renders one option of each interjection; the others are measured, so rendered too.
        #expect(library.isSpeechCached(timeline))
        #expect(!library.isSpeechCached(script))
        #expect(!ContentLibrary.load(bundled: TestContent.bundled).isSpeechCached(timeline), "no voice: nothing is cached")
    }

    @Test func theOwnersLibrary() throws {
        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        let script = "title: Mine\nkind: poem\nauthor: Me\nsource: My notebook, 2024\n---\nA line.\n"
        try TestContent.write(script, to: user + "/poems/poem-mine.txt")
        try TestContent.write(script, to: user + "/stories/story-night-train.txt")
        try TestContent.write(script, to: user + "/stories/poem-dup.txt")
        try TestContent.write(script, to: user + "/poems/poem-dup.txt")
        try TestContent.write(script, to: user + "/ambient/ambient-words.txt")
        try TestContent.write(script, to: user + "/meditations/Bad_Name.txt")
        try TestContent.write(script, to: user + "/meditations/.hidden.txt")
        try TestContent.write("title = \"X\"\n", to: user + "/meditations/med-x.toml")
        try TestContent.write(script, to: user + "/notes/readme.txt")
        try TestContent.write("hello", to: user + "/README.md")
        let recording = "title = \"Here\"\nkind = \"story\"\nauthor = \"Me\"\nnarrator = \"Me\"\ndescription = \"Mine.\"\naudio = \"%@.wav\"\n"
        try TestContent.write(String(format: recording, "rec-here"), to: user + "/recordings/rec-here.toml")
        _ = FileManager.default.createFile(atPath: user + "/recordings/rec-here.wav", contents: Data(TestWAV.bytes(frames: 24_000)))
        try TestContent.write(String(format: recording, "rec-broken"), to: user + "/recordings/rec-broken.toml")
        try TestContent.write("not audio at all", to: user + "/recordings/rec-broken.wav")
        _ = FileManager.default.createFile(atPath: user + "/recordings/stray.wav", contents: Data(TestWAV.bytes(frames: 10)))

        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        let mine = try #require(library.entry("poem-mine"))
        #expect(mine.origin == .user)
        #expect(mine.item.kind == .poem)
        #expect(library.entry("story-night-train")?.origin == .bundled)
        #expect(library.entry("poem-dup")?.folder == .stories)
        let here = try #require(library.entry("rec-here"))
        #expect(here.item.isAvailable)
        #expect(here.item.duration == 0.5)
        #expect(library.entry("rec-broken")?.item.isAvailable == false)
        #expect(library.entries.count == 92 + 4)
        #expect(library.entries.suffix(4).map(\.id) == ["poem-dup", "poem-mine", "rec-broken", "rec-here"])

        let problems = library.check().filter { $0.path.hasPrefix(user) }
            .map { $0.description.replacingOccurrences(of: user + "/", with: "") }
        #expect(problems.count == 9)
        let expected = [
            "README.md: warning: ignored: files belong in one of the folders yoga-nidra, breathing, meditations, hypnosis, affirmations, stories, poems, science, ambient, tones, mixes, recordings",
            "ambient/ambient-words.txt: error: a spoken script does not belong in ambient/: move it to a spoken folder such as meditations/ or stories/",
            "meditations/Bad_Name.txt: error: the id \"Bad_Name\" may contain only lowercase letters a-z, digits 0-9 and hyphens -",
            "meditations/med-x.toml: error: a .toml file in meditations/ must be a guided timeline named med-x.timeline.toml; ambient generators go in ambient/ (tones in tones/), mixes in mixes/, recordings in recordings/",
            "notes: warning: ignored: \"notes\" is not a folder the box reads; did you mean tones? (the folders are yoga-nidra, breathing, meditations, hypnosis, affirmations, stories, poems, science, ambient, tones, mixes, recordings)",
            "poems/poem-dup.txt: error: the id \"poem-dup\" is already used by stories/poem-dup.txt; ids are unique across the whole library, every folder together: rename one of the files (this one is left out)",
            "recordings/rec-broken.wav: error: cannot play the audio file: ",
            "recordings/stray.wav: note: no item in recordings/ names this file as its audio, so it is never played",
            "stories/story-night-train.txt: error: the id \"story-night-train\" is already used by the bundled item \(TestContent.path("stories/story-night-train.txt")); your items must not reuse a bundled id: rename this file (this item is left out)",
        ]
        for (got, want) in zip(problems, expected) {
            #expect(got.hasPrefix(want), "\(got)")
        }
    }

    @Test func aTimelineThatWouldOverlapIsReportedByTheCheck() throws {
        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        try TestContent.write("""
            title = "Tight"
            kind = "meditation"
            author = "Me"
            length = "1m"
            bell_interval = "20s"

            [[segment]]
            at = "0s"
            text = "One two three four five six seven eight nine ten eleven twelve thirteen."

            [[segment]]
            at = "5s"
            text = "Next."
            """, to: user + "/meditations/med-tight.timeline.toml")
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        #expect(library.entry("med-tight") != nil)
        let problems = library.check().filter { $0.path.hasPrefix(user) }.map(\.description)
        let file = user + "/meditations/med-tight.timeline.toml"
        #expect(problems == [
            "\(file):7: error: the segment at 0s (line 7) lasts about 6s, so it ends at 6s, after the segment at 5s (line 11) begins at 5s: shorten the text or move the later part (leave a few seconds of room: voices differ in speed)",
        ])
        #expect(ContentLibrary.checkFile(at: file).map(\.description) == problems)
    }

    @Test func bellsTooCloseToSpeechAreWarnings() throws {
        let folder = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/med-bell.timeline.toml"
        try TestContent.write("""
            title = "Bells"
            kind = "meditation"
            author = "Me"
            length = "1m"
            bell_interval = "20s"
            end_bell = true

            [[segment]]
            at = "22s"
            text = "Hello."

            [[segment]]
            at = "54s"
            text = "Goodbye and sleep well."
            """, to: file)
        #expect(ContentLibrary.checkFile(at: file).map(\.description) == [
            "\(file):8: warning: the interval bell at 20s rings within 5 seconds of the segment at 22s (line 8), which runs from 22s to 22.5s (estimated): keep speech at least 5 seconds clear of the bells",
            "\(file):12: warning: the end bell at 1m rings within 5 seconds of the segment at 54s (line 12), which runs from 54s to 55.8s (estimated): keep speech at least 5 seconds clear of the bells",
        ])
    }

    @Test func checkingSingleFilesOutsideALibrary() throws {
        let folder = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestContent.write("title: Mine\nkind: story\nauthor: Me\n---\nOnce.\n", to: folder + "/my-story.txt")
        try TestContent.write("title = \"Hum\"\nkind = \"ambient\"\ngenerator = \"brwn\"\nlength = \"1h\"\n", to: folder + "/hum.toml")
        try TestContent.write("title: Mine\nkind: story\nauthor: Me\n---\nOnce.\n", to: folder + "/My Story.txt")
        #expect(ContentLibrary.checkFile(at: folder + "/my-story.txt").isEmpty)
        #expect(ContentLibrary.checkFile(at: folder + "/hum.toml").map(\.description) == [
            "\(folder)/hum.toml:3: error: generator: unknown generator \"brwn\"; did you mean brown? (one of rain, ocean, forest, white, pink, brown, silence, binaural, isochronic)",
        ])
        #expect(ContentLibrary.checkFile(at: folder + "/My Story.txt").map(\.description) == [
            "\(folder)/My Story.txt: error: the id \"My Story\" may contain only lowercase letters a-z, digits 0-9 and hyphens -",
        ])
    }

    @Test func aMissingBundledFolderIsAnError() {
        let library = ContentLibrary.load(bundled: "/nonexistent/sleepbox-content")
        #expect(library.entries.isEmpty)
        #expect(library.check().map(\.description) == ["/nonexistent/sleepbox-content: error: the content folder is not there (or is not a folder)"])
    }
}
