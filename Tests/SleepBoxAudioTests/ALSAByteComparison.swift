/// Where two byte strings first differ, for failure messages that do not print megabytes.
struct ALSAByteComparison: CustomStringConvertible, Equatable {
    let count: (Int, Int)
    let firstDifference: Int?

    init(_ actual: [UInt8], _ expected: [UInt8]) {
        count = (actual.count, expected.count)
        firstDifference = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? (actual.count == expected.count ? nil : min(actual.count, expected.count))
    }

    var identical: Bool { firstDifference == nil }

    var description: String {
        identical ? "identical (\(count.0) bytes)"
            : "\(count.0) bytes vs \(count.1) expected, first difference at byte \(firstDifference ?? -1)"
    }

    static func == (a: ALSAByteComparison, b: ALSAByteComparison) -> Bool {
        a.count == b.count && a.firstDifference == b.firstDifference
    }
}
