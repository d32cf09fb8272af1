import Testing
@testable import SleepBoxSystem

/// The one JSON reader: what it reads is what `JSONValue` writes, and it refuses text past its
/// limits with the column it stopped at.
@Suite struct JSONParserTests {
    private func parsed(_ text: String, _ limits: JSONParser.Limits = .line) throws(JSONParser.Failure) -> JSONValue {
        .object(try JSONParser.parseObject(text[...], limits: limits).map { ($0.key, $0.value) })
    }

    @Test func readsBackWhatTheWriterWrites() throws {
        let text = #"{"a":[1,2.5,-3,{"b":null,"c":[true,false]}],"d":"x\ny","e":{},"f":[]}"#
        #expect(try parsed(text).serialized == text)
        let value = try parsed(text)
        #expect(value["a"]?.array?.count == 4)
        #expect(value["d"]?.string == "x\ny")
        #expect(value["a"]?.array?[3]["c"]?.array == [.bool(true), .bool(false)])
    }

    @Test func takesValuesOnlyOfTheirOwnType() throws {
        let value = try parsed(#"{"n":1,"t":true,"s":"1","z":null,"big":1e300,"half":1.5}"#)
        #expect(value["n"]?.number == 1 && value["n"]?.bool == nil)
        #expect(value["t"]?.bool == true && value["t"]?.number == nil)
        #expect(value["s"]?.number == nil && value["s"]?.string == "1")
        #expect(value["z"]?.isNull == true)
        #expect(value["big"]?.wholeNumber(in: Int.min...Int.max) == nil)
        #expect(value["half"]?.wholeNumber(in: 0...2) == nil)
        #expect(value["n"]?.wholeNumber(in: 0...2) == 1)
        #expect(value["n"]?.wholeNumber(in: 2...3) == nil)
    }

    @Test func refusesTextPastItsLimits() {
        let limits = JSONParser.Limits(bytes: 40, depth: 2, members: 3)
        #expect(throws: JSONParser.Failure(column: 1, message: "longer than 40 bytes")) {
            try parsed(#"{"a":"" }"# + String(repeating: " ", count: 40), limits)
        }
        #expect(throws: JSONParser.Failure(column: 7, message: "nested too deeply")) { try parsed(#"{"a":[[1],[[2]]]}"#, limits) }
        #expect(throws: JSONParser.Failure(column: 20, message: "more than 3 keys in one object")) {
            try parsed(#"{"a":1,"b":2,"c":3,"d":4}"#, limits)
        }
        #expect(throws: JSONParser.Failure(column: 8, message: "the key \"a\" appears twice")) { try parsed(#"{"a":1,"a":2}"#) }
        #expect(throws: JSONParser.Failure(column: 8, message: "expected a key in double quotes")) { try parsed(#"{"a":1,}"#) }
    }
}
