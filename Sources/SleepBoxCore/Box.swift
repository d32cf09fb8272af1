/// The sleep box's brain: a pure state machine. Each event, with the moment it happened, turns
/// into a new state and a list of commands for the drivers; nothing here reads a clock, touches
/// a device or draws a random number it was not given.
///
/// The drivers ask `nextDeadline` when to wake the box next and deliver `.timePassed` then.
public struct Box: Sendable {
    /// Everything the box knows; the feature files (`Box+Buttons`, `Box+Playback`, ...) change it.
    public internal(set) var state: BoxState
    /// The configuration in effect: the file's (`fileConfig`) with the owner's settings over it.
    public private(set) var config: BoxConfig
    /// The configuration as the file gives it (the settings' defaults).
    public private(set) var fileConfig: BoxConfig
    public internal(set) var catalog: Catalog
    public private(set) var clock: LocalClock
    /// The state folder cannot be written: the state lives in memory this run (nothing set
    /// survives a restart), and the idle screen says so. Set by the driver at start.
    public var stateNotSaved = false
    /// What the last save wrote, less what changes by itself (`Snapshot.settled`): a change from
    /// it is saved at once.
    private var lastSaved: Snapshot? = nil

    public init(config: BoxConfig, catalog: Catalog, seed: UInt64) {
        self.config = config
        self.fileConfig = config
        var catalog = catalog
        catalog.pools = config.pools
        self.catalog = catalog
        self.clock = LocalClock(timeZone: config.timeZone)
        self.state = BoxState(volume: config.audio.volume, alarms: config.alarms, seed: seed)
        self.lastSaved = settledSnapshot
    }

    /// Makes `config` the file's configuration with the owner's settings over it, and the clock
    /// its time zone.
    mutating func applySettings() {
        config = fileConfig.applying(state.settings)
        catalog.pools = config.pools
        // A running meditation timer follows the breathing tones' setting from its next step.
        if state.session?.kind == .meditation { state.session?.breathingCues = config.meditation.breathingCues }
        if config.timeZone != clock.timeZone { clock = LocalClock(timeZone: config.timeZone) }
        // The owner's mixes are listed by names in the box's language.
        syncOwnerMixItems()
    }

    // MARK: - Start and configuration

    /// Brings the box up at `now`, from a snapshot when there is one: the same item resumes at its
    /// saved position when it was playing and its timer has not run out; otherwise the box comes up
    /// idle. Alarms that fell due while it was down ring if at most `catch_up_minutes` late.
    public mutating func start(at now: Moment, restoring snapshot: Snapshot?) -> [Command] {
        var out: [Command] = []
        var prior = state
        if let s = snapshot {
            let continued = continuesTimerSession(s, at: now)
            if !continued { closeCrashedSession(s, into: &out) }
            restore(s, at: now, into: &out)
            if continued, let open = s.openSession, state.session != nil {
                // The timer goes on: its session too, with the time heard up to the save.
                state.openSession = open
                prior = state
            }
        }
        if let v = config.audio.startVolume { state.volume = min(100, max(0, v)) }
        capVolumeAtNight(at: now, into: &out)
        out.insert(.setVolume(percent: state.volume), at: 0)
        if state.alarmLog.checkedUntil == nil { state.alarmLog.checkedUntil = now.wall }
        if state.reminderLog.checkedUntil == nil { state.reminderLog.checkedUntil = now.wall }
        checkAlarm(at: now, into: &out)
        checkReminder(at: now, into: &out)
        trackHistory(from: prior, event: nil, at: now, into: &out)
        commandLight(at: now, into: &out)
        // The companion's switch as saved (its file does not outlive a reboot); none for a box
        // never switched on.
        if state.companion.known { out.append(.companion(state.companion.link)) }
        // A restored box saves at once: the save time and a caught-up position are new, and a
        // crash soon after must not fall back to the older save.
        if snapshot != nil { out.append(.persist) }
        state.lastPersistUptime = now.uptime
        lastSaved = settledSnapshot
        return withMixDefinitions(out)
    }

    /// Takes a reloaded configuration (SIGHUP). What plays goes on; an alarm edited in the file
    /// replaces the one in its slot; the volume keeps the knob's setting; a setting made on the
    /// box keeps winning over the file.
    /// (How long buttons are held is the input decoder's: give it `HoldTimings(newConfig)` too.)
    public mutating func reconfigure(_ newConfig: BoxConfig) {
        for slot in newConfig.alarms.indices where newConfig.alarms[slot] != fileConfig.alarms[slot] {
            state.alarms[slot] = newConfig.alarms[slot]
        }
        fileConfig = newConfig
        applySettings()
    }

