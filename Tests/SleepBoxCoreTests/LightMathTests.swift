import SleepBoxCore
import Testing

/// The light's colour science against published values: CIE 1976 L* (CIE 15:2004), the
/// Planckian locus (CIE 15:2004 tables; illuminant A), McCamy's CCT formula.
@Suite struct LightMathTests {
    @Test func lightnessMatchesTheCIEFormulaAtPublishedPoints() {
        // Middle grey: Y = 18.42 % is L* 50; Y = 18 % is L* 49.5; Y = 50 % is L* 76.07.
        #expect(abs(Lightness.lightness(luminance: 0.18) - 49.496) < 0.001)
        #expect(abs(Lightness.lightness(luminance: 0.5) - 76.069) < 0.001)
        #expect(abs(Lightness.luminance(lightness: 50) - 0.184186) < 1e-6)
        #expect(Lightness.lightness(luminance: 1) == 100)
        #expect(Lightness.lightness(luminance: 0) == 0)
        // The linear part near black: L* 8 is Y = 8 / 903.3 = 0.8856 %.
        #expect(abs(Lightness.luminance(lightness: 8) - 0.0088565) < 1e-6)
    }

    @Test func lightnessAndLuminanceAreInversesAndContinuousAtTheJoin() {
        for i in 0...1000 {
            let l = Double(i) / 10
            #expect(abs(Lightness.lightness(luminance: Lightness.luminance(lightness: l)) - l) < 1e-9)
        }
        let below = Lightness.luminance(lightness: 8 - 1e-9), above = Lightness.luminance(lightness: 8 + 1e-9)
        #expect(abs(above - below) < 1e-9)
    }

    @Test func theBlackbodyLineMatchesPublishedChromaticities() {
        // CIE illuminant A (a Planckian radiator at 2856 K): x 0.44757, y 0.40745.
        let a = Blackbody.chromaticity(kelvin: 2856)
        #expect(abs(a.x - 0.44757) < 0.0005 && abs(a.y - 0.40745) < 0.0005, "\(a)")
        // 4000 K on the locus: x 0.3805, y 0.3768; 2000 K: x 0.5267, y 0.4133.
        let k4 = Blackbody.chromaticity(kelvin: 4000)
        #expect(abs(k4.x - 0.3805) < 0.0005 && abs(k4.y - 0.3768) < 0.0005, "\(k4)")
        let k2 = Blackbody.chromaticity(kelvin: 2000)
        #expect(abs(k2.x - 0.5267) < 0.0005 && abs(k2.y - 0.4133) < 0.0005, "\(k2)")
    }

    @Test func mcCamyGivesTheTemperaturesOfPublishedChromaticities() {
        // Illuminant A: 2856 K; D65 (x 0.31271, y 0.32902): 6504 K.
        #expect(abs(Blackbody.correlatedTemperature(x: 0.44757, y: 0.40745) - 2856) < 5)
        #expect(abs(Blackbody.correlatedTemperature(x: 0.31271, y: 0.32902) - 6504) < 5)
    }

    @Test func aWarmAndACoolWhiteMixToEachTemperatureBetweenThem() {
        var last = -1.0
        for kelvin in stride(from: 1900.0, through: 4900, by: 100) {
            let share = Blackbody.coolShare(for: kelvin, warm: 1800, cool: 5000)
            #expect(share > last, "the cool share rises with the temperature")
            last = share
            // The mix's own chromaticity has the asked-for temperature.
            let w = Blackbody.chromaticity(kelvin: 1800), c = Blackbody.chromaticity(kelvin: 5000)
            let sw = (1 - share) / w.y, sc = share / c.y
            let x = (sw * w.x + sc * c.x) / (sw + sc), y = (sw * w.y + sc * c.y) / (sw + sc)
            #expect(abs(Blackbody.correlatedTemperature(x: x, y: y) - kelvin) < 1, "\(kelvin) K")
        }
        #expect(Blackbody.coolShare(for: 1500, warm: 1800, cool: 5000) == 0)
        #expect(Blackbody.coolShare(for: 6000, warm: 1800, cool: 5000) == 1)
    }

    @Test func dutiesGiveTheLuminanceOfTheLightnessSplitByColour() {
        let channels = [LightChannel(kelvin: 1800), LightChannel(kelvin: 5000)]
        #expect(LightChannel.duties(for: .off, channels: channels) == [0, 0])
        #expect(LightChannel.duties(for: LightLevel(lightness: 100, kelvin: 4000), channels: channels) == [1, 1])
        let half = LightChannel.duties(for: LightLevel(lightness: 50, kelvin: 1800), channels: channels)
        // All warm: the warm channel alone gives the luminance of L* 50 of both channels' full.
        #expect(abs(half[0] - 2 * 0.184186) < 1e-5 && half[1] == 0, "\(half)")
        let one = LightChannel.duties(for: LightLevel(lightness: 50, kelvin: 3000), channels: [LightChannel(kelvin: 2700, maximum: 0.8)])
        #expect(abs(one[0] - 0.8 * 0.184186) < 1e-5)
    }
}
