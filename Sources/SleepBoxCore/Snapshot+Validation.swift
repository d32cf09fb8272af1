extension Snapshot {
    /// Wall times a state file may hold: from 1970 to the year 3000. Anything else was not
    /// written by a box, and would overflow the conversions of times to whole seconds.
    public static let wallTimeRange = 0.0...32_503_680_000
    /// Positions and lengths in seconds: at most a year, the longest item (`ContentItem.maximumSeconds`).
    public static let secondsRange = 0.0...ContentItem.maximumSeconds
    /// Timer lengths in minutes, as the config file allows them (more than 0, at most a day).
    public static let timerMinutesRange = 0.0...1_440
    /// Item ids and titles longer than this were not written by a box: the library refuses a
    /// longer title where it reads it (`ContentItem.maximumTextBytes`, the same number).
    public static let maximumTextLength = ContentItem.maximumTextBytes

    /// This snapshot with every field that a box could not have written taken out, field by
    /// field, and the reason for each one taken out (`volume: 1000 is not 0...100`). A field taken
    /// out falls back to what a box without that field does: no item, no timer, the config's
    /// volume and alarm, no snooze.
    ///
    /// Every number is checked before anything converts it, so a restored box never meets a time
    /// or a length it cannot handle.
    public func validated() -> (snapshot: Snapshot, rejected: [String]) {
        var s = self
        var rejected: [String] = []
        func reject(_ field: String, _ reason: String) { rejected.append("\(field): \(reason)") }

        if !Self.isWallTime(savedAt) {
            reject("savedAt", "\(savedAt) is not a wall time")
            s.savedAt = 0
        }
        if let item {
            if let problem = Self.idProblem(item.id) {
                reject("item.id", problem)
                s.item = nil
            } else if !Self.secondsRange.contains(item.position) {
                reject("item.position", "\(item.position) is not a position in seconds (0 to a year)")
                s.item = nil
            } else if let heard = item.heard, !Self.secondsRange.contains(heard) {
                reject("item.heard", "\(heard) is not a position in seconds (0 to a year)")
                s.item?.heard = nil
            }
        }
        if let timer, let problem = Self.timerProblem(timer) {
            reject("timer", problem)
            s.timer = nil
        } else if let deadline = timer?.deadline, deadline > s.savedAt + Self.secondsRange.upperBound / 365 * 2 {
            // The longest timer is a day: a deadline further from the save was not set by a box.
            reject("timer", "deadline \(deadline) is more than two days after the save (\(s.savedAt))")
            s.timer = nil
        }
        if let problem = Self.choiceProblem(timerPreference) {
            reject("timerPreference", problem)
            s.timerPreference = .off
        }
        if let alarm, let problem = Self.alarmProblem(alarm) {
            reject("alarm", problem)
            s.alarm = nil
            // The config's alarm takes its place.
            s.configuredAlarm = nil
        }
        if let configuredAlarm, let problem = Self.alarmProblem(configuredAlarm) {
            reject("configuredAlarm", problem)
            s.configuredAlarm = nil
        }
        if let alarms {
            if alarms.count > BoxConfig.alarmSlots {
                reject("alarms", "\(alarms.count) alarms; the box keeps \(BoxConfig.alarmSlots)")
                s.alarms = Array(alarms.prefix(BoxConfig.alarmSlots))
            }
            for (slot, alarm) in (s.alarms ?? []).enumerated() {
                guard let alarm, let problem = Self.alarmProblem(alarm) else { continue }
                reject("alarms[\(slot + 1)]", problem)
                s.alarms?[slot] = nil
                // The config's alarm takes its place.
                if s.configuredAlarms?.indices.contains(slot) ?? false { s.configuredAlarms?[slot] = Optional<AlarmSettings>.none }
                if slot == 0 { s.configuredAlarm = nil }
            }
        }
        if let configuredAlarms, configuredAlarms.contains(where: { $0.map { Self.alarmProblem($0) != nil } ?? false }) {
            reject("configuredAlarms", "an alarm that is not one")
            s.configuredAlarms = nil
        }
        if let ringingAlarm, !(0..<BoxConfig.alarmSlots).contains(ringingAlarm) {
            reject("ringingAlarm", "\(ringingAlarm) is not an alarm slot (0 to \(BoxConfig.alarmSlots - 1))")
            s.ringingAlarm = nil
        }
        // What reading the file could not take as a setting was left out then; said here.
        for unread in settings?.unread ?? [] { reject("settings.\(Self.shortened(unread.key))", unread.reason) }
        s.settings?.unread = []
        for (name, value) in [("checkedUntil", alarmLog.checkedUntil), ("lastHandled", alarmLog.lastHandled),
                              ("lastMissed", alarmLog.lastMissed), ("lastSkipped", alarmLog.lastSkipped)] {
            guard let value, !Self.isWallTime(value) else { continue }
            reject("alarmLog.\(name)", "\(value) is not a wall time")
            switch name {
            case "checkedUntil": s.alarmLog.checkedUntil = nil
            case "lastHandled": s.alarmLog.lastHandled = nil
            case "lastMissed": s.alarmLog.lastMissed = nil
            default: s.alarmLog.lastSkipped = nil
            }
        }
        if let untold = alarmLog.untold, !Self.isWallTime(untold.instant) || !(0..<BoxConfig.alarmSlots).contains(untold.slot) {
            reject("alarmLog.untold", "not a missed alarm (a wall time and an alarm slot)")
            s.alarmLog.untold = nil
        }
        if let ringingSince, !Self.isWallTime(ringingSince) {
            reject("ringingSince", "\(ringingSince) is not a wall time")
            s.ringingSince = nil
        }
        if let snoozedUntil {
            if !Self.isWallTime(snoozedUntil) {
                reject("snoozedUntil", "\(snoozedUntil) is not a wall time")
                s.snoozedUntil = nil
            } else if s.alarm == nil && (s.alarms ?? []).allSatisfy({ $0 == nil }) {
                reject("snoozedUntil", "a snooze without an alarm")
                s.snoozedUntil = nil
            } else if s.ringingSince != nil {
                reject("snoozedUntil", "ringing and snoozed at once")
                s.snoozedUntil = nil
            }
        }
        if let session, let problem = Self.sessionProblem(session) {
            reject("session", problem)
            s.session = nil
        }
        if let open = openSession, let problem = Self.openSessionProblem(open, savedAt: savedAt) {
            reject("openSession", problem)
            s.openSession = nil
        }
        if let reminder, let problem = Self.alarmProblem(reminder) {
            reject("reminder", problem)
            s.reminder = nil
        }
        if let choice = meditationChoice, let problem = Self.choiceProblem(choice) {
            reject("meditationChoice", problem)
            s.meditationChoice = nil
        }
        if let log = reminderLog {
            for (name, value) in [("checkedUntil", log.checkedUntil), ("skipping", log.skipping)] {
                guard let value, !Self.isWallTime(value) else { continue }
                reject("reminderLog.\(name)", "\(value) is not a wall time")
                if name == "checkedUntil" { s.reminderLog?.checkedUntil = nil } else { s.reminderLog?.skipping = nil }
            }
        }
        if !(0...100).contains(volume) {
            reject("volume", "\(volume) is not 0...100")
            // Never equal to a configured volume: the config's volume is used.
            s.volume = -1
            s.configuredVolume = -1
        } else if !(0...100).contains(configuredVolume) {
            reject("configuredVolume", "\(configuredVolume) is not 0...100")
            s.configuredVolume = -1
        }
        if let lastTitle, lastTitle.utf8.count > Self.maximumTextLength {
            reject("lastTitle", "longer than \(Self.maximumTextLength) bytes")
            s.lastTitle = nil
        }
        for (id, entry) in progress {
            let problem = Self.idProblem(id)
                ?? (Self.secondsRange.contains(entry.position) ? nil : "position \(entry.position) is not 0 to a year")
                ?? (Self.secondsRange.contains(entry.duration) ? nil : "duration \(entry.duration) is not 0 to a year")
                ?? (Self.isWallTime(entry.updated) ? nil : "updated \(entry.updated) is not a wall time")
            if let problem {
                reject("progress[\(Self.shortened(id))]", problem)
                s.progress[id] = nil
            }
        }
        for (id, seconds) in measuredLengths ?? [:] {
            if let problem = Self.idProblem(id) ?? (Self.secondsRange.contains(seconds) && seconds > 0 ? nil : "\(seconds) s is not more than 0 and at most a year") {
                reject("measuredLengths[\(Self.shortened(id))]", problem)
                s.measuredLengths?[id] = nil
            }
        }
        if let favorites, let bad = favorites.first(where: { Self.idProblem($0) != nil }) {
            reject("favorites", "\"\(Self.shortened(bad))\" is not an item id")
            s.favorites = favorites.filter { Self.idProblem($0) == nil }
        }
        for (name, bag) in shuffle {
            let ids = bag.upcoming + (bag.last.map { [$0] } ?? [])
            if Mode(rawValue: name) == nil || ids.contains(where: { Self.idProblem($0) != nil }) {
                reject("shuffle.\(Self.shortened(name))", "not a mode with item ids")
                s.shuffle[name] = nil
            }
        }
        if let companion, !CompanionState.epochRange.contains(companion.epoch) {
            let range = CompanionState.epochRange
            reject("companion.epoch", "\(companion.epoch) is not \(range.lowerBound)...\(range.upperBound); the home network stays off")
            s.companion = CompanionSnapshot(enabled: false, epoch: range.lowerBound)
        }
        if let mixes {
            let checked = Self.checkedMixes(mixes)
            for (field, reason) in checked.rejected { reject(field, reason) }
            s.mixes = checked.mixes.isEmpty ? nil : checked.mixes
        }
        return (s, rejected)
    }

    /// The owner's mixes a box could have saved: a mix with a number out of range or taken
    /// before, or with no layer left, is set aside; a name not offered becomes the numbered
    /// name; a layer naming no sound, another owner's mix, a sound twice, or a level out of
    /// range or off the knob's steps is left out; layers and mixes beyond the most a box keeps too.
    static func checkedMixes(_ mixes: [OwnerMix]) -> (mixes: [OwnerMix], rejected: [(String, String)]) {
        var kept: [OwnerMix] = []
        var rejected: [(String, String)] = []
        for (index, original) in mixes.enumerated() {
            let field = "mixes[\(index + 1)]"
            guard kept.count < OwnerMix.maximumCount else {
                rejected.append((field, "more than \(OwnerMix.maximumCount) mixes; the box keeps \(OwnerMix.maximumCount)"))
                continue
            }
            guard (1...OwnerMix.maximumCount).contains(original.number) else {
                rejected.append((field + ".number", "\(original.number) is not 1 to \(OwnerMix.maximumCount)"))
                continue
            }
            guard !kept.contains(where: { $0.number == original.number }) else {
                rejected.append((field + ".number", "\(original.number) is taken by an earlier mix"))
                continue
            }
            var mix = original
            if let name = mix.name, !OwnerMix.names.contains(name) {
                rejected.append((field + ".name", "\"\(shortened(name))\" is not one of \(OwnerMix.names.joined(separator: ", "))"))
                mix.name = nil
            }
            var layers: [OwnerMix.Layer] = []
            for (n, layer) in original.layers.enumerated() {
                let place = field + ".layers[\(n + 1)]"
                let problem: String?
                if layers.count >= OwnerMix.maximumLayers {
                    problem = "a mix has at most \(OwnerMix.maximumLayers) layers"
                } else if let idProblem = idProblem(layer.sound) {
                    problem = "sound: " + idProblem
                } else if OwnerMix.isOwnerID(layer.sound) {
                    problem = "sound \"\(shortened(layer.sound))\" is a mix; a layer plays a sound"
                } else if layers.contains(where: { $0.sound == layer.sound }) {
                    problem = "sound \"\(shortened(layer.sound))\" is in the mix already"
                } else if !OwnerMix.levelRange.contains(layer.levelDB) || layer.levelDB % OwnerMix.levelStep != 0 {
                    problem = "level \(layer.levelDB) dB is not \(OwnerMix.levelRange.lowerBound) to \(OwnerMix.levelRange.upperBound) in steps of \(OwnerMix.levelStep)"
                } else {
                    problem = nil
                }
                if let problem { rejected.append((place, problem)) } else { layers.append(layer) }
            }
            guard !layers.isEmpty else {
                rejected.append((field, "no layer left to play: the mix is set aside"))
                continue
            }
            mix.layers = layers
            kept.append(mix)
        }
        return (kept.sorted { $0.number < $1.number }, rejected)
    }

    static func isWallTime(_ value: Double) -> Bool { wallTimeRange.contains(value) }

    static func idProblem(_ id: ItemID) -> String? {
        if id.isEmpty { return "an empty item id" }
        if id.utf8.count > maximumTextLength { return "an item id longer than \(maximumTextLength) bytes" }
        return nil
    }

    static func choiceProblem(_ choice: TimerChoice) -> String? {
        guard case .minutes(let m) = choice else { return nil }
        guard timerMinutesRange.contains(m), m > 0 else {
            return "\(m) minutes is not a timer length (more than 0, at most \(Int(timerMinutesRange.upperBound)))"
        }
        return nil
    }

    static func timerProblem(_ timer: TimerSnapshot) -> String? {
        if let problem = choiceProblem(timer.choice) { return problem }
        if let deadline = timer.deadline, !isWallTime(deadline) { return "deadline \(deadline) is not a wall time" }
        if let length = timer.length, !secondsRange.contains(length) { return "length \(length) is not 0 to a year" }
        return nil
    }

    static func sessionProblem(_ session: SessionSnapshot) -> String? {
        if !isWallTime(session.startedAt) { return "startedAt \(session.startedAt) is not a wall time" }
        guard session.length > 0, session.length <= timerMinutesRange.upperBound * 60 else {
            return "length \(session.length) is not a timer length in seconds (more than 0, at most a day)"
        }
        let bellSeconds = MeditationSettings.bellMinutesRange.lowerBound * 60...MeditationSettings.bellMinutesRange.upperBound * 60
        if let every = session.bellEvery, !(bellSeconds.contains(every) && every <= session.length) {
            return "bellEvery \(every) is not \(Int(bellSeconds.lowerBound)) to \(Int(bellSeconds.upperBound)) seconds and at most the length"
        }
        if let sound = session.sound, let problem = idProblem(sound) { return "sound: " + problem }
        return nil
    }

    /// The session being heard: its item id, its start (not after the save) and the time heard
    /// (not more than the time since its start).
    static func openSessionProblem(_ open: OpenSession, savedAt: Double) -> String? {
        if let problem = idProblem(open.itemID) { return "itemID: " + problem }
        if !isWallTime(open.startedAt) || open.startedAt > savedAt + 1 {
            return "startedAt \(open.startedAt) is not a wall time before the save"
        }
        guard open.heard.isFinite, open.heard >= 0, open.heard <= savedAt - open.startedAt + 1 else {
            return "heard \(open.heard) is not the seconds heard since its start"
        }
        // Compared, never negated: abs(Int.min) traps.
        guard open.startOffset > -24 * 3600, open.startOffset < 24 * 3600 else {
            return "startOffset \(open.startOffset) is not a time zone's offset"
        }
        if open.title.utf8.count > maximumTextLength { return "title longer than \(maximumTextLength) bytes" }
        if open.kind.utf8.count > 40 { return "kind longer than 40 bytes" }
        return nil
    }

    static func choiceProblem(_ choice: MeditationChoice) -> String? {
        guard choice.minutes > 0, timerMinutesRange.contains(choice.minutes) else {
            return "\(choice.minutes) minutes is not a timer length (more than 0, at most \(Int(timerMinutesRange.upperBound)))"
        }
        guard MeditationSettings.isBellSetting(minutes: choice.bellEveryMinutes), choice.bellEveryMinutes <= choice.minutes else {
            let range = MeditationSettings.bellMinutesRange
            return "a bell every \(choice.bellEveryMinutes) minutes is not 0 (none) or \(Int(range.lowerBound)) to \(Int(range.upperBound)) and at most the length"
        }
        if let sound = choice.sound, let problem = idProblem(sound) { return "sound: " + problem }
        if let pattern = choice.pattern, BreathStep.pattern(pattern) == nil {
            return "\"\(shortened(pattern))\" is not a breathing pattern (2 to 4 lengths in seconds joined by dashes, such as 4-7-8)"
        }
        return nil
    }

    static func alarmProblem(_ alarm: AlarmSettings) -> String? {
        guard (0...23).contains(alarm.hour), (0...59).contains(alarm.minute) else {
            return "\(alarm.hour):\(alarm.minute) is not a time of day (00:00 to 23:59)"
        }
        guard alarm.weekdays.allSatisfy({ (1...7).contains($0) }) else {
            return "weekdays \(alarm.weekdays.sorted()) are not 1 (Sunday) to 7 (Saturday)"
        }
        if let sound = alarm.sound, !AlarmSettings.sounds.contains(sound) {
            return "sound \"\(shortened(sound))\" is not one of \(AlarmSettings.sounds.joined(separator: ", "))"
        }
        if let v = alarm.volume, !(0...100).contains(v) { return "volume \(v) is not 0...100" }
        if let r = alarm.rampSeconds, !(0...1800).contains(r) { return "ramp \(r) s is not 0 to 1800" }
        if let m = alarm.snoozeMinutes, !(m > 0 && m <= 60) { return "snooze \(m) min is not more than 0, at most 60" }
        return nil
    }

    /// `text` cut to a length fit for a log line.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "..."
    }
}
