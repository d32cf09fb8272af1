/// A text the renderer had to shorten with "…" because it did not fit its room.
///
/// Every row of a screen is meant to fit; only a list's row may be cut, as every list scrolls its
/// selected row (a title ends at a word, so the word telling two apart stays). Tests render every
/// screen the box can show and fail on any other cut (`Framebuffer.cuts`), and on rows of a list
/// cut into look-alikes. Only the renderer makes one.
public struct TextCut: Sendable, Equatable, CustomStringConvertible {
    /// The whole text.
    public var text: String
    /// What was drawn instead, ending in "…".
    public var shown: String
    /// True for a row of a list, which scrolls in full when the knob selects it.
    public var scrolls: Bool

    public var description: String { "\"\(text)\" drawn as \"\(shown)\"" + (scrolls ? " (scrolls when selected)" : "") }
}
