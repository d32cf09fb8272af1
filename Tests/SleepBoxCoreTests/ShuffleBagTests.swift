import Foundation
import SleepBoxCore
import Testing

/// The shuffle bag on its own: no repeat until the pool is used up, never twice in a row.
@Suite struct ShuffleBagTests {
    @Test(arguments: 1...7)
    func everyRoundIsAPermutationAndNoItemFollowsItself(size: Int) throws {
        let pool = (0..<size).map { "item-\($0)" }
        for seed in UInt64(0)..<30 {
            var bag = ShuffleBag()
            var rng = SplitMix64(seed: seed)
            var picks: [ItemID] = []
            for _ in 0..<(size * 6) {
                guard let pick = bag.next(from: pool, using: &rng) else { break }
                picks.append(pick)
            }
            if size == 1 {
                // One item: it plays once, then never twice in a row.
                #expect(picks == ["item-0"])
                continue
            }
            #expect(picks.count == size * 6)
            for round in stride(from: 0, to: picks.count, by: size) {
                #expect(Set(picks[round..<round + size]) == Set(pool), "seed \(seed): \(picks)")
            }
            for i in 1..<picks.count { #expect(picks[i] != picks[i - 1], "seed \(seed): \(picks)") }
        }
    }

    @Test func theItemToAvoidIsNeverPicked() throws {
        let pool = ["a", "b", "c"]
        for seed in UInt64(0)..<50 {
            var bag = ShuffleBag()
            var rng = SplitMix64(seed: seed)
            var current = "b"
            for _ in 0..<12 {
                let pick = try #require(bag.next(from: pool, avoiding: current, using: &rng))
                #expect(pick != current)
                current = pick
            }
        }
    }

    @Test func avoidingTheOnlyItemGivesNothing() {
        var bag = ShuffleBag()
        var rng = SplitMix64(seed: 1)
        #expect(bag.next(from: ["a"], avoiding: "a", using: &rng) == nil)
        #expect(bag.next(from: [], using: &rng) == nil)
    }

    @Test func itemsLeavingThePoolAreDroppedAndNewOnesJoinTheNextRound() throws {
        var bag = ShuffleBag(upcoming: ["a", "b", "c"], last: nil)
        var rng = SplitMix64(seed: 5)
        #expect(bag.next(from: ["a", "b", "c", "d"], using: &rng) == "a")
        // "b" left the pool.
        #expect(bag.next(from: ["a", "c", "d"], using: &rng) == "c")
        #expect(bag.upcoming.isEmpty)
        // The next round holds the new "d" too.
        var round: [ItemID] = []
        for _ in 0..<3 { round.append(try #require(bag.next(from: ["a", "c", "d"], using: &rng))) }
        #expect(Set(round) == ["a", "c", "d"])
        #expect(round.first != "c")
    }

    @Test func theSameSeedGivesTheSameOrder() {
        func picks(_ seed: UInt64) -> [ItemID] {
            var bag = ShuffleBag()
            var rng = SplitMix64(seed: seed)
            return (0..<10).compactMap { _ in bag.next(from: ["a", "b", "c", "d"], using: &rng) }
        }
        #expect(picks(42) == picks(42))
        #expect(picks(42) != picks(43) || picks(42) != picks(44))
    }

    @Test func bagsAndGeneratorsSurviveJSON() throws {
        var bag = ShuffleBag()
        var rng = SplitMix64(seed: 0xFFFF_FFFF_FFFF_FFF0)
        _ = bag.next(from: ["a", "b", "c"], using: &rng)
        let bag2 = try JSONDecoder().decode(ShuffleBag.self, from: JSONEncoder().encode(bag))
        let rng2 = try JSONDecoder().decode(SplitMix64.self, from: JSONEncoder().encode(rng))
        #expect(bag2 == bag)
        #expect(rng2 == rng)
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }
}
