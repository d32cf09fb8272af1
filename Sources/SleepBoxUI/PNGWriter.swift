import CPNG
import SleepBoxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves framebuffers as PNG pictures that look like the OLED: scaled up, near-black background,
/// pale blue-white pixels (darker when the panel is dimmed), optionally with a thin dark gap
/// between pixels.
///
/// Encoding uses libpng's write API into memory. libpng reports errors by `longjmp`, which Swift
/// cannot catch, so nothing that can fail is left to it: the image size is fixed and valid, the
/// output goes to an in-memory buffer that cannot fail, and the file is written afterwards with
/// POSIX calls whose errors become `PNGWriterError`s. (Only running out of memory inside libpng
/// remains; libpng then aborts, as it does without a `setjmp`.)
public struct PNGWriter: Sendable {
    /// An 8-bit RGB colour.
    public struct Color: Sendable, Equatable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
    }

    /// Unlit pixels: the panel's black.
    public static let offColor = Color(red: 0x05, green: 0x05, blue: 0x05)
    /// Lit pixels at normal contrast.
    public static let onColor = Color(red: 0xC8, green: 0xE6, blue: 0xFF)
    /// Lit pixels when the panel is dimmed for the night.
    public static let dimmedOnColor = Color(red: 0x4A, green: 0x5A, blue: 0x66)
    /// The lit pixels' colour at the owner's brightness (`DisplayFrame.brightness`, 0...100 % of
    /// the panel's usable range by day or at night), as the panel shows it: at night from
    /// `dimmedOnColor` (0 %) up to a colour still below the dimmest day, by day from that up to
    /// `onColor` at 50 % and near white at 100 %. The colours follow the contrast the panel
    /// gets (`OLEDContrast`), so a frame at 0, 40 or 100 % looks as different as the panel does.
    public static func litColor(dimmed: Bool, brightness: Int) -> Color {
        let p = Double(min(100, max(0, brightness)))
        if dimmed { return mix(dimmedOnColor, nightBrightest, p / 100) }
        return p <= 50 ? mix(dayDimmest, onColor, p / 50) : mix(onColor, dayBrightest, (p - 50) / 50)
    }

    /// Night at 100 %, the dimmest day, the brightest day.
    static let nightBrightest = Color(red: 0x6A, green: 0x7E, blue: 0x8C)
    static let dayDimmest = Color(red: 0x7A, green: 0x8C, blue: 0x9C)
    static let dayBrightest = Color(red: 0xF0, green: 0xFA, blue: 0xFF)

    /// `a` to `b` by `t` (0...1), each channel rounded.
    private static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue))
    }

    /// Largest accepted scale factor.
    public static let maximumScale = 16

    /// Each panel pixel becomes a `scale` x `scale` square (clamped to 1...maximumScale).
    public let scale: Int
    /// Leave the last row and column of every square dark (only from scale 3), like an OLED's grid.
    public let pixelGap: Bool

    /// A writer at `scale` (clamped to 1...maximumScale), with or without the pixel gap.
    public init(scale: Int = 4, pixelGap: Bool = false) {
        self.scale = min(PNGWriter.maximumScale, max(1, scale))
        self.pixelGap = pixelGap
    }

    /// Width and height of the PNG in pixels.
    public var imageSize: (width: Int, height: Int) {
        (Framebuffer.width * scale, Framebuffer.height * scale)
    }

    /// The PNG file's bytes for `framebuffer`, lit pixels in the dimmed colour when `dimmed`; with
    /// a `brightness`, in the colour it gives (`litColor`).
    public func pngData(_ framebuffer: Framebuffer, dimmed: Bool = false, brightness: Int? = nil) throws(PNGWriterError) -> [UInt8] {
        let size = imageSize
        let on = brightness.map { PNGWriter.litColor(dimmed: dimmed, brightness: $0) }
            ?? (dimmed ? PNGWriter.dimmedOnColor : PNGWriter.onColor)
        // Two colours: a 1-bit palette image, unfiltered. A night writes thousands of frames,
        // and this is about ten times quicker to encode than RGB with adaptive filters.
        return try PNGWriter.encode(width: size.width, height: size.height, bitDepth: 1, colorType: PNG_COLOR_TYPE_PALETTE,
                                    palette: [PNGWriter.offColor, on], unfiltered: true) { packedRow($0, of: framebuffer) }
    }

    /// Encodes an image with libpng into memory: `row(y)` gives each row's bytes in the layout the
    /// bit depth and colour type say.
    static func encode(width: Int, height: Int, bitDepth: Int32, colorType: Int32, palette: [Color] = [],
                       unfiltered: Bool, row: (Int) -> [UInt8]) throws(PNGWriterError) -> [UInt8] {
        var pngPointer = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, { _, _ in
            // Warnings (none are expected for these fixed formats) would only clutter stderr.
        })
        var infoPointer = pngPointer.flatMap { png_create_info_struct($0) }
        defer { png_destroy_write_struct(&pngPointer, &infoPointer) }
        guard let png = pngPointer, let info = infoPointer else { throw .encoderUnavailable }

        let sink = ByteSink()
        withExtendedLifetime(sink) {
            png_set_write_fn(png, Unmanaged.passUnretained(sink).toOpaque(), { png, data, length in
                guard let png, let data, let io = png_get_io_ptr(png) else { return }
                let sink = Unmanaged<ByteSink>.fromOpaque(io).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
            }, { _ in
                // Memory needs no flushing; libpng's default flush would treat the sink as a FILE*.
            })
            png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), bitDepth, colorType,
                         PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
            if !palette.isEmpty {
                var entries = palette.map { png_color(red: $0.red, green: $0.green, blue: $0.blue) }
                png_set_PLTE(png, info, &entries, Int32(entries.count))
            }
            if unfiltered { png_set_filter(png, 0, PNG_FILTER_NONE) }
            png_write_info(png, info)
            for y in 0..<height {
                row(y).withUnsafeBufferPointer { png_write_row(png, $0.baseAddress) }
            }
            png_write_end(png, info)
        }
        return sink.bytes
    }

    /// The PNG for a whole display frame: rendered, shifted, and dimmed as the frame says.
    public func pngData(_ frame: DisplayFrame) throws(PNGWriterError) -> [UInt8] {
        try pngData(ScreenRenderer.render(frame), dimmed: frame.dimmed)
    }

    /// Writes the PNG for `framebuffer` to `path`, replacing any file there.
    public func write(_ framebuffer: Framebuffer, dimmed: Bool = false, brightness: Int? = nil, to path: String) throws(PNGWriterError) {
        try PNGWriter.writeFile(try pngData(framebuffer, dimmed: dimmed, brightness: brightness), to: path)
    }

    /// Writes `framebuffer` as a PNG to `path` with a one-off writer; the same as
    /// `PNGWriter(scale: scale, pixelGap: pixelGap).write(framebuffer, dimmed: dimmed, to: path)`.
    public static func write(_ framebuffer: Framebuffer, to path: String, scale: Int = 4, dimmed: Bool = false,
                             brightness: Int? = nil, pixelGap: Bool = false) throws(PNGWriterError) {
        try PNGWriter(scale: scale, pixelGap: pixelGap).write(framebuffer, dimmed: dimmed, brightness: brightness, to: path)
    }

    /// Writes the PNG for a whole display frame to `path`.
    public func write(_ frame: DisplayFrame, to path: String) throws(PNGWriterError) {
        try PNGWriter.writeFile(try pngData(frame), to: path)
    }

    /// One output row, one bit per image pixel (1 = lit), most significant bit first.
    private func packedRow(_ imageY: Int, of framebuffer: Framebuffer) -> [UInt8] {
        let panelY = imageY / scale
        let gapRow = pixelGap && scale >= 3 && imageY % scale == scale - 1
        let width = Framebuffer.width * scale
        var row = [UInt8](repeating: 0, count: (width + 7) / 8)
        guard !gapRow else { return row }
        for imageX in 0..<width {
            let gap = pixelGap && scale >= 3 && imageX % scale == scale - 1
            if !gap && framebuffer.pixel(x: imageX / scale, y: panelY) {
                row[imageX >> 3] |= 0x80 >> UInt8(imageX & 7)
            }
        }
        return row
    }

    static func writeFile(_ bytes: [UInt8], to path: String) throws(PNGWriterError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        var written = 0
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count, let base = buffer.baseAddress {
                let result = posixWrite(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if let failure {
            _ = close(descriptor)
            throw .writeFailed(path: path, errno: failure)
        }
        guard close(descriptor) == 0 else { throw .closeFailed(path: path, errno: errno) }
    }

    /// Collects what libpng writes; only ever used by one encoding call at a time.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}

/// POSIX `write(2)`, reachable under a name that `PNGWriter.write` does not shadow.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    return Musl.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}
