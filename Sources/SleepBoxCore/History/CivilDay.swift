/// A calendar day as a count of days since 1970-01-01 (proleptic Gregorian), with its year,
/// month and day: plain arithmetic, no time zone database (a night's day comes from the offset
/// recorded with each time).
public struct CivilDay: Sendable, Equatable, Hashable, Comparable, Codable {
    public var number: Int

    public init(_ number: Int) { self.number = number }

    public init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        number = era * 146097 + doe - 719468
    }

    /// The local day of a local time given as seconds since 1970 (wall plus offset).
    public init(localSeconds: Double) { number = Int((localSeconds / 86400).rounded(.down)) }

    public var fields: (year: Int, month: Int, day: Int) {
        let z = number + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday).
    public var isoWeekday: Int { ((number % 7 + 7) % 7 + 3) % 7 + 1 }

    /// "2026-11-23".
    public var iso: String {
        let f = fields
        return String(f.year) + "-" + twoDigits(f.month) + "-" + twoDigits(f.day)
    }

    public func adding(_ days: Int) -> CivilDay { CivilDay(number + days) }

    public static func < (a: CivilDay, b: CivilDay) -> Bool { a.number < b.number }
}
