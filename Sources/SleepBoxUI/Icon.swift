/// The small pictures the screens use, drawn as pixel art.
public enum Icon: String, Sendable, CaseIterable {
    /// The leaf: meditation mode (and the leaf button).
    case leaf
    /// Theatre masks, comedy and tragedy: poetry mode.
    case masks
    /// A crescent moon and a star (yoga nidra), 16x16.
    case moon
    /// An open book (a sleep story), 16x16.
    case book
    /// Curling wind (a breathing exercise), 16x16.
    case wind
    /// A spiral (sleep hypnosis), 16x16.
    case spiral
    /// A small sun (affirmations), 16x16.
    case sun
    /// Waves (ambient sound), 16x16.
    case waves
    /// A flask (sound science), 16x16.
    case flask
    /// A bell: the alarm.
    case bell
    /// A text-height bell for status lines.
    case bellSmall
    /// An hourglass: the sleep timer.
    case hourglass
    /// A text-height hourglass for status lines.
    case hourglassSmall
    /// Pause bars: playback paused.
    case pause
    /// A play triangle: playing.
    case play
    /// A speaker with sound waves: volume.
    case speaker
    /// A clock with a question mark: the clock is not known to be right.
    case clockUnset
    /// Skip-to-end mark: the timer stops at the end of the item.
    case toEnd
    /// The lit dot of the transition mark.
    case dotLit
    /// An unlit dot of the transition mark.
    case dotUnlit
    /// A small up arrow: more choices above.
    case caretUp
    /// A small down arrow: more choices below.
    case caretDown
    /// A small heart: a favourite in the library menu.
    case heart
    /// A hollow heart: a favourite that cannot be played yet.
    case heartOutline
    /// A left chevron: the menu row that goes back up.
    case back
    /// A small ring (the unlit transition dot): a menu item that is coming soon.
    case soon
    /// A small sun: the light is on (the idle screen, left of the clock).
    case lightOn

    /// The icon's pixels.
    public var bitmap: Bitmap {
        switch self {
        case .leaf: return Icon.leafArt
        case .masks: return Icon.masksArt
        case .moon: return Icon.moonArt
        case .book: return Icon.bookArt
        case .wind: return Icon.windArt
        case .spiral: return Icon.spiralArt
        case .sun: return Icon.sunArt
        case .waves: return Icon.wavesArt
        case .flask: return Icon.flaskArt
        case .bell: return Icon.bellArt
        case .bellSmall: return Icon.bellSmallArt
        case .hourglass: return Icon.hourglassArt
        case .hourglassSmall: return Icon.hourglassSmallArt
        case .pause: return Icon.pauseArt
        case .play: return Icon.playArt
        case .speaker: return Icon.speakerArt
        case .clockUnset: return Icon.clockUnsetArt
        case .toEnd: return Icon.toEndArt
        case .dotLit: return Icon.dotLitArt
        case .dotUnlit: return Icon.dotUnlitArt
        case .caretUp: return Icon.caretUpArt
        case .caretDown: return Icon.caretDownArt
        case .heart: return Icon.heartArt
        case .heartOutline: return Icon.heartOutlineArt
        case .back: return Icon.backArt
        case .soon: return Icon.dotUnlitArt
        case .lightOn: return Icon.lightOnArt
        }
    }

    private static let leafArt = Bitmap(art: """
        .............###
        ..........######
        ........########
        ......#######.##
        .....#######.###
        ....#######.####
        ....######.#####
        ...######.#####.
        ...#####.######.
        ...####.######..
        ...###.######...
        ...##.######....
        ....######......
        ...#............
        ..#.............
        .#..............
        """)

    private static let masksArt = Bitmap(art: """
        #########.......
        #########.......
        #..##..##.......
        ##.##.###.......
        #########.......
        ##.###.##..####.
        ###...###.######
        .#######.#######
        ..#####.##..##.#
        ...###.#########
        .......#########
        .......####..###
        .......###.##.##
        ........#######.
        .........#####..
        ..........###...
        """)

    private static let bellArt = Bitmap(art: """
        .....##.....
        ...######...
        ..########..
        ..########..
        ..########..
        ..########..
        .##########.
        .##########.
        ############
        ############
        ............
        ....####....
        """)

    private static let bellSmallArt = Bitmap(art: """
        ..###..
        .#####.
        .#####.
        .#####.
        .#####.
        #######
        .......
        ..###..
        """)

    private static let hourglassArt = Bitmap(art: """
        ##########
        .#......#.
        .#......#.
        ..#....#..
        ...#..#...
        ....##....
        ....##....
        ...#..#...
        ..#.##.#..
        .#.####.#.
        .########.
        ##########
        """)

    private static let hourglassSmallArt = Bitmap(art: """
        #######
        .#...#.
        ..#.#..
        ...#...
        ..#.#..
        .#.#.#.
        .#####.
        #######
        """)

    private static let pauseArt = Bitmap(art: """
        ###..###
        ###..###
        ###..###
        ###..###
        ###..###
        ###..###
        ###..###
        ###..###
        ###..###
        """)

    private static let playArt = Bitmap(art: """
        #.......
        ###.....
        #####...
        #######.
        ########
        #######.
        #####...
        ###.....
        #.......
        """)

    private static let speakerArt = Bitmap(art: """
        .....#..........
        ....##......#...
        ...###.......#..
        ######...#....#.
        ######....#...#.
        ######....#...#.
        ######....#...#.
        ######....#...#.
        ######...#....#.
        ...###.......#..
        ....##......#...
        .....#..........
        """)

    private static let clockUnsetArt = Bitmap(art: """
        ...#####.....##.
        .##.....##..#..#
        .#.......#.....#
        #....#....#...#.
        #....#....#..#..
        #....#....#.....
        #....####.#..#..
        #.........#.....
        #.........#.....
        .#.......#......
        .##.....##......
        ...#####........
        """)

    private static let toEndArt = Bitmap(art: """
        #.....#.
        ##....#.
        ###...#.
        ####..#.
        ###...#.
        ##....#.
        #.....#.
        """)

    private static let dotLitArt = Bitmap(art: """
        ..#####..
        .#######.
        #########
        #########
        #########
        #########
        #########
        .#######.
        ..#####..
        """)

    private static let dotUnlitArt = Bitmap(art: """
        .###.
        #...#
        #...#
        #...#
        .###.
        """)

    private static let caretUpArt = Bitmap(art: """
        ..#..
        .###.
        #####
        """)

    private static let caretDownArt = Bitmap(art: """
        #####
        .###.
        ..#..
        """)

    private static let heartArt = Bitmap(art: """
        .##.##.
        #######
        #######
        .#####.
        ..###..
        ...#...
        """)

    private static let heartOutlineArt = Bitmap(art: """
        .##.##.
        #..#..#
        #.....#
        .#...#.
        ..#.#..
        ...#...
        """)

    private static let backArt = Bitmap(art: """
        ...#
        ..#.
        .#..
        #...
        .#..
        ..#.
        ...#
        """)
}
