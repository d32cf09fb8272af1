import Foundation
import Testing
import SleepBoxSystem

@Suite struct QuotingTests {
    @Test func plainText() {
        #expect(Quoting.quoted("6:75") == "\"6:75\"")
        #expect(Quoting.quoted("") == "\"\"")
        #expect(Quoting.quoted("é ☾") == "\"é ☾\"")
    }

    @Test func escapesKeepOneLine() {
        #expect(Quoting.quoted("say \"hi\"") == #""say \"hi\"""#)
        #expect(Quoting.quoted("a\\b") == #""a\\b""#)
        #expect(Quoting.quoted("a\nb\r\tc") == #""a\nb\r\tc""#)
        #expect(Quoting.quoted("\u{7}\u{0}\u{7F}") == #""\u0007\u0000\u007f""#)
    }

    @Test func appendsToALine() {
        var line = "{\"press\":"
        Quoting.appendQuoted("leaf", to: &line)
        #expect(line == "{\"press\":\"leaf\"")
    }

    @Test func isAJSONString() throws {
        let text = "a\"b\\c\nd\u{1}\u{7F}é"
        let data = Data(Quoting.quoted(text).utf8)
        #expect(try JSONDecoder().decode(String.self, from: data) == text)
    }
}
