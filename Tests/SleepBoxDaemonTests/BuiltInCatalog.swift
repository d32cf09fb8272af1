import SleepBoxCore

/// A small fixed catalog for the simulator tests (durations known exactly).
enum BuiltInCatalog {
    static let catalog = Catalog(items: [
        ContentItem(id: "med-body-scan", title: "Body Scan for Sleep", kind: .meditation, duration: 14 * 60),
        ContentItem(id: "med-evening-breath", title: "Evening Breath", kind: .meditation, duration: 9 * 60),
        ContentItem(id: "med-letting-go", title: "Letting Go of the Day", kind: .meditation, duration: 12 * 60),
        ContentItem(id: "nidra-short", title: "Yoga Nidra: Short Rest", kind: .yogaNidra, duration: 5 * 60),
        ContentItem(id: "breath-478", title: "4-7-8 Breathing", kind: .breathing, duration: 4 * 60),
        ContentItem(id: "med-ocean-mind", title: "Ocean Mind", kind: .meditation, duration: 20 * 60, isAvailable: false),
        ContentItem(id: "poem-stopping-by-woods", title: "Stopping by Woods on a Snowy Evening", kind: .poem, duration: 75),
        ContentItem(id: "poem-the-lake-isle", title: "The Lake Isle of Innisfree", kind: .poem, duration: 70),
        ContentItem(id: "poem-sea-fever", title: "Sea-Fever", kind: .poem, duration: 65),
        ContentItem(id: "poem-night", title: "Night", kind: .poem, duration: 110),
        ContentItem(id: "poem-the-moon", title: "The Moon", kind: .poem, duration: 55),
        ContentItem(id: "poem-lullaby", title: "A Cradle Song", kind: .poem, duration: 90, isAvailable: false),
    ])
}
