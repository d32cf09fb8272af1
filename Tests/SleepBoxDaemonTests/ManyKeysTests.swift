import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxStore

/// An object with thousands of unknown keys costs no more than its size: a state file reads it in
/// one linear pass (within its 4 MB limit) and keeps the known fields; a control request that long
/// is refused by its length before it is parsed.
@Suite struct ManyKeysTests {
    private func unknownKeys(_ n: Int) -> String { (0..<n).map { "\"k\($0)\":1" }.joined(separator: ",") }

    @Test func aStateFileWithTwentyThousandUnknownKeysKeepsItsFields() throws {
        var box = Box(config: BoxConfig(), catalog: BuiltInCatalog.catalog, seed: 1)
        let now = Moment(uptime: 0, wall: 1_795_383_000)
        _ = box.start(at: now, restoring: nil)
        _ = box.handle(.buttonPressed(.leaf), at: now)
        let snapshot = box.snapshot(at: now.advanced(by: 42))
        var text = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
        text.insert(contentsOf: unknownKeys(20_000) + ",", at: text.index(after: text.startIndex))
        #expect(text.utf8.count <= StateStore.sizeLimit)
        let decoded = try StateStore.decode(Array(text.utf8)).get()
        #expect(decoded == StateStore.Decoded(snapshot: snapshot, rejected: []))
    }

    @Test func aControlRequestWithTwentyThousandKeysIsRefusedByItsLength() {
        let line = "{" + unknownKeys(20_000) + ",\"cmd\":\"status\"}"
        #expect(ControlProtocol.parse(line) == .failure(ControlError("request longer than 4096 bytes")))
    }
}
