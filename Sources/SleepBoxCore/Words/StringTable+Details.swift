extension StringTable {
    /// English: an item's detail page, the voices' names, a title in another language.
    static let englishDetails: [Key: String] = [
        .detailVoice: "Voice: {name}", .detailPattern: "Pattern: {pattern}", .detailHeard: "Heard: {percent}%",
        .detailExplained: "Explained in: {title}",
        .voiceNatural: "Joe, natural voice (US, male)", .voiceEspeak: "espeak-ng {name}", .voicePiper: "Piper {name}",
        .otherLanguageTitle: "({code}) {title}",
    ]

    /// German.
    static let germanDetails: [Key: String] = [
        .detailVoice: "Stimme: {name}", .detailPattern: "Muster: {pattern}", .detailHeard: "Gehört: {percent}%",
        .detailExplained: "Erklärt in: {title}",
        .voiceNatural: "Joe, natürliche Stimme (US, männlich)", .voiceEspeak: "espeak-ng {name}", .voicePiper: "Piper {name}",
        .otherLanguageTitle: "({code}) {title}",
    ]
}
