/// The page's words in the box's language (English or German, as the box's own texts).
struct PageWords: Sendable {
    let german: Bool

    init(language: String?) { german = language == "de" }

    private func t(_ en: String, _ de: String) -> String { german ? de : en }

    var lang: String { german ? "de" : "en" }
    var title: String { "sleepbox" }
    var plainHTTP: String { t("Plain HTTP on your home network: anyone on it who watches the traffic could read this page.",
                              "Unverschlüsseltes HTTP im Heimnetz: Wer den Verkehr mitliest, kann diese Seite lesen.") }
    var pairTitle: String { t("Pair this device", "Dieses Gerät koppeln") }
    var pairHelp: String { t("On the box: Settings > Connect > Pair a device. Type the six digits it shows.",
                             "Am Gerät: Einstellungen > Verbinden > Gerät koppeln. Gib die sechs Ziffern ein, die es zeigt.") }
    var code: String { t("Code", "Code") }
    var pair: String { t("Pair", "Koppeln") }
    var pairFirst: String { t("Pair this device first.", "Kopple zuerst dieses Gerät.") }
    var pairingClosed: String { t("Too many wrong codes: show a new code on the box.", "Zu viele falsche Codes: Lass dir am Gerät einen neuen zeigen.") }
    func wait(_ s: Int) -> String { t("Wait \(s) s before the next try.", "Warte \(s) s bis zum nächsten Versuch.") }
    var sixDigits: String { t("The code is six digits.", "Der Code hat sechs Ziffern.") }
    var wrongCode: String { t("Wrong code.", "Falscher Code.") }
    var back: String { t("Back", "Zurück") }
    var nowPlaying: String { t("Now playing", "Es läuft") }
    var nothing: String { t("Nothing", "Nichts") }
    var volume: String { t("Volume", "Lautstärke") }
    var set: String { t("Set", "Setzen") }
    var nextAlarm: String { t("Next alarm", "Nächster Wecker") }
    var none: String { t("None", "Keiner") }
    var alarms: String { t("Alarms", "Wecker") }
    func alarm(_ n: Int) -> String { t("Alarm \(n)", "Wecker \(n)") }
    var notSet: String { t("not set", "nicht gestellt") }
    var on: String { t("On", "An") }
    var skipNext: String { t("Skip next", "Nächsten auslassen") }
    var dawn: String { t("Dawn (minutes, 0 for none)", "Morgenlicht (Minuten, 0 für keins)") }
    var save: String { t("Save", "Speichern") }
    var days: [String] { german ? ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] }
    var ringing: String { t("The alarm is ringing", "Der Wecker klingelt") }
    var snooze: String { t("Snooze", "Schlummern") }
    var dismiss: String { t("Dismiss", "Aus") }
    var sleepTimer: String { t("Sleep timer", "Schlaf-Timer") }
    var timerOff: String { t("Off", "Aus") }
    var timerEnd: String { t("To the end", "Bis zum Ende") }
    func minutes(_ m: Int) -> String { t("\(m) min", "\(m) Min.") }
    func left(_ m: Int) -> String { t("\(m) min left", "noch \(m) Min.") }
    var light: String { t("Light", "Licht") }
    var lightOn: String { t("On", "An") }
    var lightOff: String { t("Off", "Aus") }
    var startDawn: String { t("Start dawn", "Morgenlicht starten") }
    var lightness: String { t("Lightness", "Helligkeit") }
    var nights: String { t("The last two weeks", "Die letzten zwei Wochen") }
    func minutesHeard(_ m: Double) -> String { t("\(Int(m.rounded())) min heard", "\(Int(m.rounded())) Min. gehört") }
    var devices: String { t("Paired devices", "Gekoppelte Geräte") }
    func devicesPaired(_ n: Int) -> String { t("\(n) paired", "\(n) gekoppelt") }
    var forget: String { t("Forget every device", "Alle Geräte vergessen") }
}
