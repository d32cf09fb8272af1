import SleepBoxSystem
import SleepBoxTOML

/// Turns the text of a spoken script (the lines after `---`, or a timeline segment's text) into
/// speech stretches and exact silences, by the rules of docs/content.md (Text, Pauses).
///
/// It works in two steps: each line becomes events (text fragments, pause markers, sentence ends,
/// line ends, blank lines), then the events between two text fragments form one boundary whose
/// silence is decided at once. That is what makes "the longest automatic pause applies" and "a
/// marker replaces the automatic pause where it stands" simple: they are rules about one boundary.
struct ScriptBodyParser {
    /// One line of the text with its 1-based number in the file.
    struct Line {
        var number: Int
        var text: String
    }

    /// What a line is made of.
    enum Event: Equatable {
        case text(String, line: Int, column: Int)
        case marker(Double, line: Int, column: Int)
        /// A sentence end inside a line; the location is just after its punctuation.
        case sentenceEnd(line: Int, column: Int)
        /// The end of a line with text or markers on it.
        case lineEnd(endsSentence: Bool, line: Int, column: Int)
        case blankLine(line: Int)
    }

    /// What the text inside a pair of parentheses is.
    enum Parenthesised: Equatable {
        /// A pause marker of this many seconds.
        case marker(Double)
        /// Meant as a marker but wrongly written: the message says how to write it.
        case badMarker(String)
        /// Ordinary text, read aloud.
        case text
    }

    /// The result: parts in playing order, the mode used, and errors (bad markers).
    struct Result {
        var parts: [ScriptPart]
        var mode: PauseMode
        var issues: [FileIssue]
    }

    /// Characters that may follow `.`, `!` or `?` and still end the sentence.
    static let closers: Set<Character> = ["\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{00BB}"]

    let path: String

    /// Parses `lines`. `mode` nil means the default: `marked` when the text has any pause marker,
    /// else `auto`.
    func parse(_ lines: [Line], mode: PauseMode?) -> Result {
        var issues: [FileIssue] = []
        var events: [Event] = []
        for line in lines {
            events += self.events(of: line, issues: &issues)
        }
        let hasMarker = events.contains { if case .marker = $0 { return true } else { return false } }
        let used = mode ?? (hasMarker ? .marked : .auto)
        return Result(parts: Self.assemble(events, mode: used), mode: used, issues: issues)
    }

    // MARK: Lines to events

