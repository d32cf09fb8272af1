import SleepBoxCore
import Testing
@testable import SleepBoxUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a PNG of every sample screen (normal, dimmed and shifted, and as the README pictures
/// are: `readme-*.png`) for looking at by eye.
/// Runs only when SLEEPBOX_UI_FRAMES names an existing folder, e.g.
/// `mkdir -p /tmp/ui-frames && SLEEPBOX_UI_FRAMES=/tmp/ui-frames swift test`.
@Suite struct FrameDumpTests {
    static var folder: String? {
        guard let value = getenv("SLEEPBOX_UI_FRAMES") else { return nil }
        return String(cString: value)
    }

    @Test(.enabled(if: FrameDumpTests.folder != nil))
    func dumpEveryScreen() throws {
        let folder = try #require(FrameDumpTests.folder)
        let writer = PNGWriter(scale: 4, pixelGap: true)
        for (name, frame) in SampleFrames.all {
            try writer.write(frame, to: "\(folder)/\(name).png")
            var dimmed = frame
            dimmed.dimmed = true
            dimmed.shiftX = 1
            dimmed.shiftY = 1
            try writer.write(dimmed, to: "\(folder)/\(name)-dimmed-shifted.png")
        }
        // As the README pictures are made: scale 4, no pixel gap, the night's dimmed colour.
        for (name, frame) in SampleFrames.all {
            try PNGWriter.write(ScreenRenderer.render(frame), to: "\(folder)/readme-\(name).png", scale: 4, dimmed: true)
        }
    }
}
