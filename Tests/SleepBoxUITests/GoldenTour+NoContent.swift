import Foundation
import SleepBoxCore

extension GoldenTour {
    /// The idle screen of a box that found no content (a program away from its checkout), in
    /// English and German: the greeting's place says so.
    static func noContentShots() -> [Shot] {
        [Language.english, .german].map { language in
            var config = BoxConfig(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)
            config.language = language
            var box = Box(config: config, catalog: Catalog(items: []), seed: 7)
            let now = Moment(uptime: 100, wall: GoldenTour.startWall)
            _ = box.start(at: now, restoring: nil)
            return Shot(name: (language == .german ? "de" : "en") + "-no-content", frame: box.display(at: now))
        }
    }
}
