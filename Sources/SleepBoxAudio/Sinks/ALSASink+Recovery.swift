import CALSA
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Recovery: underruns and suspends handled in place, a lost device closed and reopened with
/// backoff.
extension ALSASink {
    /// Handles a negative code from an ALSA call; true when the call may be tried again at once.
    func recover(_ code: Int32, during operation: String) -> Bool {
        guard let pcm else { return false }
        switch -code {
        case EINTR:
            return true
        case EAGAIN:
            return false
        case EPIPE:
            xrunCount += 1
            if xrunCount <= 10 || xrunCount % 100 == 0 {
                logger.warning("underrun while trying to \(operation); recovering", metadata: ["xruns": "\(xrunCount)"])
            }
            let rc = snd_pcm_recover(pcm, code, 1)
            if rc < 0 {
                lose(ALSAFailure(code: rc, operation: "recover from an underrun"))
                return false
            }
            return true
        case ESTRPIPE:
            suspendCount += 1
            resumeAttempts = 0
            logger.warning("device suspended; resuming", metadata: ["suspends": "\(suspendCount)"])
            return resume(now: nil)
        default:
            lose(ALSAFailure(code: code, operation: operation))
            return false
        }
    }

    /// One non-blocking resume attempt. snd_pcm_recover is not used for -ESTRPIPE because it
    /// sleeps a second at a time while the device answers -EAGAIN.
    func resume(now: Double?) -> Bool {
        guard let pcm else { return false }
        resumeAttempts += 1
        var rc = snd_pcm_resume(pcm)
        if rc == -EAGAIN && resumeAttempts < Self.maxResumeAttempts {
            state = .recovering("suspended; waiting for the device to resume")
            nextRetry = now.map { $0 + configuration.backoff.initial } ?? 0
            return false
        }
        // Some plugins return 0 from resume without leaving SUSPENDED; treat that like a device
        // that cannot resume (-ENOSYS), which most drivers are.
        if rc == 0 && snd_pcm_state(pcm) == SND_PCM_STATE_SUSPENDED { rc = -ENOSYS }
        if rc < 0 {
            rc = snd_pcm_prepare(pcm)
            if rc < 0 {
                lose(ALSAFailure(code: rc, operation: "prepare after a suspend"))
                return false
            }
        }
        state = .running
        nextRetry = nil
        logger.info("device resumed")
        return true
    }

    func checkStream() {
        guard case .running = state, let pcm else { return }
        let streamState = snd_pcm_state(pcm)
        switch streamState {
        case SND_PCM_STATE_XRUN:
            _ = recover(-EPIPE, during: "play")
        case SND_PCM_STATE_SUSPENDED:
            _ = recover(-ESTRPIPE, during: "play")
        case SND_PCM_STATE_DISCONNECTED:
            lose(ALSAFailure(code: -ENODEV, operation: "play"))
        case SND_PCM_STATE_OPEN, SND_PCM_STATE_SETUP:
            // Stopped underneath the sink (a drop, or a plugin that stopped by itself).
            let rc = snd_pcm_prepare(pcm)
            if rc < 0 { lose(ALSAFailure(code: rc, operation: "prepare the stream")) }
        default:
            break
        }
    }

    func noteFramesPlayed(_ frames: Int) {
        framesSinceOpen += frames
        if failedOpens > 0 && Double(framesSinceOpen) >= Self.stableSeconds * Double(format.sampleRate) {
            failedOpens = 0
        }
    }

    func lose(_ failure: ALSAFailure) {
        let reason = failure.description
        disconnect()
        state = .unavailable(reason)
        pendingEvents.append(.lost(reason))
        if Double(framesSinceOpen) >= Self.stableSeconds * Double(format.sampleRate) {
            failedOpens = 0
            nextRetry = 0
            logger.error("audio device lost: \(reason); reopening")
        } else {
            failedOpens += 1
            let delay = configuration.backoff.delay(afterFailures: failedOpens)
            nextRetry = openedAt + delay
            logger.error("audio device lost soon after opening: \(reason); reopening in \(delay) s")
        }
    }
}
