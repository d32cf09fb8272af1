extension StringTable {
    /// An item's detail page, the voices' names, a title in another language.
    static let detailTexts: [Key: Texts] = [
        .detailVoice: Texts("Voice: {name}", "Stimme: {name}"),
        .detailPattern: Texts("Pattern: {pattern}", "Muster: {pattern}"),
        .detailHeard: Texts("Heard: {percent}%", "Gehört: {percent}%"),
        .detailExplained: Texts("Explained in: {title}", "Erklärt in: {title}"),
        .voiceNatural: Texts("Joe, natural voice (US, male)", "Joe, natürliche Stimme (US, männlich)"),
        .voiceEspeak: Texts("espeak-ng {name}", "espeak-ng {name}"),
        .voicePiper: Texts("Piper {name}", "Piper {name}"),
        .otherLanguageTitle: Texts("({code}) {title}", "({code}) {title}"),
    ]
}
