/// The colours of the pictures the box draws for people to look at rather than read (a night's
/// level plot, the nights' chart): one palette, so they read as one set.
enum PlotColors {
    static let background = PNGWriter.Color(red: 0x10, green: 0x12, blue: 0x18)
    static let grid = PNGWriter.Color(red: 0x2a, green: 0x2e, blue: 0x3a)
    static let axis = PNGWriter.Color(red: 0x9a, green: 0xa4, blue: 0xb8)
    /// The main measure: the level's line, the minutes' bars.
    static let measure = PNGWriter.Color(red: 0x8f, green: 0xd3, blue: 0xff)
    /// The measure in the background: the level's fill, a night too short to count.
    static let faint = PNGWriter.Color(red: 0x2d, green: 0x4f, blue: 0x6e)
    /// A moment marked: an event on the plot, a bedtime on the chart.
    static let mark = PNGWriter.Color(red: 0xff, green: 0xc8, blue: 0x6a)
}
