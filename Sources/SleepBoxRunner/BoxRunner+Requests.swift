import SleepBoxCore
import SleepBoxSystem

extension BoxRunner {
    /// The length of a short press, in seconds.
    static let pressSeconds = 0.15
    /// Seconds from one detent of a requested turn to the next, and between its four edges.
    static let detentSeconds = 0.04
    static let turnEdgeSeconds = 0.005

    /// Carries out `request` at `t`: presses, holds and turns become edges that happen from `t`
    /// on; the rest goes to the box at once. Returns nil when it was done, otherwise why not.
    @discardableResult
    public func perform(_ request: BoxRequest, at t: Moment) -> String? {
        switch request {
        case .status, .frame, .clockStatus, .nights:
            // Questions: the answer is read from the runner's state (`ControlProtocol`).
            break
        case .press(let b):
            schedule(InputDecoder.edges(forPress: b, at: t.uptime, length: Self.pressSeconds, bounce: devices.pressBounce))
        case .hold(let b, let seconds):
            schedule(InputDecoder.edges(forPress: b, at: t.uptime, length: seconds, bounce: devices.pressBounce))
        case .turn(let n):
            // A turn asked for while an earlier one's edges are still to come starts after them
            // (several keys in one read of a terminal, auto-repeat): edges of two turns at once
            // would interleave on the encoder's lines and cancel out.
            let start = max(t.uptime, lastPendingKnobEdge.map { $0 + Self.detentSeconds - 3 * Self.turnEdgeSeconds } ?? t.uptime)
            var edges: [(RawLine, Bool, Double)] = []
            for i in 0..<Int(n.magnitude) {
                edges += InputDecoder.edges(forTurn: n.signum(), startingAt: start + Double(i) * Self.detentSeconds,
                                            stepInterval: Self.turnEdgeSeconds)
            }
            schedule(edges)
        case .clock(let local):
            // A jump of the clock from outside the box (a script's "clock"): only a virtual
            // clock takes it; the owner's setting is `setClock`.
            guard clock.source == nil else { return "the wall clock is the system's; set it with setClock" }
            guard let wall = local.secondsSince1970(in: box.clock.timeZone) else {
                return "\(local) does not exist in \(box.clock.timeZone.identifier)"
            }
            do {
                _ = try clock.setWall(wall)
            } catch {
                return error.description
            }
            clockChanged(at: clock.now)
        case .setClock(let local):
            guard let wall = local.secondsSince1970(in: box.clock.timeZone) else {
                return "\(local) does not exist in \(box.clock.timeZone.identifier)"
            }
            // A time the clocks skip that night is refused, not moved on by the length of the gap.
            if let moved = local.skippedTime(in: box.clock.timeZone) {
                return "\(local) does not exist in \(box.clock.timeZone.identifier): the clocks go forward over it that night (it would be \(moved)); give a time before or after the gap"
            }
            lastClockSetting = nil
            deliver(.clockSetRequested(wall: wall), at: t)
            if case .failure(let error) = lastClockSetting { return error.description }
        case .alarmSlot(let slot, let change):
            return self.change(alarm: slot, change, at: t)
        case .setting(let key, let value):
            guard let setting = OwnerSetting.named(key) else {
                let keys = OwnerSetting.all.map(\.key)
                let guess = keys.first { $0.hasSuffix(key) || key.hasSuffix($0) }
                return "\"\(key)\" is not a setting (\(keys.joined(separator: ", ")))" + (guess.map { "; did you mean \"\($0)\"?" } ?? "")
            }
            if let value, setting.parse(value) == nil {
                return "\"\(value)\" is not a value of \(key) (\(setting.hint), or default)"
            }
            deliver(.settingChanged(key, value.flatMap(setting.parse)), at: t)
        case .volume(let p):
            deliver(.volumeSet(percent: p), at: t)
        case .light(let request):
            deliver(.lightRequested(request), at: t)
        case .play(let id):
            guard box.catalog.item(id) != nil else {
                return "there is no item \(Quoting.quoted(id)) in the library (sleepbox content list lists them)"
            }
            deliver(.ownerRequested(.play(id)), at: t)
        case .stop:
            deliver(.ownerRequested(.stop), at: t)
        case .reminder(let change):
            var r = box.reminderSchedule
            switch change {
            case .set(let h, let m, let days):
                r.hour = h
                r.minute = m
                r.isEnabled = true
                if let days { r.weekdays = days }
            case .enable(let on): r.isEnabled = on
            default: return "the bedtime reminder takes a time (with days), or on or off"
            }
            deliver(.ownerRequested(.reminder(r)), at: t)
        case .meditation(let change):
            switch change.applied(to: box.meditationChoice, sounds: box.config.meditation.sounds) {
            case .failure(let error): return error.message
            case .success(let choice?): deliver(.ownerRequested(.meditation(choice)), at: t)
            case .success(nil): deliver(.ownerRequested(.startMeditation), at: t)
            }
        case .snooze:
            switch box.state.phase {
            case .ringing, .greeting: deliver(.ownerRequested(.snooze), at: t)
            case .snoozed: return "the alarm is snoozed already"
            default: return "no alarm is ringing"
            }
        case .dismiss:
            guard box.state.phase.isAlarmActive else { return "no alarm is ringing or snoozed" }
            deliver(.ownerRequested(.dismiss), at: t)
        case .sleepTimer(let choice):
            if box.state.phase.isAlarmActive { return "an alarm is ringing; snooze or dismiss it first" }
            if choice == .off, box.state.timer == nil { return "no sleep timer is running" }
            deliver(.ownerRequested(.sleepTimer(choice)), at: t)
        case .companion(let change):
            if change == .forget, !box.state.companion.enabled { return BoxRequest.pairingRefusal(.switchedOff) }
            deliver(.ownerRequested(.companion(change)), at: t)
        case .companionAddress(let address):
            guard box.state.companion.enabled else { return BoxRequest.pairingRefusal(.switchedOff) }
            guard BoxRequest.isCompanionAddress(address) else { return "\"address\" must be host:port" }
            devices.companion.serving(at: address)
        case .pair(let code):
            guard Pairing.isCode(code) else { return "\"code\" must be six digits" }
            let verdict = box.pairingVerdict(code, at: t)
            switch verdict {
            case .paired, .wrong: deliver(.ownerRequested(.pair(code)), at: t)
            case .switchedOff, .noCode, .lapsed: break
            }
            return BoxRequest.pairingRefusal(verdict)
        case .soundDevice(let lost):
            guard devices.audio.injectFault(lost: lost) else { return "this sound output cannot lose its device" }
            serviceAudio(at: t)
        case .end:
            hasEnded = true
        }
        return nil
    }

