// The command line reaches the system layer (exit statuses, system errors, the clocks) through
// SleepBoxDaemon, the only module it imports.
@_exported import SleepBoxSystem
