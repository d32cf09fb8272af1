import SleepBoxCore

extension ContentLibrary {
    /// An owner's mix (made on the box, `OwnerMix`) as a mix of this library: its layers found
    /// as a bundled mix's are (`resolved`), each at its level; a layer whose sound is no longer
    /// here, or is no sound a mix can play, is left out with the reason (the mix plays the rest).
    /// `path` stands for the file it has none of: its id.
    public func mixItem(for mix: OwnerMix) -> (item: MixItem, skipped: [String]) {
        let layers = mix.layers.map { MixItem.Layer(sound: $0.sound, levelDB: Double($0.levelDB)) }
        let item = MixItem(path: mix.id, title: mix.id, description: nil, length: OwnerMix.lengthSeconds, layers: layers)
        let entry = ContentEntry(item: ContentItem(id: mix.id, title: mix.id, kind: .ambient, duration: item.length),
                                 path: mix.id, origin: .user, body: .mix(item))
        let result = resolved(entry)
        guard case .mix(let checked) = result.entry.body else { return (item, []) }
        let skipped = result.issues.filter { $0.key == "layer.sound" }.map(\.message)
        return (checked, skipped)
    }
}
