import SleepBoxTOML
import Testing
@testable import SleepBoxContent

@Suite struct ContentIDTests {
    @Test func validIDs() {
        for id in ["story-night-train", "poem-the-moon", "a", "x1", String(repeating: "a", count: 48)] {
            #expect(ContentID.isValid(id), "\(id)")
        }
    }

    @Test func idsThatCouldEscapeOrBreakTheRulesAreRejected() {
        #expect(ContentID.problem(with: "../x") == "the id \"../x\" contains \"/\"; ids use only a-z, 0-9 and -")
        #expect(ContentID.problem(with: "..") == "the id \"..\" contains \"..\"; ids use only a-z, 0-9 and -")
        #expect(ContentID.problem(with: "a/b") == "the id \"a/b\" contains \"/\"; ids use only a-z, 0-9 and -")
        #expect(ContentID.problem(with: "Poem-Stars") ==
            "the id \"Poem-Stars\" may contain only lowercase letters a-z, digits 0-9 and hyphens -; write it in lowercase: \"poem-stars\"")
        #expect(ContentID.problem(with: "poem_stars") == "the id \"poem_stars\" may contain only lowercase letters a-z, digits 0-9 and hyphens -")
        #expect(ContentID.problem(with: "poème") == "the id \"poème\" may contain only lowercase letters a-z, digits 0-9 and hyphens -")
        #expect(ContentID.problem(with: "a b") != nil)
        #expect(ContentID.problem(with: ".hidden") != nil)
        #expect(ContentID.problem(with: "") == "the id is empty: name the file after the item, e.g. story-night-train.txt")
        let long = String(repeating: "a", count: 49)
        #expect(ContentID.problem(with: long) == "the id \"\(long)\" is 49 characters long; at most 48 are allowed: shorten the file name")
    }

    @Test func theOwnersMixesIdsAreKeptForThem() {
        #expect(ContentID.problem(with: "mix-mine-1") ==
            "the id \"mix-mine-1\" starts with \"mix-mine-\", kept for the mixes made on the box: rename the file")
        #expect(ContentID.problem(with: "mix-minecraft") == nil)
        #expect(ContentID.problem(with: "mix-rain-over-brown-noise") == nil)
    }

    @Test func readabilityHints() {
        #expect(ContentID.readabilityHint(for: "story-night-train") == nil)
        #expect(ContentID.readabilityHint(for: "-story") != nil)
        #expect(ContentID.readabilityHint(for: "story--night") != nil)
        #expect(ContentID.readabilityHint(for: "story-") != nil)
    }

    @Test func audioFileNames() {
        #expect(ContentID.audioFileProblem("rec-harbour-at-dusk.ogg") == nil)
        for ext in ["ogg", "opus", "flac", "wav", "mp3"] {
            #expect(ContentID.audioFileProblem("rec-x.\(ext)") == nil)
        }
        #expect(ContentID.audioFileProblem("../rec.ogg") ==
            "\"../rec.ogg\" is not a bare file name: put the audio file in the same folder as the .toml and write only its name")
        #expect(ContentID.audioFileProblem("a/b.ogg") ==
            "\"a/b.ogg\" is not a bare file name: put the audio file in the same folder as the .toml and write only its name")
        #expect(ContentID.audioFileProblem("rec.txt") ==
            "\"rec.txt\": .txt is not an audio format the box plays (.ogg, .opus, .flac, .wav or .mp3)")
        #expect(ContentID.audioFileProblem("My Song.mp3") ==
            "\"My Song.mp3\": the name before .mp3 follows the id rules: the id \"My Song\" may contain only lowercase letters a-z, digits 0-9 and hyphens -")
        #expect(ContentID.audioFileProblem(".ogg") != nil)
        #expect(ContentID.audioFileProblem("noextension") != nil)
    }

    @Test func aRecordingCannotPointOutsideItsFolder() {
        let text = "title = \"X\"\nkind = \"story\"\nauthor = \"a\"\nnarrator = \"n\"\ndescription = \"d\"\naudio = \"../../etc/passwd.wav\"\n"
        #expect(throws: ContentError([FileIssue(.error, path: "recordings/rec-x.toml", line: 6, key: "audio",
            message: "audio: \"../../etc/passwd.wav\" is not a bare file name: put the audio file in the same folder as the .toml and write only its name")])) {
            try RecordingParser.parse(text: text, path: "recordings/rec-x.toml")
        }
    }
}
