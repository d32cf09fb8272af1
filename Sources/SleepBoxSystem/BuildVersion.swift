/// The software's version, as the `VERSION` file at the top of the source tree says it (a test
/// keeps the two the same); the about screen and the log show it.
public enum BuildVersion {
    public static let current = "0.1.0"
}
