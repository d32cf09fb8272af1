/// A text the renderer had to shorten with "…" because it did not fit its room.
///
/// Every row of a screen is meant to fit; only a content title may be cut where the screen
/// scrolls it when it is selected (a menu item's row). Tests render every screen the box can
/// show and fail on any other cut (`Framebuffer.cuts`). Only the renderer makes one.
public struct TextCut: Sendable, Equatable, CustomStringConvertible {
    /// The whole text.
    public var text: String
    /// What was drawn instead, ending in "…".
    public var shown: String
    /// True for a content title in a list, which scrolls in full when the knob selects it.
    public var scrolls: Bool

    public var description: String { "\"\(text)\" drawn as \"\(shown)\"" + (scrolls ? " (scrolls when selected)" : "") }
}
