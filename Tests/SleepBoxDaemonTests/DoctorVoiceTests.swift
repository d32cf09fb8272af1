import Foundation
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxConfig
@testable import SleepBoxSound
@testable import SleepBoxTools

/// `sleepbox doctor`'s voice check: which voice speaks, and when the configured one cannot, why.
@Suite struct DoctorVoiceTests {
    typealias Fakes = VoiceSelectionTests

    @Test func theDoctorSaysWhichVoiceSpeaksAndWhy() {
        let fine = Doctor.voiceCheck(VoiceSelection.choose(settings: Fakes.piper(), rate: 120, piperCheck: Fakes.installed,
                                                           espeakHasVoice: Fakes.englishOnly))
        #expect(fine.outcome == .ok && fine.fix.isEmpty)
        #expect(fine.detail == "piper voice en_US-lessac-medium (/opt/piper/voices/en_US-lessac-medium.onnx), 120 words per minute")

        let fallback = Doctor.voiceCheck(VoiceSelection.choose(settings: Fakes.piper(), rate: 120, piperCheck: Fakes.noBinary,
                                                               espeakHasVoice: Fakes.englishOnly))
        #expect(fallback.outcome == .warning)
        #expect(fallback.detail == "[voice] engine = \"piper\", but the piper program is not found or not executable: "
                + "/opt/piper/bin/piper; espeak-ng voice en-us, 120 words per minute, pitch 30 speaks instead")
        #expect(fallback.fix.contains("pip install piper-tts"))
        #expect(Doctor.table([fallback]).contains("fix: install Piper"))

        var espeak = VoiceSettings()
        espeak.engine = .espeak
        let silent = Doctor.voiceCheck(VoiceSelection.choose(settings: espeak, rate: 140, piperCheck: Fakes.installed,
                                                             espeakHasVoice: { _ in false }))
        #expect(silent.outcome == .failure && silent.fix == "sudo apt install espeak-ng-data")
        #expect(!silent.detail.contains("instead"))

        var named = VoiceSettings()
        named.name = "klingon"
        let renamed = Doctor.voiceCheck(VoiceSelection.choose(settings: named, rate: 140, piperCheck: Fakes.installed,
                                                              espeakHasVoice: Fakes.englishOnly))
        #expect(renamed.outcome == .warning)
        #expect(renamed.detail == "[voice] name = \"klingon\", but espeak-ng has no such voice; "
                + "espeak-ng voice en-us, 140 words per minute, pitch 40 speaks instead")
    }
}
