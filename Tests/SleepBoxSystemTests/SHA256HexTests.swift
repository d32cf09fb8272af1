import Testing
@testable import SleepBoxSystem

/// The speech cache's keys are SHA-256 digests: a wrong digest would make every clip miss (or two
/// texts share a file). FIPS 180-2's test vectors, and a digest spanning many of the hash's blocks.
@Suite("SHA256Hex")
struct SHA256HexTests {
    @Test func theStandardsTestVectors() {
        #expect(SHA256Hex.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Hex.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Hex.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func aMillionLettersA() {
        #expect(SHA256Hex.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func textIsHashedAsItsUTF8() {
        #expect(SHA256Hex.digest("Gute Nacht, schlaf gut") == SHA256Hex.digest(Array("Gute Nacht, schlaf gut".utf8)))
        #expect(SHA256Hex.digest("ä") != SHA256Hex.digest("a"))
    }
}
