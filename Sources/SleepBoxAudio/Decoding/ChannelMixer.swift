import CSndFile

/// Folds a file's channels into the engine's stereo: mono is copied to both sides, stereo passes
/// through untouched, and anything wider is down-mixed with ITU-R BS.775 style weights (centre and
/// surrounds at -3 dB into their side, LFE dropped), scaled so that no output side can exceed the
/// loudest input: a down-mix must never clip, whatever the material.
struct ChannelMixer: Sendable, Equatable {
    /// Where one input channel goes: its gain into the left and into the right output.
    struct Route: Sendable, Equatable {
        var left: Float
        var right: Float
    }

    let inputChannels: Int
    let routes: [Route]

    /// Positions the mixer understands; libsndfile's channel map values are folded into these.
    enum Position: Sendable, Equatable {
        case mono, left, right, center, surroundLeft, surroundRight, lfe, unknown
    }

    /// - Parameters:
    ///   - channels: the file's channel count (at least 1).
    ///   - positions: the file's channel map when it has one; otherwise the usual WAV/FLAC order
    ///     (Vorbis order when `vorbisOrder`, as Ogg Vorbis and Opus lay channels out differently).
    init(channels: Int, positions: [Position]? = nil, vorbisOrder: Bool = false) {
        let count = max(1, channels)
        let layout = positions.flatMap { $0.count == count ? $0 : nil }
            ?? Self.defaultLayout(channels: count, vorbisOrder: vorbisOrder)
        inputChannels = count
        routes = Self.routes(for: layout)
    }

    /// libsndfile's channel map for an open file, if the container records one.
    static func positions(of handle: OpaquePointer, channels: Int) -> [Position]? {
        guard channels > 2 else { return nil }
        var map = [Int32](repeating: 0, count: channels)
        let bytes = Int32(channels * MemoryLayout<Int32>.size)
        let ok = map.withUnsafeMutableBytes { raw in
            sf_command(handle, Int32(SFC_GET_CHANNEL_MAP_INFO), raw.baseAddress, bytes)
        }
        guard ok == Int32(SF_TRUE) else { return nil }
        let positions = map.map(position(ofChannelMap:))
        return positions.allSatisfy { $0 == .unknown } ? nil : positions
    }

    static func position(ofChannelMap value: Int32) -> Position {
        switch Int(value) {
        case SF_CHANNEL_MAP_MONO: return .mono
        case SF_CHANNEL_MAP_LEFT, SF_CHANNEL_MAP_FRONT_LEFT,
             SF_CHANNEL_MAP_FRONT_LEFT_OF_CENTER, SF_CHANNEL_MAP_TOP_FRONT_LEFT:
            return .left
        case SF_CHANNEL_MAP_RIGHT, SF_CHANNEL_MAP_FRONT_RIGHT,
             SF_CHANNEL_MAP_FRONT_RIGHT_OF_CENTER, SF_CHANNEL_MAP_TOP_FRONT_RIGHT:
            return .right
        case SF_CHANNEL_MAP_CENTER, SF_CHANNEL_MAP_FRONT_CENTER,
             SF_CHANNEL_MAP_REAR_CENTER, SF_CHANNEL_MAP_TOP_CENTER,
             SF_CHANNEL_MAP_TOP_FRONT_CENTER, SF_CHANNEL_MAP_TOP_REAR_CENTER,
             SF_CHANNEL_MAP_AMBISONIC_B_W:
            return .center
        case SF_CHANNEL_MAP_REAR_LEFT, SF_CHANNEL_MAP_SIDE_LEFT,
             SF_CHANNEL_MAP_TOP_REAR_LEFT:
            return .surroundLeft
        case SF_CHANNEL_MAP_REAR_RIGHT, SF_CHANNEL_MAP_SIDE_RIGHT,
             SF_CHANNEL_MAP_TOP_REAR_RIGHT:
            return .surroundRight
        case SF_CHANNEL_MAP_LFE: return .lfe
        default: return .unknown
        }
    }

    /// The conventional layout for a channel count when the file does not say.
    static func defaultLayout(channels: Int, vorbisOrder: Bool) -> [Position] {
        switch (channels, vorbisOrder) {
        case (1, _): return [.mono]
        case (2, _): return [.left, .right]
        case (3, false): return [.left, .right, .center]
        case (3, true): return [.left, .center, .right]
        case (4, _): return [.left, .right, .surroundLeft, .surroundRight]
        case (5, false): return [.left, .right, .center, .surroundLeft, .surroundRight]
        case (5, true): return [.left, .center, .right, .surroundLeft, .surroundRight]
        case (6, false): return [.left, .right, .center, .lfe, .surroundLeft, .surroundRight]
        case (6, true): return [.left, .center, .right, .surroundLeft, .surroundRight, .lfe]
        case (7, false): return [.left, .right, .center, .lfe, .center, .surroundLeft, .surroundRight]
        case (7, true): return [.left, .center, .right, .surroundLeft, .surroundRight, .center, .lfe]
        case (8, false):
            return [.left, .right, .center, .lfe, .surroundLeft, .surroundRight, .surroundLeft, .surroundRight]
        case (8, true):
            return [.left, .center, .right, .surroundLeft, .surroundRight, .surroundLeft, .surroundRight, .lfe]
        default:
            // No convention past 7.1: alternate sides so every channel is heard.
            return (0..<channels).map { $0 % 2 == 0 ? .left : .right }
        }
    }

    static func routes(for layout: [Position]) -> [Route] {
        let minus3dB: Float = 0.707_106_77
        var routes: [Route] = layout.map { position in
            switch position {
            case .mono: Route(left: 1, right: 1)
            case .left: Route(left: 1, right: 0)
            case .right: Route(left: 0, right: 1)
            case .center, .unknown: Route(left: minus3dB, right: minus3dB)
            case .surroundLeft: Route(left: minus3dB, right: 0)
            case .surroundRight: Route(left: 0, right: minus3dB)
            case .lfe: Route(left: 0, right: 0)
            }
        }
        // Mono and plain stereo keep unity gain; wider mixes are normalised so full-scale inputs
        // in every channel still sum to at most full scale on each side.
        if layout.count > 2 {
            let leftSum = routes.reduce(0) { $0 + $1.left }
            let rightSum = routes.reduce(0) { $0 + $1.right }
            let scale = 1 / max(1, leftSum, rightSum)
            routes = routes.map { Route(left: $0.left * scale, right: $0.right * scale) }
        }
        return routes
    }

    /// Mixes `frames` interleaved input frames into interleaved stereo.
    func mix(_ input: UnsafePointer<Float>, frames: Int, into output: UnsafeMutablePointer<Float>) {
        let channels = inputChannels
        routes.withUnsafeBufferPointer { routes in
            for frame in 0..<frames {
                let base = input + frame * channels
                var left: Float = 0
                var right: Float = 0
                for channel in 0..<channels {
                    let sample = base[channel]
                    left += sample * routes[channel].left
                    right += sample * routes[channel].right
                }
                output[2 * frame] = left
                output[2 * frame + 1] = right
            }
        }
    }

    /// Copies mono to both sides in place: the first `frames` floats of `buffer` become
    /// `frames` stereo frames. Walks backwards so no sample is overwritten before it is read.
    static func expandMonoInPlace(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        var frame = frames - 1
        while frame >= 0 {
            let sample = buffer[frame]
            buffer[2 * frame] = sample
            buffer[2 * frame + 1] = sample
            frame -= 1
        }
    }
}
