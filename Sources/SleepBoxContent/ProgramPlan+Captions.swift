import SleepBoxCore

extension ProgramPlan {
    /// The plan's sentences and when each is spoken, for captions. A speech clip is one stretch
    /// of text; a clip that holds several sentences (a paragraph of a script without automatic
    /// pauses) is shared among them by their length in characters, the voice's pace being even
    /// enough for a line of a small screen. A sentence longer than `maxCharacters` is cut at
    /// spaces into pieces of about equal length, each shown in its turn, so that every piece
    /// fits the screen whole. Bells and breathing cues carry no caption.
    public func captions(maxCharacters: Int = 72) -> [CaptionLine] {
        var lines: [CaptionLine] = []
        for element in elements {
            guard case .speech = element.sound, let text = element.text else { continue }
            let start = format.seconds(element.startFrame)
            let length = format.seconds(element.lengthFrames)
            let sentences = Self.sentences(of: text).flatMap { Self.pieces(of: $0, maxCharacters: maxCharacters) }
            let total = Double(sentences.reduce(0) { $0 + $1.count })
            guard total > 0 else { continue }
            var offset = 0.0
            for sentence in sentences {
                let share = length * Double(sentence.count) / total
                lines.append(CaptionLine(start: start + offset, end: start + offset + share, text: sentence))
                offset += share
            }
        }
        return lines
    }

    /// `text` cut after each `.`, `!` or `?` (with any closing quotes or brackets) that a space
    /// follows, each piece trimmed; empty pieces are dropped.
    static func sentences(of text: String) -> [String] {
        var out: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            current.append(c)
            guard c.isWhitespace, i > 0 else { continue }
            if ScriptBodyParser.endsSentence(ScriptBodyParser.trimmed(current)) {
                let piece = ScriptBodyParser.trimmed(current)
                if !piece.isEmpty { out.append(piece) }
                current = ""
            }
        }
        let rest = ScriptBodyParser.trimmed(current)
        if !rest.isEmpty { out.append(rest) }
        return out
    }

    /// `sentence` cut at spaces into as many pieces as `maxCharacters` asks for, each cut at the
    /// space nearest to its share of the length, so the pieces come out about equally long (a
    /// piece may pass `maxCharacters` by half a word; a sentence without spaces stays whole).
    static func pieces(of sentence: String, maxCharacters: Int) -> [String] {
        guard maxCharacters > 0, sentence.count > maxCharacters else { return [sentence] }
        let chars = Array(sentence)
        let spaces = chars.indices.filter { chars[$0] == " " }
        let count = (chars.count + maxCharacters - 1) / maxCharacters
        var cuts: [Int] = []
        for k in 1..<count {
            let ideal = k * chars.count / count
            guard let nearest = spaces.filter({ $0 > (cuts.last ?? -1) }).min(by: { abs($0 - ideal) < abs($1 - ideal) }) else { break }
            cuts.append(nearest)
        }
        var out: [String] = []
        var from = 0
        for cut in cuts + [chars.count] {
            let piece = ScriptBodyParser.trimmed(String(chars[from..<cut]))
            if !piece.isEmpty { out.append(piece) }
            from = min(chars.count, cut + 1)
        }
        return out
    }
}
