import SleepBoxSystem
import Testing
@testable import SleepBoxCompanion

@Suite("HomeAssistant")
struct HomeAssistantTests {
    let ha = HomeAssistant(id: "sleepbox_0123456789ab", hasLight: true, version: "0.1.0")

    @Test func theIdIsStableAndShort() {
        let id = HomeAssistant.id(machineID: "0123456789abcdef0123456789abcdef\n")
        #expect(id == HomeAssistant.id(machineID: "0123456789abcdef0123456789abcdef"))
        #expect(id.count == "sleepbox_".count + 12 && id.hasPrefix("sleepbox_"))
    }

    @Test func discoveryNamesEveryComponentOnce() throws {
        let d = ha.discovery()
        let components = try #require(d["components"])
        #expect(components.keys.count == 1 + 8 + 6 + 2)
        for key in components.keys {
            #expect(components[key]?["unique_id"]?.string == "sleepbox_0123456789ab_\(key)")
            #expect(components[key]?["platform"] != nil)
        }
        #expect(components["next_alarm"]?["device_class"]?.string == "timestamp")
        let dark = HomeAssistant(id: "x", hasLight: false, version: "0").discovery()
        #expect(dark["components"]?["light"] == nil && dark["components"]?["start_dawn"] == nil)
    }

    @Test func commandsAreTheSocketsRequests() {
        func req(_ t: String, _ p: String) -> [String]? {
            try? ha.requests(topic: "sleepbox/sleepbox_0123456789ab/" + t, payload: p, status: nil).get().map(\.serialized)
        }
        #expect(req("volume/set", "35") == [#"{"cmd":"volume","percent":35}"#])
        #expect(req("volume/set", "135") == nil)
        #expect(req("alarm/2/set", "OFF") == [#"{"cmd":"alarm","alarm":2,"enabled":false}"#])
        #expect(req("alarm/1/time/set", "06:45") == [#"{"cmd":"alarm","alarm":1,"time":"06:45","days":["daily"]}"#])
        #expect(req("alarm/1/time/set", "6:45") == nil)
        #expect(req("light/set", #"{"state":"ON","brightness":40,"color_temp":2700}"#) == [#"{"cmd":"light","set":40,"kelvin":2700}"#])
        #expect(req("light/set", #"{"state":"OFF"}"#) == [#"{"cmd":"light","set":"off"}"#])
        #expect(req("dawn", "PRESS") == [#"{"cmd":"light","set":"dawn"}"#])
        #expect(req("skip_next", "PRESS") == nil)
        #expect(req("nothing/set", "1") == nil)
    }

    @Test func statesAndEvents() {
        let status: JSONValue = .object([("nextRingAt", .string("2026-11-30T06:45:00+01:00")), ("volume", .number(30)),
                                         ("alarms", .array([.object([("time", .string("06:45")), ("enabled", .bool(true))])])),
                                         ("light", .object([("lstar", .number(40.2)), ("kelvin", .number(2700))]))])
        let states = Dictionary(ha.states(status).map { ($0.topic, $0.payload) }, uniquingKeysWith: { a, _ in a })
        #expect(states["sleepbox/sleepbox_0123456789ab/next_alarm"] == "2026-11-30T06:45:00+01:00")
        #expect(states["sleepbox/sleepbox_0123456789ab/alarm/1/enabled"] == "ON")
        #expect(states["sleepbox/sleepbox_0123456789ab/alarm/2/enabled"] == "OFF")
        #expect(states["sleepbox/sleepbox_0123456789ab/playing"] == "Nothing")
        #expect(states["sleepbox/sleepbox_0123456789ab/light"] == #"{"state":"ON","brightness":40,"color_mode":"color_temp","color_temp":2700}"#)
        #expect(ha.event(.object([("event", .string("rang")), ("alarm", .number(1))])) == #"{"event_type":"rang","alarm":1}"#)
        #expect(ha.event(.object([("event", .string("changed"))])) == nil)
    }
}
