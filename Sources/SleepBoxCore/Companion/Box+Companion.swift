/// The companion's switch, its epoch and the pairing: switched on and off at Settings > Connect or
/// from the control socket, a code drawn by the runner when the pairing page opens, tried by the
/// companion (`OwnerRequest.pair`).
extension Box {
    /// Switches the home network on or off, or forgets the paired devices (the epoch moves on).
    mutating func changeCompanion(_ change: CompanionChange, at now: Moment) {
        switch change {
        case .on:
            state.companion.enabled = true
            state.companion.known = true
        case .off:
            state.companion.enabled = false
            state.companion.pairing = nil
        case .forget:
            let range = CompanionState.epochRange
            state.companion.epoch = state.companion.epoch < range.upperBound ? state.companion.epoch + 1 : range.lowerBound
        }
    }

    /// How a try of `code` goes at `now` (changes nothing): the runner answers with it, the core
    /// carries it out (`tryPairing`).
    public func pairingVerdict(_ code: String, at now: Moment) -> PairingVerdict {
        let c = state.companion
        guard c.enabled else { return .switchedOff }
        guard let p = c.pairing, case .pairing? = pageStack.last, p.code != nil else { return .noCode }
        guard p.isLive, now.uptime < p.until else { return .lapsed }
        if code == p.code { return .paired(epoch: c.epoch) }
        return .wrong(triesLeft: p.triesLeft - 1)
    }

    /// A try of `code` from the companion: the right one pairs (the code is used up, the pages
    /// close on "Device paired"); a wrong one costs a try, the last voids the code.
    mutating func tryPairing(_ code: String, at now: Moment, into out: inout [Command]) {
        switch pairingVerdict(code, at: now) {
        case .paired:
            state.companion.pairing = nil
            state.overlay = .message(config.words(.devicePaired), until: now.uptime + config.display.messageSeconds)
            if config.audio.confirmationCues { out.append(.playCue(.tick)) }
        case .wrong(let left):
            state.companion.pairing?.triesLeft = left
            if left <= 0 { pairingLapsed(at: now) }
        case .switchedOff, .noCode, .lapsed:
            break
        }
    }

    /// Asks the runner for a new code (the pairing page opened, or a press after the code lapsed).
    mutating func drawPairingCode(at now: Moment, into out: inout [Command]) {
        state.companion.pairing = Pairing(code: nil, address: nil, until: now.uptime + CompanionState.pairingSeconds)
        out.append(.drawPairingCode)
    }

    /// The runner drew the code asked for: the page shows it for its time from now.
    mutating func pairingCodeDrawn(_ code: String, address: String?, at now: Moment) {
        guard let p = state.companion.pairing, p.code == nil, !p.lapsed, case .pairing? = pageStack.last,
              Pairing.isCode(code) else { return }
        state.companion.pairing = Pairing(code: code, address: address, until: now.uptime + CompanionState.pairingSeconds)
        showPages(pageStack, at: now)
    }

    /// The code shown lapsed (its time ran out, or its tries): the page says so, and closes as
    /// any page does if nothing more happens.
    mutating func pairingLapsed(at now: Moment) {
        guard state.companion.pairing != nil else { return }
        state.companion.pairing?.lapsed = true
        showPages(pageStack, at: now)
    }

    /// A pairing is good only while its page shows: leaving the page (back, closed, timed out, any
    /// other button) voids it.
    mutating func voidPairingOffPage() {
        guard state.companion.pairing != nil else { return }
        if case .pairing? = pageStack.last { return }
        state.companion.pairing = nil
    }

    /// The uptime the code shown lapses at (a deadline of the box's).
    var pairingLapses: Double? {
        guard let p = state.companion.pairing, p.isLive else { return nil }
        return p.until
    }

    /// The switch for the runner when it changed since `prior` (never for a box never switched on).
    func companionCommand(from prior: CompanionState) -> Command? {
        let now = state.companion
        guard now.enabled != prior.enabled || now.epoch != prior.epoch else { return nil }
        return .companion(now.link)
    }

    /// The panel stays lit while the alarm has the box or a pairing code shows.
    public var keepsPanelLit: Bool { state.isAlarmActive || pairingLapses != nil }
}
