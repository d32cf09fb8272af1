/// A source that can end because it failed rather than because its sound is over: the engine
/// then reports the item as failed (the box moves on and does not count it as heard).
public protocol FailingSource: AudioSource {
    /// Why it ended early, once it has; nil while it plays and when it simply ended.
    var failure: AudioError? { get }
}
