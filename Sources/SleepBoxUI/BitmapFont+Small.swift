extension BitmapFont {
    /// The small text font: 5x7 glyphs (capitals and digits 7 rows, lower case with a one-row
    /// descender) on an 8-row line, one blank column between glyphs; digits are all 5 wide so
    /// times do not jitter. Covers printable ASCII, "…" and the German ä ö ü Ä Ö Ü ß.
    public static let small = BitmapFont(
        lineHeight: 8, capHeight: 7, spacing: 1, glyphs: smallGlyphs(),
        placeholder: Bitmap(art: """
            #####
            #...#
            #...#
            #...#
            #...#
            #...#
            #####
            """))

    // One statement per glyph keeps the type checker fast and the art readable.
    private static func smallGlyphs() -> [Character: Bitmap] {
        var glyphs: [Character: Bitmap] = [:]
        glyphs[" "] = Bitmap(art: """
            ...
            ...
            ...
            ...
            ...
            ...
            ...
            """)
        glyphs["!"] = Bitmap(art: """
            #
            #
            #
            #
            #
            .
            #
            """)
        glyphs["\""] = Bitmap(art: """
            #.#
            #.#
            ...
            ...
            ...
            ...
            ...
            """)
        glyphs["#"] = Bitmap(art: """
            .#.#.
            .#.#.
            #####
            .#.#.
            #####
            .#.#.
            .#.#.
            """)
        glyphs["$"] = Bitmap(art: """
            ..#..
            .####
            #.#..
            .###.
            ..#.#
            ####.
            ..#..
            """)
        glyphs["%"] = Bitmap(art: """
            ##...
            ##..#
            ...#.
            ..#..
            .#...
            #..##
            ...##
            """)
        glyphs["&"] = Bitmap(art: """
            .##..
            #..#.
            #.#..
            .#...
            #.#.#
            #..#.
            .##.#
            """)
        glyphs["'"] = Bitmap(art: """
            #
            #
            .
            .
            .
            .
            .
            """)
        glyphs["("] = Bitmap(art: """
            ..#
            .#.
            #..
            #..
            #..
            .#.
            ..#
            """)
        glyphs[")"] = Bitmap(art: """
            #..
            .#.
            ..#
            ..#
            ..#
            .#.
            #..
            """)
        glyphs["*"] = Bitmap(art: """
            .....
            ..#..
            #.#.#
            .###.
            #.#.#
            ..#..
            .....
            """)
        glyphs["+"] = Bitmap(art: """
            .....
            ..#..
            ..#..
            #####
            ..#..
            ..#..
            .....
            """)
        glyphs[","] = Bitmap(art: """
            ..
            ..
            ..
            ..
            ..
            .#
            .#
            #.
            """)
        glyphs["-"] = Bitmap(art: """
            ....
            ....
            ....
            ####
            ....
            ....
            ....
            """)
        glyphs["."] = Bitmap(art: """
            .
            .
            .
            .
            .
            .
            #
            """)
        glyphs["/"] = Bitmap(art: """
            ....#
            ....#
            ...#.
            ..#..
            .#...
            #....
            #....
            """)
        glyphs["0"] = Bitmap(art: """
            .###.
            #...#
            #...#
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["1"] = Bitmap(art: """
            ..#..
            .##..
            ..#..
            ..#..
            ..#..
            ..#..
            .###.
            """)
        glyphs["2"] = Bitmap(art: """
            .###.
            #...#
            ....#
            ...#.
            ..#..
            .#...
            #####
            """)
        glyphs["3"] = Bitmap(art: """
            .###.
            #...#
            ....#
            ..##.
            ....#
            #...#
            .###.
            """)
        glyphs["4"] = Bitmap(art: """
            ...#.
            ..##.
            .#.#.
            #..#.
            #####
            ...#.
            ...#.
            """)
        glyphs["5"] = Bitmap(art: """
            #####
            #....
            ####.
            ....#
            ....#
            #...#
            .###.
            """)
        glyphs["6"] = Bitmap(art: """
            ..##.
            .#...
            #....
            ####.
            #...#
            #...#
            .###.
            """)
        glyphs["7"] = Bitmap(art: """
            #####
            ....#
            ...#.
            ..#..
            .#...
            .#...
            .#...
            """)
        glyphs["8"] = Bitmap(art: """
            .###.
            #...#
            #...#
            .###.
            #...#
            #...#
            .###.
            """)
        glyphs["9"] = Bitmap(art: """
            .###.
            #...#
            #...#
            .####
            ....#
            ...#.
            .##..
            """)
        glyphs[":"] = Bitmap(art: """
            .
            .
            #
            .
            .
            #
            .
            """)
        glyphs[";"] = Bitmap(art: """
            ..
            ..
            .#
            ..
            ..
            .#
            .#
            #.
            """)
        glyphs["<"] = Bitmap(art: """
            ...#
            ..#.
            .#..
            #...
            .#..
            ..#.
            ...#
            """)
        glyphs["="] = Bitmap(art: """
            .....
            .....
            #####
            .....
            #####
            .....
            .....
            """)
        glyphs[">"] = Bitmap(art: """
            #...
            .#..
            ..#.
            ...#
            ..#.
            .#..
            #...
            """)
        glyphs["?"] = Bitmap(art: """
            .###.
            #...#
            ....#
            ...#.
            ..#..
            .....
            ..#..
            """)
        glyphs["@"] = Bitmap(art: """
            .###.
            #...#
            #.###
            #.#.#
            #.###
            #....
            .####
            """)
        glyphs["A"] = Bitmap(art: """
            .###.
            #...#
            #...#
            #####
            #...#
            #...#
            #...#
            """)
        glyphs["B"] = Bitmap(art: """
            ####.
            #...#
            #...#
            ####.
            #...#
            #...#
            ####.
            """)
        glyphs["C"] = Bitmap(art: """
            .###.
            #...#
            #....
            #....
            #....
            #...#
            .###.
            """)
        glyphs["D"] = Bitmap(art: """
            ####.
            #...#
            #...#
            #...#
            #...#
            #...#
            ####.
            """)
        glyphs["E"] = Bitmap(art: """
            #####
            #....
            #....
            ####.
            #....
            #....
            #####
            """)
        glyphs["F"] = Bitmap(art: """
            #####
            #....
            #....
            ####.
            #....
            #....
            #....
            """)
        glyphs["G"] = Bitmap(art: """
            .###.
            #...#
            #....
            #.###
            #...#
            #...#
            .####
            """)
        glyphs["H"] = Bitmap(art: """
            #...#
            #...#
            #...#
            #####
            #...#
            #...#
            #...#
            """)
        glyphs["I"] = Bitmap(art: """
            ###
            .#.
            .#.
            .#.
            .#.
            .#.
            ###
            """)
        glyphs["J"] = Bitmap(art: """
            ..###
            ...#.
            ...#.
            ...#.
            ...#.
            #..#.
            .##..
            """)
        glyphs["K"] = Bitmap(art: """
            #...#
            #..#.
            #.#..
            ##...
            #.#..
            #..#.
            #...#
            """)
        glyphs["L"] = Bitmap(art: """
            #....
            #....
            #....
            #....
            #....
            #....
            #####
            """)
        glyphs["M"] = Bitmap(art: """
            #...#
            ##.##
            #.#.#
            #.#.#
            #...#
            #...#
            #...#
            """)
        glyphs["N"] = Bitmap(art: """
            #...#
            #...#
            ##..#
            #.#.#
            #..##
            #...#
            #...#
            """)
        glyphs["O"] = Bitmap(art: """
            .###.
            #...#
            #...#
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["P"] = Bitmap(art: """
            ####.
            #...#
            #...#
            ####.
            #....
            #....
            #....
            """)
        glyphs["Q"] = Bitmap(art: """
            .###.
            #...#
            #...#
            #...#
            #.#.#
            #..#.
            .##.#
            """)
        glyphs["R"] = Bitmap(art: """
            ####.
            #...#
            #...#
            ####.
            #.#..
            #..#.
            #...#
            """)
        glyphs["S"] = Bitmap(art: """
            .####
            #....
            #....
            .###.
            ....#
            ....#
            ####.
            """)
        glyphs["T"] = Bitmap(art: """
            #####
            ..#..
            ..#..
            ..#..
            ..#..
            ..#..
            ..#..
            """)
        glyphs["U"] = Bitmap(art: """
            #...#
            #...#
            #...#
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["V"] = Bitmap(art: """
            #...#
            #...#
            #...#
            #...#
            #...#
            .#.#.
            ..#..
            """)
        glyphs["W"] = Bitmap(art: """
            #...#
            #...#
            #...#
            #.#.#
            #.#.#
            #.#.#
            .#.#.
            """)
        glyphs["X"] = Bitmap(art: """
            #...#
            #...#
            .#.#.
            ..#..
            .#.#.
            #...#
            #...#
            """)
        glyphs["Y"] = Bitmap(art: """
            #...#
            #...#
            .#.#.
            ..#..
            ..#..
            ..#..
            ..#..
            """)
        glyphs["Z"] = Bitmap(art: """
            #####
            ....#
            ...#.
            ..#..
            .#...
            #....
            #####
            """)
        glyphs["["] = Bitmap(art: """
            ###
            #..
            #..
            #..
            #..
            #..
            ###
            """)
        glyphs["\\"] = Bitmap(art: """
            #....
            #....
            .#...
            ..#..
            ...#.
            ....#
            ....#
            """)
        glyphs["]"] = Bitmap(art: """
            ###
            ..#
            ..#
            ..#
            ..#
            ..#
            ###
            """)
        glyphs["^"] = Bitmap(art: """
            ..#..
            .#.#.
            #...#
            .....
            .....
            .....
            .....
            """)
        glyphs["_"] = Bitmap(art: """
            .....
            .....
            .....
            .....
            .....
            .....
            .....
            #####
            """)
        glyphs["`"] = Bitmap(art: """
            #.
            .#
            ..
            ..
            ..
            ..
            ..
            """)
        glyphs["a"] = Bitmap(art: """
            .....
            .....
            .###.
            ....#
            .####
            #...#
            .####
            """)
        glyphs["b"] = Bitmap(art: """
            #....
            #....
            ####.
            #...#
            #...#
            #...#
            ####.
            """)
        glyphs["c"] = Bitmap(art: """
            .....
            .....
            .###.
            #....
            #....
            #...#
            .###.
            """)
        glyphs["d"] = Bitmap(art: """
            ....#
            ....#
            .####
            #...#
            #...#
            #...#
            .####
            """)
        glyphs["e"] = Bitmap(art: """
            .....
            .....
            .###.
            #...#
            #####
            #....
            .###.
            """)
        glyphs["f"] = Bitmap(art: """
            ..##
            .#..
            ####
            .#..
            .#..
            .#..
            .#..
            """)
        glyphs["g"] = Bitmap(art: """
            .....
            .....
            .####
            #...#
            #...#
            .####
            ....#
            .###.
            """)
        glyphs["h"] = Bitmap(art: """
            #....
            #....
            #.##.
            ##..#
            #...#
            #...#
            #...#
            """)
        glyphs["i"] = Bitmap(art: """
            #
            .
            #
            #
            #
            #
            #
            """)
        glyphs["j"] = Bitmap(art: """
            ..#
            ...
            .##
            ..#
            ..#
            ..#
            ..#
            ##.
            """)
        glyphs["k"] = Bitmap(art: """
            #...
            #...
            #..#
            #.#.
            ##..
            #.#.
            #..#
            """)
        glyphs["l"] = Bitmap(art: """
            #.
            #.
            #.
            #.
            #.
            #.
            .#
            """)
        glyphs["m"] = Bitmap(art: """
            .....
            .....
            ##.#.
            #.#.#
            #.#.#
            #.#.#
            #.#.#
            """)
        glyphs["n"] = Bitmap(art: """
            .....
            .....
            #.##.
            ##..#
            #...#
            #...#
            #...#
            """)
        glyphs["o"] = Bitmap(art: """
            .....
            .....
            .###.
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["p"] = Bitmap(art: """
            .....
            .....
            ####.
            #...#
            #...#
            ####.
            #....
            #....
            """)
        glyphs["q"] = Bitmap(art: """
            .....
            .....
            .####
            #...#
            #...#
            .####
            ....#
            ....#
            """)
        glyphs["r"] = Bitmap(art: """
            ....
            ....
            #.##
            ##..
            #...
            #...
            #...
            """)
        glyphs["s"] = Bitmap(art: """
            .....
            .....
            .####
            #....
            .###.
            ....#
            ####.
            """)
        glyphs["t"] = Bitmap(art: """
            .#..
            .#..
            ####
            .#..
            .#..
            .#..
            ..##
            """)
        glyphs["u"] = Bitmap(art: """
            .....
            .....
            #...#
            #...#
            #...#
            #..##
            .##.#
            """)
        glyphs["v"] = Bitmap(art: """
            .....
            .....
            #...#
            #...#
            #...#
            .#.#.
            ..#..
            """)
        glyphs["w"] = Bitmap(art: """
            .....
            .....
            #...#
            #...#
            #.#.#
            #.#.#
            .#.#.
            """)
        glyphs["x"] = Bitmap(art: """
            .....
            .....
            #...#
            .#.#.
            ..#..
            .#.#.
            #...#
            """)
        glyphs["y"] = Bitmap(art: """
            .....
            .....
            #...#
            #...#
            #...#
            .####
            ....#
            .###.
            """)
        glyphs["z"] = Bitmap(art: """
            .....
            .....
            #####
            ...#.
            ..#..
            .#...
            #####
            """)
        glyphs["{"] = Bitmap(art: """
            ..##
            .#..
            .#..
            #...
            .#..
            .#..
            ..##
            """)
        glyphs["|"] = Bitmap(art: """
            #
            #
            #
            #
            #
            #
            #
            """)
        glyphs["}"] = Bitmap(art: """
            ##..
            ..#.
            ..#.
            ...#
            ..#.
            ..#.
            ##..
            """)
        glyphs["~"] = Bitmap(art: """
            .....
            .....
            .#...
            #.#.#
            ...#.
            .....
            .....
            """)
        glyphs["·"] = Bitmap(art: """
            ...
            ...
            ...
            .#.
            ...
            ...
            ...
            """)
        glyphs["…"] = Bitmap(art: """
            .....
            .....
            .....
            .....
            .....
            .....
            #.#.#
            """)
        // German letters: the dots take the top row; the capitals are a row shorter under them.
        glyphs["ä"] = Bitmap(art: """
            .#.#.
            .....
            .###.
            ....#
            .####
            #...#
            .####
            """)
        glyphs["ö"] = Bitmap(art: """
            .#.#.
            .....
            .###.
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["ü"] = Bitmap(art: """
            .#.#.
            .....
            #...#
            #...#
            #...#
            #..##
            .##.#
            """)
        glyphs["Ä"] = Bitmap(art: """
            #...#
            .###.
            #...#
            #...#
            #####
            #...#
            #...#
            """)
        glyphs["Ö"] = Bitmap(art: """
            #...#
            .###.
            #...#
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["Ü"] = Bitmap(art: """
            #...#
            .....
            #...#
            #...#
            #...#
            #...#
            .###.
            """)
        glyphs["ß"] = Bitmap(art: """
            .##..
            #..#.
            #..#.
            #.#..
            #..#.
            #..#.
            #.##.
            """)
        return glyphs
    }
}
