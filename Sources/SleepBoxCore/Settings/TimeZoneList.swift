import Foundation

/// Every time zone the box offers: the system's IANA zones (those `TimeZone(identifier:)` knows,
/// as the configuration file's `time_zone` is checked), by region, then city, and UTC. Zones
/// without summer time (America/Phoenix, Australia/Brisbane) and those off by half an hour
/// (Australia/Adelaide, Asia/Tehran, Asia/Kolkata) are among them.
public enum TimeZoneList {
    /// The regions in the order the knob offers them; "UTC" stands alone (no cities).
    public static let regions: [String] = ["UTC"] + byRegion.map(\.region)

    /// Every zone's name, UTC first, then by region and city.
    public static let all: [String] = ["UTC"] + byRegion.flatMap(\.zones)

    /// The zones of `region`, by city (empty for UTC and unknown regions).
    public static func zones(in region: String) -> [String] {
        byRegion.first { $0.region == region }?.zones ?? []
    }

    /// The region of a zone's name ("Europe" for "Europe/Berlin", "UTC" for UTC).
    public static func region(of name: String) -> String {
        name.split(separator: "/").first.map(String.init) ?? name
    }

    /// A zone's city as a row shows it: "New York", "Buenos Aires (Argentina)"; UTC as itself.
    public static func cityName(_ name: String) -> String {
        let parts = name.split(separator: "/").map { $0.replacing("_", with: " ") }
        guard parts.count > 1 else { return name }
        return parts.count > 2 ? parts[2...].joined(separator: " ") + " (" + String(parts[1]) + ")" : String(parts[1])
    }

    /// A region as a row shows it.
    public static func regionName(_ region: String, in language: Language) -> String {
        guard language == .german else { return region == "Indian" ? "Indian Ocean" : region }
        let german = ["Africa": "Afrika", "America": "Amerika", "Antarctica": "Antarktis", "Arctic": "Arktis", "Asia": "Asien",
                      "Atlantic": "Atlantik", "Australia": "Australien", "Europe": "Europa", "Indian": "Indischer Ozean",
                      "Pacific": "Pazifik"]
        return german[region] ?? region
    }

    /// The zone's name in the list for `zone` ("UTC" for the zone Foundation may call "GMT", the
    /// current name for an old one such as "Asia/Calcutta"), else its own identifier.
    public static func name(of zone: TimeZone) -> String {
        let id = renamed[zone.identifier] ?? zone.identifier
        if allSet.contains(id) { return id }
        if zone.secondsFromGMT() == 0, ["GMT", "UTC", "Etc/UTC", "Etc/GMT", "Zulu", "Etc/Zulu", "Universal"].contains(zone.identifier) {
            return "UTC"
        }
        return id
    }

    private static let allSet = Set(all)

    /// Zones the system's list (ICU's) still knows by an old name: the current one when the
    /// system takes it.
    static let renamed = ["Asia/Calcutta": "Asia/Kolkata", "Asia/Katmandu": "Asia/Kathmandu", "Asia/Saigon": "Asia/Ho_Chi_Minh",
                          "Asia/Rangoon": "Asia/Yangon", "Europe/Kiev": "Europe/Kyiv", "America/Godthab": "America/Nuuk",
                          "Atlantic/Faeroe": "Atlantic/Faroe", "Pacific/Truk": "Pacific/Chuuk", "Pacific/Ponape": "Pacific/Pohnpei",
                          "Pacific/Enderbury": "Pacific/Kanton", "America/Buenos_Aires": "America/Argentina/Buenos_Aires"]

    /// The regions with their zones, sorted; each zone once, by its current name.
    private static let byRegion: [(region: String, zones: [String])] = {
        var names = Set<String>()
        for id in TimeZone.knownTimeZoneIdentifiers where id.split(separator: "/").count >= 2 && !id.hasPrefix("Etc/") {
            let current = renamed[id].flatMap { TimeZone(identifier: $0) != nil ? $0 : nil } ?? id
            names.insert(current)
        }
        let grouped = Dictionary(grouping: names.sorted(), by: region(of:))
        return grouped.keys.sorted().map { (region: $0, zones: grouped[$0] ?? []) }
    }()
}
