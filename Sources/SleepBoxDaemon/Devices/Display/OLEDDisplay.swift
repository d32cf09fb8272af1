import Logging
import SleepBoxHardware
import SleepBoxUI
import SleepBoxRunner

/// The real panel behind the daemon's `DisplayOutput`: night dimming through the contrast, and
/// the panel's lost/restored transitions in the log. A panel that stops answering never stops
/// the box: sound and buttons go on, and the driver retries with backoff.
public final class OLEDDisplay: DisplayOutput {
    let panel: OLEDPanel
    let logger: Logger
    /// The owner's brightness (percent) by day and at night.
    private var brightness: (day: Int, night: Int)?

    public init(panel: OLEDPanel, logger: Logger) {
        self.panel = panel
        self.logger = logger
    }

    public func show(_ framebuffer: Framebuffer, dimmed: Bool, at uptime: Double) {
        let level = brightness.map { OLEDContrast.level(dimmed: dimmed, percent: dimmed ? $0.night : $0.day) }
            ?? OLEDContrast.level(dimmed: dimmed)
        if panel.contrast != level { _ = panel.setContrast(level, now: uptime) }
        _ = panel.show(framebuffer, now: uptime)
        logEvents()
    }

    public func setPower(_ on: Bool, at uptime: Double) {
        _ = panel.setPower(on: on, now: uptime)
        logEvents()
    }

    public func blank(at uptime: Double) {
        _ = panel.blank(now: uptime)
        logEvents()
    }

    public func setBrightness(_ percent: Int, dimmed: Bool, at uptime: Double) {
        var b = brightness ?? (day: 50, night: 0)
        if dimmed { b.night = percent } else { b.day = percent }
        brightness = b
    }

    public var nextRetry: Double? { panel.nextRetry }

    public func retry(at uptime: Double) {
        _ = panel.retry(now: uptime)
        logEvents()
    }

    public var statusText: String { panel.statusText }

    private func logEvents() {
        for e in panel.takeEvents() { logger.log(level: e.logLevel, "\(e)") }
    }
}
