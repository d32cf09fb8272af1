import SleepBoxCore

/// The box's configuration: the file when given, else the defaults in the system's time zone.
public func loadConfig(_ path: String?) throws -> BoxConfig {
    try loadConfigFile(path).config
}

/// The whole configuration file (state machine, devices, language), or the factory settings.
public func loadConfigFile(_ path: String?) throws(ConfigError) -> ConfigFile {
    let zone = ConfigFile.systemTimeZone()
    guard let path else { return ConfigFile(config: BoxConfig(timeZone: zone)) }
    return try ConfigFile(path: path, defaultTimeZone: zone)
}
