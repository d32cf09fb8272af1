/// Everything needed to come back after a crash or a power cut, as it is written to `state.json`.
/// Times are wall-clock seconds since 1970 (the monotonic clock starts anew at boot).
public struct Snapshot: Sendable, Equatable, Codable {
    /// The format's version; a file with another version is set aside, never misread.
    public static let currentVersion = 1

    public var version: Int = Snapshot.currentVersion
    /// Wall time of the save.
    public var savedAt: Double
    public var mode: Mode
    public var lastMode: Mode
    public var item: ItemSnapshot?
    public var timer: TimerSnapshot?
    public var timerPreference: TimerChoice
    public var alarm: AlarmSettings?
    /// The config file's alarm when this was saved: a config edited since then wins over `alarm`.
    public var configuredAlarm: AlarmSettings?
    public var alarmLog: AlarmLog
    /// Wall time a ring started, while ringing.
    public var ringingSince: Double?
    /// Wall time a snoozed alarm rings again.
    public var snoozedUntil: Double?
    public var volume: Int
    /// The config file's volume when this was saved: a config edited since then wins.
    public var configuredVolume: Int
    public var contentCompleted: Bool
    public var lastTitle: String?
    public var progress: [ItemID: ProgressEntry]
    /// The owner's favourites (absent in files written before favourites existed).
    public var favorites: [ItemID]?
    /// Shuffle bags by mode name, so a restart does not repeat items.
    public var shuffle: [String: ShuffleBag]
    public var rng: SplitMix64
    /// Real lengths measured by the audio side, by item (absent in files written before they
    /// were kept, and when none is known).
    public var measuredLengths: [ItemID: Double]? = nil
    /// A meditation timer or a nap running (absent in files written before timers existed).
    public var session: SessionSnapshot?
    /// The meditation timer and the bedtime reminder as set up on the box (absent: the
    /// configuration's).
    public var meditationChoice: MeditationChoice?
    public var reminder: AlarmSettings?
    /// What the bedtime reminder has done (its check time and a "skip tonight").
    public var reminderLog: ReminderLog?

    /// A meditation timer or a nap, in wall time.
    public struct SessionSnapshot: Sendable, Equatable, Codable {
        public var kind: TimerSession.Kind
        /// Wall time it started.
        public var startedAt: Double
        /// Its length in seconds.
        public var length: Double
        /// The bed, the guide on or off, seconds between interval bells.
        public var sound: String?
        public var guide: Bool
        public var bellEvery: Double?

        public init(kind: TimerSession.Kind, startedAt: Double, length: Double, sound: String?, guide: Bool,
                    bellEvery: Double?) {
            self.kind = kind
            self.startedAt = startedAt
            self.length = length
            self.sound = sound
            self.guide = guide
            self.bellEvery = bellEvery
        }
    }
    /// Every alarm slot (absent in files written before several alarms: `alarm` is slot 1).
    public var alarms: [AlarmSettings?]? = nil
    /// The config file's alarms when this was saved: a slot edited in the file since wins.
    public var configuredAlarms: [AlarmSettings?]? = nil
    /// The slot of the alarm that rang last (its snooze and sound).
    public var ringingAlarm: Int? = nil
    /// The owner's settings made on the box (`BoxState.settings`), by the configuration's keys
    /// (absent in files written before them).
    public var settings: OwnerSettings? = nil
    /// The mixes the owner made on the box (absent in files written before them, and when none).
    public var mixes: [OwnerMix]? = nil
    /// The session being heard at the save, with the time heard up to it (absent when none, and
    /// in files written before the history).
    public var openSession: OpenSession? = nil
    /// The companion's switch and epoch (absent for a box never switched on, and in files written
    /// before the companion); the pairing is never saved.
    public var companion: CompanionSnapshot? = nil

    public struct CompanionSnapshot: Sendable, Equatable, Codable {
        public var enabled: Bool
        public var epoch: Int

        public init(enabled: Bool, epoch: Int) {
            self.enabled = enabled
            self.epoch = epoch
        }
    }

    /// This snapshot without what changes by itself as time goes by: the save's time, the
    /// position of the item playing (and how far it was heard, and its entry in `progress`), the
    /// time heard of the open session, and the times up to which the alarms and the reminder were
    /// looked at. Every other field is a change worth saving at once (`Box.handle`): a field
    /// added to the snapshot is one too, without being listed anywhere.
    public var settled: Snapshot {
        var s = self
        s.savedAt = 0
        if let id = item?.id { s.progress[id] = nil }
        s.item?.position = 0
        s.item?.heard = nil
        s.alarmLog.checkedUntil = nil
        s.reminderLog?.checkedUntil = nil
        s.openSession?.heard = 0
        return s
    }

    public struct ItemSnapshot: Sendable, Equatable, Codable {
        public var id: ItemID
        public var position: Double
        /// True when it was playing (or fading), false when paused.
        public var playing: Bool
        /// How far the sleeper is known to have heard it, when that is beyond `position`: it
        /// resumed a little before that after a crash and has not got back there yet. The next
        /// restore resumes before this, not before `position` (absent in older files).
        public var heard: Double? = nil
    }

    public struct TimerSnapshot: Sendable, Equatable, Codable {
        public var choice: TimerChoice
        /// Wall time it runs out; nil for End of content.
        public var deadline: Double?
        public var length: Double?
    }
}
