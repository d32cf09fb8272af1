import CALSA

#if canImport(Glibc)
import Glibc
#endif

/// An ALSA call that failed, with its negative error code, phrased for a person.
struct ALSAFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The negative code the call returned.
    var code: Int32
    /// What the sink was doing: "open", "set 2 channels", "write".
    var operation: String

    var errno: Int32 { -code }

    var description: String {
        var text = "cannot \(operation): \(ALSALibrary.errorText(code))"
        if let hint { text += " (\(hint))" }
        return text
    }

    /// ALSA's errno for open failures is terse; these say what it means for a sound device.
    private var hint: String? {
        guard operation.hasPrefix("open") else { return nil }
        switch -code {
        case ENOENT: return "no such device: unknown PCM name or card not present"
        case EINVAL: return "no such card, or a bad device name"
        case ENODEV, ENXIO: return "device not present"
        case EBUSY: return "device busy: another program is using it"
        case EACCES, EPERM: return "permission denied: is the user in the audio group?"
        default: return nil
        }
    }
}
