import Testing
import WeatherClient

/// The text forms of amounts, the code tables, and the 16-point compass.
@Suite struct KMAValueTests {
    /// Every text form of §3 and §8.3, PCP in mm and SNO in cm.
    private static let amounts: [(String, KMAAmount?)] = [
        ("강수없음", KMAAmount.none), ("적설없음", KMAAmount.none), ("-", KMAAmount.none), ("null", KMAAmount.none),
        ("0", KMAAmount.none), ("0.0", KMAAmount.none),
        ("1mm 미만", .lessThan(1)), ("1.0mm 미만", .lessThan(1)), ("0.5cm 미만", .lessThan(0.5)),
        ("1.0cm 미만", .lessThan(1)),
        ("6.2mm", .exactly(6.2)), ("29.9mm", .exactly(29.9)), ("2.3cm", .exactly(2.3)), ("0.4", .exactly(0.4)),
        ("2", .exactly(2)),
        ("30.0~50.0mm", .range(from: 30, below: 50)),
        ("50.0mm 이상", .atLeast(50)), ("5.0cm 이상", .atLeast(5)),
        ("-999", nil), ("999", nil), ("900.0", nil), ("많음", nil), ("50~30mm", nil), ("1e3mm", nil), ("nan", nil),
        ("-1.0mm", nil), ("0mm 미만", nil),
    ]

    @Test(arguments: amounts.indices)
    func amountTextFormsReadIntoTheirBands(index: Int) {
        let (text, expected) = Self.amounts[index]

        #expect(KMAAmount(text) == expected, "\(text)")
    }

    @Test func amountBandsAreHalfOpenAsTheGuideDefinesThem() {
        #expect(KMAAmount.lessThan(1).contains(0.4))
        #expect(!KMAAmount.lessThan(1).contains(0))
        #expect(!KMAAmount.lessThan(1).contains(1))
        #expect(KMAAmount.range(from: 30, below: 50).contains(30))
        #expect(KMAAmount.range(from: 30, below: 50).contains(49.9))
        #expect(!KMAAmount.range(from: 30, below: 50).contains(50))
        #expect(KMAAmount.atLeast(50).contains(50))
        #expect(KMAAmount.none.contains(0))
        #expect(KMAAmount.exactly(6.2).contains(6.2))
    }

    @Test func amountBoundsSayWhatTheBandAllows() {
        #expect(KMAAmount.none.lowerBound == 0 && KMAAmount.none.upperBound == 0)
        #expect(KMAAmount.lessThan(1).lowerBound == 0 && KMAAmount.lessThan(1).upperBound == 1)
        #expect(KMAAmount.range(from: 30, below: 50).lowerBound == 30)
        #expect(KMAAmount.range(from: 30, below: 50).upperBound == 50)
        #expect(KMAAmount.atLeast(50).lowerBound == 50 && KMAAmount.atLeast(50).upperBound == nil)
        #expect(KMAAmount.range(from: 30, below: 50).description == "30~<50")
    }

    @Test func villagePrecipitationTypesAreZeroToFour() {
        let types = (0...7).map { KMAPrecipitationType(code: $0, operation: .villageForecast) }

        #expect(
            types == [
                KMAPrecipitationType.none, .rain, .rainAndSnow, .snow, .shower, .unrecognized(code: 5),
                .unrecognized(code: 6), .unrecognized(code: 7),
            ])
    }

    @Test(arguments: [KMAOperation.ultraShortNowcast, .ultraShortForecast])
    func ultraShortPrecipitationTypesHaveDrizzleAndFlurriesButNoShower(operation: KMAOperation) {
        let types = (0...7).map { KMAPrecipitationType(code: $0, operation: operation) }

        #expect(
            types == [
                KMAPrecipitationType.none, .rain, .rainAndSnow, .snow, .unrecognized(code: 4), .drizzle,
                .drizzleAndSnowFlurries, .snowFlurries,
            ])
    }

    @Test func precipitationTypesHaveTheGuidesKoreanNames() {
        let names = [
            KMAPrecipitationType.none, .rain, .rainAndSnow, .snow, .shower, .drizzle, .drizzleAndSnowFlurries,
            .snowFlurries,
        ].map(\.koreanName)

        #expect(names == ["없음", "비", "비/눈", "눈", "소나기", "빗방울", "빗방울눈날림", "눈날림"])
        #expect(KMAPrecipitationType.drizzle.englishName == "Drizzle")
        #expect(KMAPrecipitationType.unrecognized(code: 9).code == 9)
    }

    @Test func skyCodesOneThreeFourAreNamedAndOthersKept() {
        #expect([1, 2, 3, 4].map(KMASky.init(code:)) == [.clear, .unrecognized(code: 2), .mostlyCloudy, .overcast])
        #expect([KMASky.clear, .mostlyCloudy, .overcast].map(\.koreanName) == ["맑음", "구름많음", "흐림"])
        #expect(KMASky.mostlyCloudy.englishName == "Mostly cloudy")
    }

    /// ⌊(VEC + 11.25) / 22.5⌋, 16 wrapping to north.
    @Test func windDirectionsFallInTheGuidesSixteenPoints() {
        #expect(KMACompassPoint(degrees: 0) == .north)
        #expect(KMACompassPoint(degrees: 11.24) == .north)
        #expect(KMACompassPoint(degrees: 11.25) == .northNortheast)
        #expect(KMACompassPoint(degrees: 105) == .eastSoutheast)
        #expect(KMACompassPoint(degrees: 318) == .northwest)
        #expect(KMACompassPoint(degrees: 348.74) == .northNorthwest)
        #expect(KMACompassPoint(degrees: 348.75) == .north)
        #expect(KMACompassPoint(degrees: 360) == .north)
        #expect(KMACompassPoint(degrees: 360.5) == nil)
        #expect(KMACompassPoint(degrees: -1) == nil)
    }

    @Test func compassPointsHaveKoreanAndEnglishNames() {
        #expect(KMACompassPoint.allCases.count == 16)
        #expect(
            KMACompassPoint.allCases.map(\.koreanName) == [
                "북", "북북동", "북동", "동북동", "동", "동남동", "남동", "남남동", "남", "남남서", "남서", "서남서", "서", "서북서", "북서", "북북서",
            ])
        #expect(KMACompassPoint.northwest.abbreviation == "NW")
        #expect(KMACompassPoint.northNortheast.englishName == "north-northeast")
        #expect(KMACompassPoint.westSouthwest.abbreviation == "WSW")
    }
}
