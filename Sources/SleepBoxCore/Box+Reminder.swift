/// The bedtime reminder: at its time on its days, while the box is quiet, a soft chime and the
/// note "Time to wind down". The knob pressed on the note means "later" (it comes back after
/// `againMinutes`, at most `repeats` times), held "skip tonight"; any other button, or starting
/// anything, means the owner is winding down: no more notes tonight.
extension Box {
    /// A reminder noticed later than this (the box was off) does not chime.
    public static let reminderLateSeconds = 15.0 * 60

    /// Shows the note for a reminder instant that came between the last check and `now`.
    mutating func checkReminder(at now: Moment, into out: inout [Command]) {
        let previous = state.reminderLog.checkedUntil ?? now.wall
        state.reminderLog.checkedUntil = now.wall
        let schedule = reminderSchedule
        guard schedule.isEnabled,
              let due = AlarmSchedule(settings: schedule, clock: clock).due(previous: previous, now: now.wall) else { return }
        if let skipping = state.reminderLog.skipping, skipping <= due {
            state.reminderLog.skipping = nil
            if skipping == due { return }
        }
        guard now.wall - due <= Box.reminderLateSeconds, isQuietForReminder else { return }
        state.reminderLog.repeatsLeft = config.reminder.repeats
        showReminder(at: now, into: &out)
    }

    /// Nothing plays, no timer runs, the alarm is quiet and nobody is working the menu.
    private var isQuietForReminder: Bool {
        guard state.phase == .idle, state.session == nil else { return false }
        switch state.overlay {
        case .pages?, .timerChoice?: return false
        default: return true
        }
    }

    private mutating func showReminder(at now: Moment, into out: inout [Command]) {
        state.reminderLog.againAt = nil
        state.overlay = .reminder(until: now.uptime + config.reminder.noteSeconds)
        out.append(.playCue(.bell))
        recordNight(.reminderShown, at: now, into: &out)
    }

    /// The next instant the reminder chimes (wall), if it is on.
    public var nextReminder: Double? {
        let schedule = reminderSchedule
        guard schedule.isEnabled, let checked = state.reminderLog.checkedUntil else { return nil }
        return AlarmSchedule(settings: schedule, clock: clock).instant(after: checked)
    }

    /// The next reminder is to be skipped.
    var reminderSkipped: Bool {
        guard let skipping = state.reminderLog.skipping else { return false }
        return skipping == nextReminder
    }

    /// "Skip tonight" in the reminder's list: skips the next reminder, or takes the skip back.
    mutating func toggleReminderSkip() {
        if reminderSkipped {
            state.reminderLog.skipping = nil
        } else {
            state.reminderLog.skipping = nextReminder
            dropReminderRepeats()
        }
    }

    /// The knob pressed on the note: it goes, and comes back later (when repeats are left). The
    /// screen says when ("Again in 10 min"), or "Skipped tonight" when no repeat is left.
    mutating func reminderLater(at now: Moment) {
        state.overlay = nil
        scheduleReminderAgain(at: now)
        let again = config.reminder.againMinutes
        let text = state.reminderLog.againAt != nil
            ? config.words(.reminderAgainIn, ["minutes": again == again.rounded() ? String(Int(again)) : String(again)])
            : config.words(.skippedTonight)
        state.overlay = .message(text, until: now.uptime + config.display.messageSeconds)
    }

    /// The note was left alone: as "later".
    mutating func reminderNoteExpired(at now: Moment) {
        state.overlay = nil
        scheduleReminderAgain(at: now)
    }

    private mutating func scheduleReminderAgain(at now: Moment) {
        let again = config.reminder.againMinutes
        state.reminderLog.againAt = state.reminderLog.repeatsLeft > 0 && again > 0 ? now.uptime + again * 60 : nil
    }

    /// The knob held on the note: no more notes tonight.
    mutating func skipReminderTonight(at now: Moment, into out: inout [Command]) {
        dropReminderRepeats()
        state.overlay = .message(config.words(.skippedTonight), until: now.uptime + config.display.messageSeconds)
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
    }

    /// The note's "later" has come: it shows again if the box is still quiet; otherwise the owner
    /// has started something and it stays away.
    mutating func reminderAgain(at now: Moment, into out: inout [Command]) {
        state.reminderLog.againAt = nil
        guard isQuietForReminder else {
            dropReminderRepeats()
            return
        }
        state.reminderLog.repeatsLeft -= 1
        showReminder(at: now, into: &out)
    }

    /// No more notes tonight.
    mutating func dropReminderRepeats() {
        state.reminderLog.againAt = nil
        state.reminderLog.repeatsLeft = 0
    }
}
