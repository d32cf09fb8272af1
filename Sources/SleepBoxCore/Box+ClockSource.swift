/// The wall clock's source: what the runner found out about it, and a setting that failed.
extension Box {
    /// Setting the clock failed: the owner sees so for a while; the source stays as it was (and
    /// the idle screen keeps marking an untrusted clock).
    mutating func clockSetFailed(at now: Moment) {
        state.overlay = .message(config.words(.clockNotSet), until: now.uptime + config.display.messageSeconds * 2)
    }
}
