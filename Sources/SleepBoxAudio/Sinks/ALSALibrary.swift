import CALSA

/// Process-wide libasound settings.
public enum ALSALibrary {
    /// Stops libasound printing its own "ALSA lib file.c:NN:(function) ..." lines on stderr, so the
    /// daemon's log stays clean; the sink reports errors through its `Logger` with `snd_strerror`.
    /// Installs a C handler that drops the message (`snd_lib_error_set_handler`); idempotent.
    public static func silenceErrorOutput() {
        _ = sleepbox_alsa_quiet()
    }

    /// Gives libasound its default stderr printer back (`snd_lib_error_set_handler(NULL)`),
    /// e.g. for `sleepbox doctor`, where ALSA's own words help.
    public static func restoreErrorOutput() {
        _ = sleepbox_alsa_loud()
    }

    /// The text for a negative ALSA or errno code (`snd_strerror`).
    public static func errorText(_ code: Int32) -> String {
        guard let text = snd_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The libasound version the process runs with (`snd_asoundlib_version`), e.g. "1.2.8".
    public static var version: String {
        guard let text = snd_asoundlib_version() else { return "unknown" }
        return String(cString: text)
    }
}
