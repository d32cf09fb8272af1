import SleepBoxCore

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
        case .status, .frame, .clockStatus:
            // Questions: the answer is read from the runner's state (`ControlProtocol`).
            break
        case .press(let b):
            schedule(InputDecoder.edges(forPress: b, at: t.uptime, length: Self.pressSeconds, bounce: devices.pressBounce))
        case .hold(let b, let seconds):
            schedule(InputDecoder.edges(forPress: b, at: t.uptime, length: seconds, bounce: devices.pressBounce))
        case .turn(let n):
            var edges: [(RawLine, Bool, Double)] = []
            for i in 0..<Int(n.magnitude) {
                edges += InputDecoder.edges(forTurn: n.signum(), startingAt: t.uptime + Double(i) * Self.detentSeconds,
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
            lastClockSetting = nil
            deliver(.clockSetRequested(wall: wall), at: t)
            if case .failure(let error) = lastClockSetting { return error.description }
        case .setAlarm(let h, let m, let days):
            var a = box.state.alarm ?? AlarmSettings(hour: h, minute: m)
            a.hour = h
            a.minute = m
            a.isEnabled = true
            if let days { a.weekdays = days }
            deliver(.alarmEdited(a), at: t)
        case .enableAlarm(let on):
            guard var a = box.state.alarm else { return "no alarm is set; set one with a time first" }
            a.isEnabled = on
            deliver(.alarmEdited(a), at: t)
        case .skipNextAlarm(let skip):
            guard var a = box.state.alarm else { return "no alarm is set" }
            a.skipNext = skip
            deliver(.alarmEdited(a), at: t)
        case .clearAlarm:
            deliver(.alarmEdited(nil), at: t)
        case .volume(let p):
            deliver(.volumeSet(percent: p), at: t)
        case .end:
            hasEnded = true
        }
        return nil
    }
}