    /// Carries out a change to the alarm in `slot` (0 is alarm 1); nil when done, else why not.
    private func change(alarm slot: Int, _ change: AlarmChange, at t: Moment) -> String? {
        guard box.state.alarms.indices.contains(slot) else {
            return "there is no alarm \(slot + 1); the box keeps alarms 1 to \(box.state.alarms.count)"
        }
        let current = box.state.alarms[slot]
        let name = slot == 0 ? "no alarm is set" : "alarm \(slot + 1) is not set"
        switch change {
        case .set(let h, let m, let days):
            var a = current ?? AlarmSettings(hour: h, minute: m)
            a.hour = h
            a.minute = m
            a.isEnabled = true
            if let days { a.weekdays = days }
            deliver(.alarmSlotEdited(slot, a), at: t)
        case .enable(let on):
            guard var a = current else { return name + "; set one with a time first" }
            a.isEnabled = on
            deliver(.alarmSlotEdited(slot, a), at: t)
        case .skipNext(let skip):
            guard var a = current else { return name }
            a.skipNext = skip
            deliver(.alarmSlotEdited(slot, a), at: t)
        case .clear:
            deliver(.alarmSlotEdited(slot, nil), at: t)
        case .sound, .rampSeconds, .snoozeMinutes, .volume, .dawnMinutes:
            guard var a = current else { return name + "; set one with a time first" }
            switch change {
            case .sound(let s): a.sound = s
            case .rampSeconds(let r): a.rampSeconds = r
            case .snoozeMinutes(let m): a.snoozeMinutes = m
            case .volume(let v): a.volume = v
            case .dawnMinutes(let m):
                a.dawn = m.map { $0 > 0 }
                a.dawnMinutes = m.flatMap { $0 > 0 ? $0 : nil }
            default: break
            }
            deliver(.alarmSlotEdited(slot, a), at: t)
        }
        return nil
    }
}
