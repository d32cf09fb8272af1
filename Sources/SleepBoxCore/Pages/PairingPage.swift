/// Settings > Connect > Pair a device: the code the companion's page asks for, big, with the
/// page's address and the time left. The code is good only while this page shows; once it lapsed
/// a press draws a new one.
public struct PairingPage: Sendable, Equatable, PageBehaviour {
    public init() {}

    var page: Page { .pairing(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        let title = words(.pairDevice)
        guard let p = box.state.companion.pairing, !p.lapsed else {
            return .pairing(PairingScreen(title: title, code: nil, lines: [words(.codeLapsed), words(.pressForNewCode)]))
        }
        guard let code = p.code else {
            return .pairing(PairingScreen(title: title, code: nil, lines: [words(.drawingCode)]))
        }
        let left = p.secondsLeft(at: now)
        let time = String(left / 60) + ":" + twoDigits(left % 60)
        return .pairing(PairingScreen(title: title, code: code, lines: [p.address ?? words(.noNetworkAddress),
                                                                        words(.pairingTimeLeft, ["time": time])]))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {}

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        guard box.state.companion.enabled else { return .back }
        if let p = box.state.companion.pairing, !p.lapsed { return .stay }
        box.drawPairingCode(at: now, into: &out)
        return .stay
    }
}

/// The pairing page as the panel shows it: the title, the code in big digits, and two lines (the
/// address and the time left; or, with no code, what to do).
public struct PairingScreen: Sendable, Equatable {
    public var title: String
    /// The six digits, or nil when no code shows.
    public var code: String?
    public var lines: [String]

    public init(title: String, code: String?, lines: [String]) {
        self.title = title
        self.code = code
        self.lines = lines
    }
}
