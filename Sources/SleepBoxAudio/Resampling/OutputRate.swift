/// Which rate the output runs at for what is played: the source's own when the output takes it
/// exactly, so nothing is resampled (a 44.1 kHz MP3 plays at 44.1 kHz on a card that runs at
/// 44.1 kHz), and the configured rate (`[audio] sample_rate`) otherwise, converting the source to
/// it with libsoxr.
///
/// A change of rate needs the output closed and opened again, so it is only ever made while
/// nothing sounds: before the first sound, or after a stop whose fade has finished. Everything
/// that starts while something still sounds (a crossfade, an ambient bed under the item, the
/// alarm over it) is brought to the rate already running. The output's last frames before a
/// change are the end of a fade to silence and its first frames after it the start of a fade in
/// from silence, so no step is ever written: no click.
public enum OutputRate {
    /// The rates the box ever runs its output at, whatever a file says or a device takes: 8 to
    /// 192 kHz (`[audio] sample_rate`, `sleepbox play --rate` keep to it too). A file of 1 Hz is
    /// converted to the fallback, never played at its own rate.
    public static let range = 8_000...192_000

    /// The rate for a source at `sourceRate` (nil: unknown, e.g. a file that cannot be opened) on
    /// an output that takes the rates for which `accepts` is true; `fallback` otherwise.
    public static func choose(sourceRate: Int?, fallback: Int, accepts: (Int) -> Bool) -> Int {
        guard let rate = sourceRate, range.contains(rate), rate != fallback else { return fallback }
        return accepts(rate) ? rate : fallback
    }

    /// The rate the output should run at next: `current` while anything sounds, else the choice
    /// for the source about to start.
    public static func next(current: Int, sounding: Bool, sourceRate: Int?, fallback: Int,
                            accepts: (Int) -> Bool) -> Int {
        sounding ? current : choose(sourceRate: sourceRate, fallback: fallback, accepts: accepts)
    }
}
