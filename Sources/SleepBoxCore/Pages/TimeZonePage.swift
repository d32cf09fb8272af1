/// The time zone being chosen (Settings > Clock > Time zone), with the value picker: the cities of
/// a region, opened at the zone in use (one press keeps it). The first row names the region: a
/// press there shows the regions (UTC among them), a press on a region its cities. A press on a
/// city takes its zone and goes back to the list; holding the knob goes back with the zone as it was.
public struct TimeZonePage: Sendable, Equatable, PageBehaviour {
    /// The region whose cities are shown; nil while the regions are.
    public var region: String?
    /// Where the knob is among the rows shown.
    public var picker: ValuePicker

    public init(region: String?, index: Int) {
        self.region = region
        picker = .choice(index, count: Self.rowCount(region))
    }

    /// Opens on the zone in use: its region's cities, the knob on it (UTC: the regions, on UTC).
    public init(zone: String) {
        let region = TimeZoneList.region(of: zone)
        let cities = TimeZoneList.zones(in: region)
        if let city = cities.firstIndex(of: zone) {
            self.init(region: region, index: city + 1)
        } else {
            self.init(region: nil, index: TimeZoneList.regions.firstIndex(of: region) ?? 0)
        }
    }

    var page: Page { .timeZone(self) }

    static func rowCount(_ region: String?) -> Int {
        region.map { 1 + TimeZoneList.zones(in: $0).count } ?? TimeZoneList.regions.count
    }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        let language = box.config.language
        guard let region else {
            let rows = TimeZoneList.regions.map { r in
                MenuRow(kind: .category, label: TimeZoneList.regionName(r, in: language), detail: r == "UTC" ? nil : ">")
            }
            return .menu(MenuScreen(title: words(.region), rows: rows, selected: picker.index))
        }
        let rows = [MenuRow(kind: .category, label: words(.region), detail: TimeZoneList.regionName(region, in: language))]
            + TimeZoneList.zones(in: region).map { MenuRow(kind: .category, label: TimeZoneList.cityName($0)) }
        return .menu(MenuScreen(title: words(.timeZone), rows: rows, selected: picker.index))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        picker.turn(detents, at: now.uptime)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        guard let region else {
            let chosen = TimeZoneList.regions[min(picker.index, TimeZoneList.regions.count - 1)]
            guard chosen != "UTC" else { return take("UTC", &box, at: now, into: &out) }
            let current = OwnerSetting.timeZone.value(in: box.config)
            let here = TimeZoneList.zones(in: chosen).firstIndex(of: current).map { $0 + 1 } ?? 1
            self = TimeZonePage(region: chosen, index: here)
            return .stay
        }
        guard picker.index > 0 else {
            self = TimeZonePage(region: nil, index: TimeZoneList.regions.firstIndex(of: region) ?? 0)
            return .stay
        }
        let zones = TimeZoneList.zones(in: region)
        guard zones.indices.contains(picker.index - 1) else { return .stay }
        return take(zones[picker.index - 1], &box, at: now, into: &out)
    }

    /// Sets the zone `name` as on the box and goes back to the list.
    private func take(_ name: String, _ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        box.state.settings[OwnerSetting.timeZone.key] = name
        box.applySettings()
        box.capVolumeAtNight(at: now, into: &out)
        return .back
    }
}
