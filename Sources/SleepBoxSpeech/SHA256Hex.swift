import CCrypto

/// SHA-256 of bytes as 64 lowercase hex digits, from OpenSSL's libcrypto.
enum SHA256Hex {
    /// The digest of `bytes`: OpenSSL's one-shot `SHA256(data, len, md)`.
    static func digest(_ bytes: [UInt8]) -> String {
        var md = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            md.withUnsafeMutableBufferPointer { output in
                _ = SHA256(input.baseAddress, input.count, output.baseAddress)
            }
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
    static func digest(_ string: String) -> String { digest(Array(string.utf8)) }
}
