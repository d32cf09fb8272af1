extension StringTable {
    /// Settings > Connect: the home network's switch, pairing a device, forgetting them all.
    static let companionTexts: [Key: Texts] = [
        .connect: Texts("Connect", "Verbinden"),
        .homeNetwork: Texts("Home network", "Heimnetz"),
        .pairDevice: Texts("Pair a device", "Gerät koppeln"),
        .forgetDevices: Texts("Forget devices", "Geräte vergessen"),
        .devicesForgotten: Texts("Devices forgotten", "Geräte vergessen"),
        .devicePaired: Texts("Device paired", "Gerät gekoppelt"),
        .noNetworkAddress: Texts("No network address", "Keine Netzwerkadresse"),
        .pairingTimeLeft: Texts("{time} left", "Noch {time}"),
        .codeLapsed: Texts("Code lapsed", "Code abgelaufen"),
        .pressForNewCode: Texts("Press for a new code", "Drück für neuen Code"),
        .drawingCode: Texts("One moment", "Einen Moment"),
    ]
}
