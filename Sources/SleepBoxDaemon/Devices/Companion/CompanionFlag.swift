import CLinux
import Foundation
import Logging
import SleepBoxCore
import SleepBoxRunner
import SleepBoxSystem
#if canImport(Glibc)
import Glibc
#endif

/// The companion's switch as a file beside the control socket (`/run/sleepbox/companion`): while
/// the home network is on it is there, holding `epoch N` (mode 0644, written whole or not at all),
/// and systemd's path unit starts `sleepbox-companion` when it appears; switched off, it is gone.
/// Pairing codes come from getrandom(2), the address from the network interfaces.
public final class CompanionFlag: CompanionLink {
    /// The file.
    public let path: String
    /// The companion page's port.
    public static let port = 8080
    private let logger: Logger
    /// Why the last change could not be kept (nil: it was).
    public private(set) var failure: String?
    private var kept: CompanionSwitch?
    /// Where the companion said its page answers. The box's own view of the network is its last
    /// resort: its unit gives it none (PrivateNetwork=yes), the companion's gives it the home network.
    private var served: String?

    /// The switch kept in `directory` (the control socket's).
    public init(directory: String, logger: Logger) {
        path = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/companion"
        self.logger = logger
    }

    public func keep(_ link: CompanionSwitch) {
        kept = link
        if !link.enabled { served = nil }
        do throws(SystemError) {
            if link.enabled {
                try AtomicFile.write(Array(CompanionFlag.contents(link).utf8), to: path, mode: 0o644)
                // The mode whatever the umask: the companion runs as a user of its own.
                guard chmod(path, 0o644) == 0 else { throw SystemError("chmod", path: path) }
                logger.info("the home network is on (epoch \(link.epoch)): \(path)")
            } else if unlink(path) != 0, errno != ENOENT {
                throw SystemError("unlink", path: path)
            } else {
                logger.info("the home network is off")
            }
            failure = nil
        } catch {
            failure = error.description
            logger.error("the companion's switch is not kept: \(error)")
        }
    }

    /// What the file holds for `link`.
    public static func contents(_ link: CompanionSwitch) -> String { "epoch \(link.epoch)\n" }

    public func drawCode() -> (code: String, address: String?) {
        (NoCompanion.code(CompanionFlag.randomBelow(1_000_000)), served ?? NetworkAddresses.firstIPv4().map { "\($0):\(CompanionFlag.port)" })
    }

    public func serving(at address: String) {
        if served != address { logger.info("the companion's page answers at \(address)") }
        served = address
    }

    public var flagPath: String? { path }

    public var statusText: String {
        if let failure { return "cannot keep \(path): \(failure)" }
        guard let kept, kept.enabled else { return "off" }
        return "on, epoch \(kept.epoch)"
    }

    // MARK: - The code and the address

    /// A number below `bound`, each as likely as any other: 64 random bits from getrandom(2),
    /// drawn again when they fall in the last, incomplete run of `bound` (no modulo bias).
    static func randomBelow(_ bound: UInt64, bits: () -> UInt64 = CompanionFlag.randomBits) -> UInt64 {
        precondition(bound > 0)
        // The largest multiple of `bound` that fits: values from it on would favour the low numbers.
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let x = bits()
            if x < limit { return x % bound }
        }
    }

    /// 64 bits from getrandom(2) (it blocks only before the kernel's pool is first ready).
    static func randomBits() -> UInt64 {
        var value: UInt64 = 0
        var got = 0
        while got < 8 {
            let n = withUnsafeMutableBytes(of: &value) { raw in getrandom(raw.baseAddress! + got, 8 - got, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                // No getrandom (a kernel before 3.17): the system's generator.
                return UInt64.random(in: 0...UInt64.max)
            }
            got += n
        }
        return value
    }
}
