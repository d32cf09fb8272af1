/// The language the box speaks and writes (`language` in the configuration file).
///
/// Lives here until `BoxConfig` has a field for it; the greeting and the screens will need it.
public enum Language: String, Sendable, Equatable, Hashable, CaseIterable {
    /// English, the factory setting.
    case en
    /// German.
    case de
}
