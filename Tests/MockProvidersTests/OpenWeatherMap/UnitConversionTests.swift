import Basics
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

@Suite struct UnitConversionTests {
    private let seoul =
        #"{"coord":{"lon":126.9778,"lat":37.5683},"main":{"temp":270.81,"feels_like":267.4,"temp_min":269.84,"temp_max":270.81,"pressure":1031,"humidity":18},"wind":{"speed":2.46,"deg":318,"gust":4.32},"name":"Seoul","cod":200}"#

    private func converted(_ body: String, from source: Units, to target: Units) throws -> String {
        let value = try JSONParser.parse(Array(body.utf8))
        return String(decoding: UnitConversion.convert(value, from: source, to: target).compactBytes, as: UTF8.self)
    }

    @Test func metricConvertsTemperaturesOnlyRoundedToTwoDecimals() throws {
        #expect(
            try converted(seoul, from: .standard, to: .metric)
                == #"{"coord":{"lon":126.9778,"lat":37.5683},"main":{"temp":-2.34,"feels_like":-5.75,"temp_min":-3.31,"temp_max":-2.34,"pressure":1031,"humidity":18},"wind":{"speed":2.46,"deg":318,"gust":4.32},"name":"Seoul","cod":200}"#
        )
    }

    @Test func imperialConvertsTemperaturesAndWindSpeedAndGust() throws {
        #expect(
            try converted(seoul, from: .standard, to: .imperial)
                == #"{"coord":{"lon":126.9778,"lat":37.5683},"main":{"temp":27.79,"feels_like":21.65,"temp_min":26.04,"temp_max":27.79,"pressure":1031,"humidity":18},"wind":{"speed":5.5,"deg":318,"gust":9.66},"name":"Seoul","cod":200}"#
        )
    }

    @Test func conversionGoesBackFromMetricAndImperialToStandard() {
        #expect(UnitConversion.rounded(UnitConversion.temperature(-2.34, from: .metric, to: .standard)) == 270.81)
        #expect(UnitConversion.rounded(UnitConversion.temperature(80.6, from: .imperial, to: .metric)) == 27)
        #expect(UnitConversion.rounded(UnitConversion.windSpeed(5.5, from: .imperial, to: .metric)) == 2.46)
    }

    @Test func roundingIsHalfAwayFromZeroAndWholeNumbersHaveNoFraction() {
        #expect(UnitConversion.rounded(-2.345) == -2.35 || UnitConversion.rounded(-2.345) == -2.34)
        #expect(UnitConversion.rounded(0.125) == 0.13)
        #expect(UnitConversion.format(27) == "27")
        #expect(UnitConversion.format(-0.5) == "-0.5")
    }

    @Test func forecastItemsAreConvertedAndOtherFieldsKeepTheirLiterals() throws {
        let forecast =
            #"{"cod":"200","message":0,"list":[{"dt":1,"main":{"temp":273.15,"temp_kf":0.4},"wind":{"speed":1.0}},{"dt":2,"main":{"temp":300.0}}],"city":{"coord":{"lat":37.5683}}}"#
        #expect(
            try converted(forecast, from: .standard, to: .imperial)
                == #"{"cod":"200","message":0,"list":[{"dt":1,"main":{"temp":32,"temp_kf":0.4},"wind":{"speed":2.24}},{"dt":2,"main":{"temp":80.33}}],"city":{"coord":{"lat":37.5683}}}"#
        )
    }

    @Test func bodiesOfOtherShapesAreNotConvertible() throws {
        #expect(!UnitConversion.isConvertible(try JSONParser.parse(Array(#"[{"name":"Seoul","lat":37.5}]"#.utf8))))
        #expect(
            !UnitConversion.isConvertible(
                try JSONParser.parse(Array(#"{"cod":"404","message":"city not found"}"#.utf8))))
    }

    @Test func anUnknownOrMissingUnitsParameterMeansStandardAsTheAPIDoes() {
        #expect(Units(requestValue: nil) == .standard)
        #expect(Units(requestValue: "kelvin") == .standard)
        #expect(Units(requestValue: "Metric") == .metric)
    }

    /// A recorded `1e308` K was written as `inf` in metric (the rounding overflowed): invalid JSON.
    @Test func aHugeRecordedNumberConvertsToValidJSONNeverInfinity() throws {
        let huge = #"{"main":{"temp":1e308,"feels_like":-1.7976931348623157e308},"wind":{"speed":1e308}}"#
        let metric = try JSONParser.parse(Array(try converted(huge, from: .standard, to: .metric).utf8))
        #expect(metric["main"]?["temp"]?.doubleValue == 1e308 - 273.15)
        #expect(metric["wind"]?["speed"]?.doubleValue == 1e308)
        #expect(
            try converted(huge, from: .standard, to: .imperial)
                == #"{"main":{"temp":null,"feels_like":null},"wind":{"speed":null}}"#)
        for target in [Units.metric, .imperial] {
            #expect((try? JSONParser.parse(Array(try converted(huge, from: .standard, to: target).utf8))) != nil)
        }
        #expect(UnitConversion.rounded(-2.345) == -2.35)
        #expect(UnitConversion.rounded(1e20) == 1e20)
    }
}
