import SleepBoxCore

/// Settings > Connect with the home network on, the pairing page (waiting for its code, the code
/// with the address, with none, near its end, lapsed), and the notices of a paired device and of
/// devices forgotten.
extension GoldenTour {
    /// Moves the menu's selection to the row that reads `label` and presses it.
    static func open(_ label: String, _ d: inout Driver) {
        guard let index = d.menu?.rows.firstIndex(where: { $0.label == label }) else { return }
        d.select(index)
        d.press()
    }

    /// Settings > Connect from the idle screen.
    func openConnect(_ d: inout Driver) {
        let words = d.box.config.words
        d.hold()
        GoldenTour.open(words(.settings), &d)
        GoldenTour.open(words(.connect), &d)
    }

    mutating func walkCompanion() {
        // No clock on these screens: the 24-hour tour has them.
        guard twentyFourHour else { return }
        let (box, now) = freshBox()
        var d = Driver(box: box, now: now)
        let words = d.box.config.words
        openConnect(&d)
        d.select(1)
        d.press()
        shoot(d, "connect-on")
        GoldenTour.open(words(.pairDevice), &d)
        shoot(d, "pairing-drawing")
        d.send(.pairingCodeDrawn(code: "482913", address: "192.168.1.20:8080"), after: 0.01)
        shoot(d, "pairing")
        d.wait(170)
        shoot(d, "pairing-ending")
        d.wait(11)
        shoot(d, "pairing-lapsed")
        d.press()
        d.send(.pairingCodeDrawn(code: "050607", address: nil), after: 0.01)
        shoot(d, "pairing-no-address")
        d.send(.ownerRequested(.pair("050607")))
        shoot(d, "paired")
        d.wait(5)
        openConnect(&d)
        GoldenTour.open(words(.forgetDevices), &d)
        shoot(d, "devices-forgotten")
    }
}
