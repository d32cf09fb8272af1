/// `[light]` as the core sees it: how bright and how warm each thing the light does is, and
/// what follows the alarm. Levels are CIE L* (0...100 of the light's full output).
public struct LightSettings: Sendable, Equatable {
    /// Whether the box has a light at all (a PWM light, or the board's breathing LED): without
    /// one the core commands none, and the box behaves as it did before the light.
    public var isPresent = false
    /// The dawn of an alarm that says nothing of its own: on, over this many minutes.
    public var dawn = true
    public var dawnMinutes = 30
    /// The shortest and longest dawn an alarm may have.
    public static let dawnMinuteRange = 15...90
    /// The dawn starts at this colour temperature (deep warm) ...
    public var dawnStartKelvin: Double = 1900
    /// ... and reaches this one, and `alarmLightness`, at the ring.
    public var dawnEndKelvin: Double = 4000
    /// The alarm's level (the dawn's end, the ring, the snooze).
    public var alarmLightness: Double = 100
    /// After the alarm is dismissed the light stays up this long ...
    public var holdSeconds: Double = 600
    /// ... and then fades out over this long.
    public var fadeSeconds: Double = 60
    /// The night light: dim amber, at this level when first switched on.
    public var nightLightness: Double = 20
    public var nightKelvin: Double = 1900
    /// Between the display's night hours (`[display] dim_from` to `dim_until`) no light but the
    /// alarm's goes above this.
    public var nightMax: Double = 30
    /// The breathing guide's light at full lungs (and at empty: `breathingLow`).
    public var breathingHigh: Double = 30
    public var breathingLow: Double = 0
    public var breathingKelvin: Double = 2200
    /// `sleepbox ctl light on`: this level and colour.
    public var onLightness: Double = 100
    public var onKelvin: Double = 3000

    public init() {}
}
