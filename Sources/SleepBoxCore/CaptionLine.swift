/// One sentence of an item's speech and when it is spoken, in seconds from the item's start.
public struct CaptionLine: Sendable, Equatable, Codable {
    /// When the voice starts the sentence.
    public var start: Double
    /// When the voice has finished it.
    public var end: Double
    /// The sentence as written.
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}
