import SleepBoxTOML

extension BoardProfile {
    /// The profile with each override's pin moved to the override's line: the configuration's
    /// `[pins]` table (`leaf = 23`) over the board's profile.
    ///
    /// Throws, naming the override's file and line, when an offset is outside `offsetRange` or
    /// when the result would put two pins on one line (a pin moved onto a line the profile gives
    /// another pin that was not moved away, or two pins moved onto the same line). A later
    /// override of the same pin wins.
    public func applying(_ overrides: [BoardPinOverride]) throws(BoardProfileError) -> BoardProfile {
        var issues: [FileIssue] = []
        var result = self
        var applied: [BoardPin: (override: BoardPinOverride, index: Int)] = [:]
        for (index, override) in overrides.enumerated() {
            guard Self.offsetRange.contains(override.offset), let offset = UInt32(exactly: override.offset) else {
                let range = "\(Self.offsetRange.lowerBound) to \(Self.offsetRange.upperBound)"
                issues.append(issue(.outOfRange, override, "\(override.offset) is out of range (\(range))"))
                continue
            }
            result.pins.set(override.pin, to: offset)
            applied[override.pin] = (override, index)
        }

        // Pins the profile placed come first, so an override is blamed for taking their line.
        let ordered = result.pins.assigned.sorted { a, b in
            rank(a.pin, applied) < rank(b.pin, applied)
        }
        var owners: [UInt32: BoardPin] = [:]
        for (pin, offset) in ordered {
            guard let owner = owners[offset] else {
                owners[offset] = pin
                continue
            }
            let text = "line \(offset) is already \(owner.key)'s (\(location(of: owner, applied))); every pin needs its own line"
            if let moved = applied[pin] {
                issues.append(issue(.duplicateLine, moved.override, text))
            } else {
                issues.append(FileIssue(kind: .duplicateLine, path: path ?? name, line: pinLines[pin],
                                                key: "pins.\(pin.key)", message: "[pins] \(pin.key): \(text)"))
            }
        }
        guard issues.isEmpty else { throw BoardProfileError(issues: issues) }
        for (pin, moved) in applied {
            result.pinLines[pin] = moved.override.line
        }
        return result
    }

    /// Sort key: pins from the profile (in `BoardPin` order), then overrides by where they were
    /// written.
    private func rank(_ pin: BoardPin, _ applied: [BoardPin: (override: BoardPinOverride, index: Int)]) -> (Int, Int, Int) {
        let order = BoardPin.allCases.firstIndex(of: pin) ?? 0
        guard let moved = applied[pin] else { return (0, order, 0) }
        return (1, moved.override.line ?? Int.max, moved.index)
    }

    /// `sleepbox.toml:40` for an override, `board/pi-4.toml:20` for a pin of the profile.
    private func location(of pin: BoardPin, _ applied: [BoardPin: (override: BoardPinOverride, index: Int)]) -> String {
        if let moved = applied[pin] {
            let file = moved.override.path ?? "configuration"
            return moved.override.line.map { "\(file):\($0)" } ?? file
        }
        let file = path ?? "profile \(name)"
        return pinLines[pin].map { "\(file):\($0)" } ?? file
    }

    private func issue(_ kind: FileIssue.Kind, _ override: BoardPinOverride, _ text: String) -> FileIssue {
        FileIssue(kind: kind, path: override.path ?? "configuration", line: override.line,
                          key: "pins.\(override.pin.key)", message: "[pins] \(override.pin.key): \(text)")
    }
}
