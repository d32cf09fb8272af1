import CNettle

/// SHA-256 of bytes as 64 lowercase hex digits, from GNU Nettle.
public enum SHA256Hex {
    /// The digest of `bytes`: Nettle's `sha256_init`, `sha256_update`, `sha256_digest`.
    public static func digest(_ bytes: [UInt8]) -> String {
        var context = sha256_ctx()
        var md = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { input in
            nettle_sha256_update(&context, input.count, input.baseAddress)
        }
        md.withUnsafeMutableBufferPointer { output in
            nettle_sha256_digest(&context, output.count, output.baseAddress)
        }
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(md.count * 2)
        for byte in md {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of `string`'s UTF-8.
    public static func digest(_ string: String) -> String { digest(Array(string.utf8)) }
}