    // MARK: - Events

    /// Handles one event at `now`: first every deadline that has come (each at its own time), then
    /// the alarm rule, then the event itself.
    public mutating func handle(_ event: Event, at now: Moment) -> [Command] {
        var out: [Command] = []
        let prior = state
        runDeadlines(upTo: now, into: &out)
        checkAlarm(at: now, into: &out)
        checkReminder(at: now, into: &out)
        let focus = config.menu.speakMenus && event.isInput ? spokenFocus(at: now) : nil
        switch event {
        case .buttonPressed(let b): buttonPressed(b, at: now, into: &out)
        case .buttonHeld(let b, let seconds): buttonHeld(b, for: seconds, at: now, into: &out)
        case .buttonReleased(let b): buttonReleased(b, at: now, into: &out)
        case .knobTurned(let d): knobTurned(d, at: now, into: &out)
        case .timePassed, .clockChanged: break
        case .itemFinished(let id): itemFinished(id, at: now, into: &out)
        case .itemFailed(let id, _): itemFailed(id, at: now, into: &out)
        case .positionReported(let id, let seconds): positionReported(id, seconds, at: now)
        case .speechFinished: speechFinished(at: now, into: &out)
        case .alarmEdited(let alarm): editAlarm(alarm)
        case .alarmSlotEdited(let slot, let alarm): editAlarm(alarm, slot: slot)
        case .settingChanged(let key, let value): changeSetting(key, to: value, at: now, into: &out)
        case .aboutFacts(let facts): state.about = facts
        case .volumeSet(let percent): setVolume(percent, at: now, into: &out)
        case .clockSourceChanged(let source): state.clockSource = source
        case .clockSetRequested(let wall): out.append(.setClock(wall: wall))
        case .clockSetFailed: clockSetFailed(at: now)
        case .audioAvailabilityChanged(let available):
            state.audioAvailable = available
            // Without sound the ring has the light and a blinking screen; with it back, as before.
            if available { state.light.ringWithoutSound = false } else { ringLostSound(at: now, into: &out) }
        case .speechPausesFound(let id, let pauses): state.speechPauses = SpeechPauses(item: id, pauses: pauses)
        case .lengthMeasured(let id, let seconds): lengthMeasured(id, seconds: seconds)
        case .captionsFound(let id, let lines): state.captions = Captions(item: id, lines: lines)
        case .historyLoaded(let records): for r in records { state.history.add(r) }
        case .lightRequested(let request): lightRequested(request, at: now)
        case .ownerRequested(let request): carryOut(request, at: now, into: &out)
        case .pairingCodeDrawn(let code, let address): pairingCodeDrawn(code, address: address, at: now)
        }
        voidPairingOffPage()
        if let link = companionCommand(from: prior.companion) { out.append(link) }
        if config.menu.speakMenus, event.isInput, let words = spokenChange(from: focus, to: spokenFocus(at: now)) {
            out.append(.speakMenu(words))
        }
        capVolumeAtNight(at: now, into: &out)
        trackHistory(from: prior, event: event, at: now, into: &out)
        commandLight(at: now, into: &out)
        let settled = settledSnapshot
        if settled != lastSaved || periodicPersistDue.map({ now.uptime >= $0 }) ?? false {
            out.append(.persist)
            state.lastPersistUptime = now.uptime
            lastSaved = settled
        }
        return withMixDefinitions(out)
    }

    // MARK: - Persistence policy

    /// While playing, progress is saved at this uptime (the same value wakes the box and is
    /// compared with the clock, so the two always agree); while a meditation timer or a nap runs,
    /// the time heard of its session, at the same interval (a crash then loses at most that much).
    var periodicPersistDue: Double? {
        state.phase.isContentSounding || state.session != nil
            ? state.lastPersistUptime + config.playback.persistIntervalSeconds : nil
    }

    /// What a save would write, less what changes by itself as time goes by (`Snapshot.settled`).
    /// It is taken at the moment 0 of both clocks, so its times are the uptimes themselves, to
    /// the bit: neither time going by nor a wall clock stepped or slewed between two events
    /// changes it.
    var settledSnapshot: Snapshot {
        snapshot(at: Moment(uptime: 0, wall: 0)).settled
    }
}
