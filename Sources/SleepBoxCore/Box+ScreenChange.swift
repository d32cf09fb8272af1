extension Box {
    /// The uptime after `now` at which the screen changes on its own to another kind of screen
    /// while the box sleeps in between: the item playing reaches its breathing guide (now playing
    /// becomes the breathing screen) or the guide's end (and back); nil when nothing of the kind
    /// lies ahead. Overlays, timers and alarms end at the box's own deadlines and are not counted.
    /// A microsecond late, so that the position worked out then is past the change for certain.
    public func nextScreenChange(after now: Moment) -> Double? {
        guard state.phase.isRunning, let (item, position) = currentItem(at: now), let guide = item.breathing,
              position.isFinite else { return nil }
        let change: Double
        if position < guide.startsAt {
            change = guide.startsAt
        } else if position < guide.endsAt {
            change = guide.endsAt
        } else {
            return nil
        }
        return now.uptime + (change - position) + Box.captionWakeMargin
    }

    /// When the library's title comes back after a note in its place ("Favorite added").
    func pageNoticeEnd(after now: Moment) -> Double? {
        guard case .library(let page)? = pageStack.last, page.notice != nil, page.noticeUntil > now.uptime else { return nil }
        return page.noticeUntil
    }
}
