import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSystem

@Suite struct JSONValueTests {
    @Test(arguments: [(0.0, "0"), (1800, "1800"), (1.5, "1.5"), (0.15, "0.15"), (14.999_999_9, "15"), (-2.25, "-2.25"),
                      (0.0004, "0"), (1.0005, "1.001")])
    func numbersAreWrittenToTheMillisecond(value: Double, text: String) {
        #expect(JSONValue.number(value).serialized == text)
    }

    @Test(arguments: [(1e20, "1e+20"), (-1e308, "-1e+308"), (9.3e18, "9.3e+18")])
    func numbersTooLargeForMillisecondsAreWrittenWithoutTrapping(value: Double, text: String) {
        #expect(JSONValue.number(value).serialized == text)
    }

    @Test func objectsKeepTheirKeyOrderAndStringsAreEscaped() {
        let v = JSONValue.object([("z", .string("a \"quoted\"\nline\u{1}")), ("a", .array([.null, .bool(true)]))])
        #expect(v.serialized == #"{"z":"a \"quoted\"\nline\u0001","a":[null,true]}"#)
    }
}
