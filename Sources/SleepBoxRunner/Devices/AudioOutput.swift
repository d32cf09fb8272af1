import SleepBoxCore
import SleepBoxAudio

/// The audio side: carries out the core's sound commands and reports what a player reports.
public protocol AudioOutput: AnyObject {
    /// Sees a batch of commands before they are carried out one by one (`perform`): an output
    /// that runs its device at the rate of what is played decides it here, before the batch's
    /// first sound (a bed started just before its item).
    func prepare(for commands: [Command], at now: Moment)
    func perform(_ command: Command, at now: Moment)
    /// Descriptors to poll (ALSA's), with their poll events.
    var pollDescriptors: [(fd: Int32, events: Int16)] { get }
    /// Does the audio work that is due (writing to the device when it wants data) and returns the
    /// events it has to report (an item ended, the device was lost or came back).
    func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event]
    /// When it next needs to run without a descriptor becoming ready (monotonic seconds).
    var nextWake: Double? { get }
    /// Fades everything out within `seconds` and waits for the device to play it (on exit).
    func shutDown(fadeSeconds: Double)
    var statusText: String { get }
    /// On a virtual clock, where nothing plays by itself: plays on up to `uptime`, or stops at the
    /// first moment before it at which there is something to report (`service` then reports it)
    /// and returns that moment. A device that plays in real time returns nil.
    func playOn(upTo uptime: Double) -> Double?
    /// What carrying out the last commands taught the sound side (an item's speech pauses), for
    /// the box at once; a device that reports it from `service` instead returns nothing here.
    func takeLearnedEvents() -> [Event]
    /// Takes the sound settings in effect (at start and whenever they change): the voice's rate
    /// and language, the breathing cues.
    func follow(_ settings: SoundSettings)
    /// Whether anything sounds now (an item, a bed, a bell, a fade); false while the output only
    /// plays silence, as a running ALSA device does between nights.
    var isSounding: Bool { get }
    /// Whether the device was let go after a silence (the next sound takes it again): then
    /// nothing of the output wakes the loop.
    var isReleased: Bool { get }
    /// Takes the device again if it was let go, ahead of a sound that is known to come (the
    /// alarm's ring), so that sound does not wait for it.
    func getReady(at now: Moment)
    /// Fault injection for tests and simulator scripts: the device is lost (its writes fail, as
    /// an unplugged USB card's do) or back; the output reports it from `service` as it would a
    /// real loss. Returns false when the output cannot do this (a real device).
    func injectFault(lost: Bool) -> Bool
}

extension AudioOutput {
    /// Needs no look at the batch.
    public func prepare(for commands: [Command], at now: Moment) {}
    /// Plays in real time.
    public func playOn(upTo uptime: Double) -> Double? { nil }
    /// Makes no sound that settings could change.
    public func follow(_ settings: SoundSettings) {}
    /// An output that reports nothing else sounds while it has descriptors to serve or a wake-up due.
    public var isSounding: Bool { !pollDescriptors.isEmpty || nextWake != nil }
    /// Never lets its device go.
    public var isReleased: Bool { false }
    /// Is always ready.
    public func getReady(at now: Moment) {}
    /// A real device is lost only for real.
    public func injectFault(lost: Bool) -> Bool { false }
    /// Reports everything from `service`.
    public func takeLearnedEvents() -> [Event] { [] }
}
