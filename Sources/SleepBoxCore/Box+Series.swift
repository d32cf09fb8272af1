/// The parts of a series in the library menu, and which part the owner hears next.
extension Box {
    /// The items of `series`, by part (then by id, should two items give the same part).
    public func seriesItems(_ series: ContentSeries) -> [ContentItem] {
        catalog.items.filter { $0.series?.series == series }
            .sorted { ($0.series?.part ?? 0, $0.id) < ($1.series?.part ?? 0, $1.id) }
    }

    /// The part of `series` to hear next: the first, in order, not heard to its end (its place in
    /// `state.progress`, which the state file keeps across restarts, below
    /// `[playback] resume_below_fraction`); nil when every part has been heard.
    public func nextSeriesItem(_ series: ContentSeries) -> ContentItem? {
        seriesItems(series).first { item in
            guard let entry = state.progress[item.id] else { return true }
            return entry.fraction < config.playback.resumeBelowFraction
        }
    }
}