    func events(of line: Line, issues: inout [FileIssue]) -> [Event] {
        let chars = Array(line.text)
        let firstVisible = chars.firstIndex { !$0.isWhitespace }
        guard let firstVisible else { return [.blankLine(line: line.number)] }
        if chars[firstVisible] == "#" { return [] }

        var events: [Event] = []
        var fragment = ""
        var fragmentColumn: Int?
        var lastTextEndsSentence = false

        func flush() {
            defer {
                fragment = ""
                fragmentColumn = nil
            }
            let text = Self.trimmed(fragment)
            guard let column = fragmentColumn, text.contains(where: { $0.isLetter || $0.isNumber }) else { return }
            events.append(.text(text, line: line.number, column: column))
            lastTextEndsSentence = Self.endsSentence(text)
        }

        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "(" {
                if let close = chars[(i + 1)...].firstIndex(of: ")") {
                    let inner = String(chars[(i + 1)..<close])
                    switch Self.classify(inner) {
                    case .marker(let seconds):
                        flush()
                        events.append(.marker(seconds, line: line.number, column: i + 1))
                        i = close + 1
                        continue
                    case .badMarker(let message):
                        flush()
                        issues.append(FileIssue(.error, path: path, line: line.number, column: i + 1, message: message))
                        i = close + 1
                        continue
                    case .text:
                        break
                    }
                } else {
                    let rest = String(chars[(i + 1)...].prefix { !$0.isWhitespace })
                    if !rest.isEmpty, Self.classify(rest) != .text {
                        issues.append(FileIssue(.error, path: path, line: line.number, column: i + 1,
                                                   message: "(\(rest) is missing its closing parenthesis: a pause marker is written like (2s)"))
                    }
                }
            }
            if c == "." || c == "!" || c == "?" {
                var j = i + 1
                while j < chars.count, Self.closers.contains(chars[j]) { j += 1 }
                if j < chars.count, chars[j].isWhitespace {
                    fragment += String(chars[i..<j])
                    flush()
                    events.append(.sentenceEnd(line: line.number, column: j + 1))
                    i = j
                    continue
                }
            }
            if fragmentColumn == nil, !c.isWhitespace { fragmentColumn = i + 1 }
            fragment.append(c)
            i += 1
        }
        flush()
        let endsSentence = lastTextEndsSentence && events.contains { if case .text = $0 { return true } else { return false } }
        events.append(.lineEnd(endsSentence: endsSentence, line: line.number, column: chars.count + 1))
        return events
    }

    // MARK: Events to parts

    /// The silences between text fragments, by the rules of `mode`.
    static func assemble(_ events: [Event], mode: PauseMode) -> [ScriptPart] {
        var parts: [ScriptPart] = []
        var hasSpeech = false
        var autoSeconds = 0.0
        var autoLocation: (line: Int, column: Int)?
        var markerSeconds: Double?
        var markerLocation: (line: Int, column: Int)?

        func noteAuto(_ seconds: Double, _ line: Int, _ column: Int) {
            autoSeconds = max(autoSeconds, seconds)
            if autoLocation == nil { autoLocation = (line, column) }
        }

        for event in events {
            switch event {
            case .text(let text, let line, let column):
                let silence: Double
                if !hasSpeech || mode == .marked {
                    silence = markerSeconds ?? 0
                } else {
                    // A marker replaces the automatic pause of the place where it stands.
                    silence = markerSeconds ?? autoSeconds
                }
                if silence > 0 {
                    let location = (markerSeconds != nil ? markerLocation : autoLocation) ?? (line, column)
                    parts.append(.pause(silence, line: location.line, column: location.column))
                    parts.append(.speech(text, line: line, column: column))
                } else if let last = parts.last, case .speech(let previous, let pl, let pc) = last {
                    parts[parts.count - 1] = .speech(previous + " " + text, line: pl, column: pc)
                } else {
                    parts.append(.speech(text, line: line, column: column))
                }
                hasSpeech = true
                autoSeconds = 0
                autoLocation = nil
                markerSeconds = nil
                markerLocation = nil
            case .marker(let seconds, let line, let column):
                markerSeconds = (markerSeconds ?? 0) + seconds
                if markerLocation == nil { markerLocation = (line, column) }
            case .sentenceEnd(let line, let column):
                noteAuto(PauseMode.sentenceSeconds, line, column)
            case .lineEnd(let endsSentence, let line, let column):
                noteAuto(endsSentence ? PauseMode.sentenceSeconds : PauseMode.lineBreakSeconds, line, column)
            case .blankLine(let line):
                noteAuto(PauseMode.blankLineSeconds, line, 1)
            }
        }
        // At the very end only markers count: the text is over, there is nothing to pause before.
        if let markerSeconds, markerSeconds > 0, let location = markerLocation {
            parts.append(.pause(markerSeconds, line: location.line, column: location.column))
        }
        return parts
    }

    // MARK: Markers

    /// What `inner`, the text between `(` and `)`, is.
    static func classify(_ inner: String) -> Parenthesised {
        let chars = Array(inner)
        if let (value, end) = DurationText.number(chars, from: 0), end == chars.count - 1,
           chars[end] == "s" || chars[end] == "m" {
            let seconds = chars[end] == "m" ? value * 60 : value
            guard seconds <= DurationText.maximumSeconds else {
                return .badMarker("(\(inner)) is longer than a day (24h), the longest pause a script may ask for")
            }
            return .marker(seconds)
        }
        // Only text that looks like an attempt at a marker is an error: digits first, then at
        // most a word of letters ("2x", "2 s", ".8s", "1m30s", "2,5s", "3 seconds").
        let trimmed = Array(trimmed(inner))
        guard let first = trimmed.first, first.isASCII, first.isNumber || first == "." else { return .text }
        var pieces: [(number: String, spaced: Bool, unit: String)] = []
        var i = 0
        while i < trimmed.count {
            var number = ""
            while i < trimmed.count, trimmed[i].isASCII, trimmed[i].isNumber || trimmed[i] == "." || trimmed[i] == "," {
                number.append(trimmed[i])
                i += 1
            }
            guard !number.isEmpty else { return .text }
            var spaced = false
            while i < trimmed.count, trimmed[i] == " " {
                spaced = true
                i += 1
            }
            var unit = ""
            while i < trimmed.count, trimmed[i].isASCII, trimmed[i].isLetter {
                unit.append(trimmed[i])
                i += 1
            }
            if unit.isEmpty, i < trimmed.count { return .text }
            pieces.append((number, spaced, unit))
        }
        let head = "(\(inner)) is not a pause marker: "
        guard let piece = pieces.first else { return .text }
        if pieces.count > 1 {
            var total = 0.0
            for p in pieces {
                guard let value = Double(p.number), let factor = unitFactor(p.unit) else {
                    return .badMarker(head + "a marker is one number and one unit, s or m, e.g. (90s)")
                }
                total += value * factor
            }
            return .badMarker(head + "a marker is one number and one unit: write (\(Quoting.number(total))s)")
        }
        let unitLetter = unitLetter(piece.unit)
        let validNumber = DurationText.number(Array(piece.number), from: 0).map { $0.1 == piece.number.count } ?? false
        if !validNumber {
            if piece.number.hasPrefix(".") {
                return .badMarker(head + "write (0\(piece.number)\(unitLetter ?? "s")): a number starts with a digit")
            }
            if piece.number.contains(",") {
                let fixed = String(piece.number.map { $0 == "," ? "." : $0 })
                return .badMarker(head + "use a decimal point, not a comma: (\(fixed)\(unitLetter ?? "s"))")
            }
            return .badMarker(head + "\(piece.number) is not a number: write digits with an optional decimal part, e.g. (2.5s)")
        }
        if piece.unit.isEmpty {
            return .badMarker(head + "it has no unit: write (\(piece.number)s) for seconds or (\(piece.number)m) for minutes")
        }
        if let unitLetter {
            if unitLetter == "h", let value = Double(piece.number) {
                return .badMarker(head + "markers are in seconds or minutes: write (\(Quoting.number(value * 60))m)")
            }
            return .badMarker(head + "write (\(piece.number)\(unitLetter)): a number then s or m, in lowercase, with no spaces")
        }
        return .badMarker(head + "\"\(piece.unit)\" is not a unit: write a number followed by s (seconds) or m (minutes), e.g. (2s)")
    }

    /// The marker unit a written unit was meant as (`sec` -> `s`), nil when it is not one.
    private static func unitLetter(_ unit: String) -> String? {
        switch unit.lowercased() {
        case "s", "sec", "secs", "second", "seconds": return "s"
        case "m", "min", "mins", "minute", "minutes": return "m"
        case "h", "hr", "hrs", "hour", "hours": return "h"
        default: return nil
        }
    }

    private static func unitFactor(_ unit: String) -> Double? {
        switch unitLetter(unit) {
        case "s": return 1
        case "m": return 60
        case "h": return 3600
        default: return nil
        }
    }

    // MARK: Text helpers

    /// Whether `text` ends a sentence: `.`, `!` or `?`, then perhaps closing quotes or brackets.
    static func endsSentence(_ text: String) -> Bool {
        var chars = text[...]
        while let last = chars.last, closers.contains(last) { chars = chars.dropLast() }
        guard let last = chars.last else { return false }
        return last == "." || last == "!" || last == "?"
    }

    static func trimmed(_ text: String) -> String {
        var slice = text[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }

}
