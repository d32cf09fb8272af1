import Testing

/// Every test that calls libasound lives in this suite, one at a time: they share one ALSA
/// configuration (ALSA_CONFIG_PATH, rewritten by one test) and the CPU measurement must run alone.
@Suite(.serialized) enum ALSASuite {}
