import SleepBoxCore

/// Where the engine gets its sounds: an item's sound from a position, the wake sound, speech.
/// The daemon and the simulator provide one built on the content library and the voice.
public protocol SoundProvider: AnyObject {
    /// The item's sound starting `position` seconds in (a decoded file, a spoken program, a
    /// generator). Throws when the item cannot be played (file missing, corrupt, unsupported).
    func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource
    /// The wake sound: endless, starting softly.
    func wakeSound() -> any AudioSource
    /// `text` spoken, or nil when there is no voice (the engine then reports the speech as
    /// finished at once).
    func speech(_ text: String) -> (any AudioSource)?
}
