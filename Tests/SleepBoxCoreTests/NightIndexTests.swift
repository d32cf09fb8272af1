import Foundation
import SleepBoxCore
import Testing

/// The history keeps its nights summed up as records are added; the statistics read them.
struct NightIndexTests {
    static func session(_ wall: Double, offset: Int = 3600, minutes: Double, id: String = "x") -> SessionRecord {
        SessionRecord(itemID: id, kind: "meditation", title: "X", startedAt: wall, startOffset: offset,
                      endedAt: wall + minutes * 60, endOffset: offset, heardSeconds: minutes * 60, ending: .finished)
    }

    /// Forty sessions over three weeks, some nights with two, one after a move to UTC-5 (an earlier
    /// night after a later one), added in a scrambled order.
    static func sessions() -> [SessionRecord] {
        let base = 1_795_000_000.0
        var out: [SessionRecord] = []
        for i in 0..<40 {
            let night = Double(i / 2) * 86_400
            let late = Double(i % 2) * 3 * 3_600
            let offset = i == 33 ? -18_000 : 3_600
            out.append(session(base + night + late + Double(i), offset: offset, minutes: Double(3 + (i * 7) % 20), id: "s\(i)"))
        }
        return out
    }

    @Test func theLogsNightsEqualThoseWorkedOutFromAllSessions() {
        let all = Self.sessions()
        var order = Array(all.indices)
        // A fixed scramble: most in order, some late arrivals (a store loaded out of order).
        for i in stride(from: 0, to: order.count - 5, by: 6) { order.swapAt(i, i + 5) }
        var log = HistoryLog()
        for i in order { log.add(.session(all[i])) }
        let fromLog = HistoryStats(log, streakMinutes: 10)
        let fromSessions = HistoryStats(sessions: all, streakMinutes: 10)
        #expect(fromLog.nights == fromSessions.nights)
        #expect(fromLog.countedNights == fromSessions.countedNights)
        let tonight = fromSessions.nights.last!.day
        #expect(fromLog.lastDays(30, tonight: tonight) == fromSessions.lastDays(30, tonight: tonight))
        #expect(fromLog.nights.map(\.sessions).reduce(0, +) == 40)
    }

    @Test func aSessionAddedToAnEarlierNightUpdatesIt() {
        let base = 1_795_000_000.0
        var log = HistoryLog()
        log.add(.session(Self.session(base + 86_400, minutes: 4)))
        log.add(.session(Self.session(base, minutes: 30)))
        log.add(.session(Self.session(base + 60, minutes: 2, id: "y")))
        let nights = log.nightIndex.nights
        #expect(nights.count == 2)
        #expect(nights[0].sessions == 2)
        #expect(nights[0].heardSeconds == 32 * 60)
        #expect(nights[0].longestHeard == 30 * 60)
        #expect(nights[1].sessions == 1)
    }
}
