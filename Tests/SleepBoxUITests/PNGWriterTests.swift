import CPNG
import SleepBoxCore
import Testing
@testable import SleepBoxUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PNGWriterTests {
    struct Decoded {
        var width: Int
        var height: Int
        var rgb: [UInt8]

        func color(x: Int, y: Int) -> PNGWriter.Color {
            let index = (y * width + x) * 3
            return PNGWriter.Color(red: rgb[index], green: rgb[index + 1], blue: rgb[index + 2])
        }
    }

    /// Decodes with libpng's simplified read API, which handles its own errors.
    func decode(_ bytes: [UInt8]) throws -> Decoded {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        try #require(begun != 0)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let width = Int(image.width), height = Int(image.height)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let finished = rgb.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        png_image_free(&image)
        try #require(finished != 0)
        return Decoded(width: width, height: height, rgb: rgb)
    }

    func readFile(_ path: String) -> [UInt8]? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer.prefix(count))
        }
    }

    func sample() -> Framebuffer {
        var framebuffer = Framebuffer()
        framebuffer.set(x: 0, y: 0)
        framebuffer.set(x: 5, y: 3)
        framebuffer.set(x: 127, y: 63)
        return framebuffer
    }

    @Test func roundTripKeepsColoursAtScaledCoordinates() throws {
        let bytes = try PNGWriter(scale: 4).pngData(sample())
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let image = try decode(bytes)
        #expect(image.width == 512 && image.height == 256)
        for (x, y) in [(0, 0), (3, 3), (20, 12), (23, 15), (508, 252), (511, 255)] {
            #expect(image.color(x: x, y: y) == PNGWriter.onColor, "\(x),\(y)")
        }
        for (x, y) in [(4, 0), (0, 4), (19, 12), (24, 12), (100, 100), (507, 255)] {
            #expect(image.color(x: x, y: y) == PNGWriter.offColor, "\(x),\(y)")
        }
        let litPixels = stride(from: 0, to: image.rgb.count, by: 3).filter { image.rgb[$0] == PNGWriter.onColor.red }.count
        #expect(litPixels == 3 * 16)
    }

    @Test func dimmedUsesTheDarkerColour() throws {
        let image = try decode(try PNGWriter(scale: 2).pngData(sample(), dimmed: true))
        #expect(image.width == 256 && image.height == 128)
        #expect(image.color(x: 1, y: 1) == PNGWriter.dimmedOnColor)
        #expect(image.color(x: 2, y: 0) == PNGWriter.offColor)
        let frame = DisplayFrame(screen: .volume(percent: 100), dimmed: true)
        let fromFrame = try decode(try PNGWriter(scale: 1).pngData(frame))
        let bar = ScreenRenderer.barInterior(ScreenRenderer.Layout.volumeBar)
        #expect(fromFrame.color(x: bar.x, y: bar.y) == PNGWriter.dimmedOnColor)
    }

    @Test func pixelGapDarkensTheLastRowAndColumnOfEachPixel() throws {
        let image = try decode(try PNGWriter(scale: 4, pixelGap: true).pngData(sample()))
        #expect(image.color(x: 0, y: 0) == PNGWriter.onColor)
        #expect(image.color(x: 2, y: 2) == PNGWriter.onColor)
        #expect(image.color(x: 3, y: 0) == PNGWriter.offColor)
        #expect(image.color(x: 0, y: 3) == PNGWriter.offColor)
    }

    @Test func scaleIsClamped() {
        #expect(PNGWriter(scale: 0).scale == 1)
        #expect(PNGWriter(scale: 1000).scale == PNGWriter.maximumScale)
    }

    @Test func writesAFileAndReportsFailures() throws {
        let path = "/tmp/sleepbox-ui-test-\(getpid()).png"
        defer { unlink(path) }
        try PNGWriter().write(sample(), to: path)
        let bytes = try #require(readFile(path))
        #expect(bytes == (try PNGWriter().pngData(sample())))

        try PNGWriter.write(sample(), to: path, scale: 2, dimmed: true)
        let decodedFile = try decode(try #require(readFile(path)))
        #expect(decodedFile.width == 256 && decodedFile.color(x: 0, y: 0) == PNGWriter.dimmedOnColor)

        let missing = "/nonexistent-sleepbox-dir/frame.png"
        #expect(throws: PNGWriterError.cannotOpen(path: missing, errno: ENOENT)) {
            try PNGWriter().write(sample(), to: missing)
        }
        #expect(PNGWriterError.cannotOpen(path: missing, errno: ENOENT).description.contains(missing))
    }
}
