import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// Every matching rule (docs/ARCHITECTURE.md#matching), one behaviour per test.
@Suite struct MatchingTests {
    private func matchedName(_ library: CassetteLibrary, _ target: String, method: String = "GET") -> String? {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let query = target.contains("?") ? String(target.split(separator: "?", maxSplits: 1)[1]) : nil
        return library.match(ReplayRequest(method: method, path: path, query: query, providers: Providers.all)).map {
            library.entries[$0.ordinal].label
        }
    }

    @Test func methodAndPathMustBeEqualWithPercentDecodingAndTrailingSlashIgnored() throws {
        let library = try library([("weather.json", cassetteJSON(interaction(path: "/data/2.5/weather")))])
        #expect(matchedName(library, "/data/2.5/weather") == "weather")
        #expect(matchedName(library, "/data/2.5/weather/") == "weather")
        #expect(matchedName(library, "/data/2%2E5/weather") == "weather")
        #expect(matchedName(library, "/data/2.5/weather", method: "POST") == nil)
        #expect(matchedName(library, "/data/2.5/forecast") == nil)
    }

    @Test func absoluteFormTargetsMatchByPathAndQuery() throws {
        let library = try library([("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))])
        let request = ReplayRequest(
            method: "GET", path: "http://api.openweathermap.org/data/2.5/weather?q=Seoul&APPID=x&lang=en", query: nil,
            providers: Providers.all)
        #expect(library.match(request) != nil)
    }

    @Test func parametersTheCassetteDoesNotNameAreFreeAndOrderNeverMatters() throws {
        let library = try library([("s.json", cassetteJSON(interaction(query: #"{"q": "seoul", "units": "metric"}"#)))])
        #expect(matchedName(library, "/data/2.5/weather?appid=k&units=metric&lang=kr&q=seoul") == "s")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul") == nil)
    }

    @Test func keysCompareCaseInsensitivelyAndQIgnoresCaseAndSurroundingSpace() throws {
        let library = try library([("s.json", cassetteJSON(interaction(query: #"{"Q": "Seoul"}"#)))])
        #expect(matchedName(library, "/data/2.5/weather?q=SEOUL") == "s")
        #expect(matchedName(library, "/data/2.5/weather?Q=%20seoul+") == "s")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul%2Ckr") == nil)
    }

    @Test func otherValuesCompareExactlyUnlessBothAreNumbers() throws {
        let library = try library([
            ("units.json", cassetteJSON(interaction(query: #"{"units": "metric"}"#))),
            ("coords.json", cassetteJSON(interaction(query: #"{"lat": 37.50, "lon": "127"}"#))),
        ])
        #expect(matchedName(library, "/data/2.5/weather?units=Metric") == nil)
        #expect(matchedName(library, "/data/2.5/weather?lat=37.5&lon=127.000") == "coords")
        #expect(matchedName(library, "/data/2.5/weather?lat=3.75e1&lon=127") == "coords")
        #expect(matchedName(library, "/data/2.5/weather?lat=37.51&lon=127") == nil)
    }

    @Test func theAPIDefaultOfLangUnitsOrModeIsTheSameRequestAsLeavingItOut() throws {
        // As record mode writes them: recorded without lang (pinned absent), and with lang=en.
        let library = try library([
            (
                "seoul.json",
                cassetteJSON(interaction(query: #"{"q": "seoul", "lang": null, "units": null, "mode": null}"#))
            ),
            ("busan.json", cassetteJSON(interaction(query: #"{"q": "busan", "lang": "en", "units": "Standard"}"#))),
            ("seoul-kr.json", cassetteJSON(interaction(query: #"{"q": "seoul", "lang": "kr"}"#))),
        ])
        // pyowm sends lang=en on every request.
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&lang=en&APPID=k") == "seoul")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&lang=EN&units=standard&mode=json") == "seoul")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&lang=kr") == "seoul-kr")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&units=metric") == nil)
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&mode=xml") == nil)
        #expect(matchedName(library, "/data/2.5/weather?q=busan") == "busan")
        #expect(matchedName(library, "/data/2.5/weather?q=busan&lang=en&units=standard") == "busan")
        #expect(matchedName(library, "/data/2.5/weather?q=busan&lang=de") == nil)
        let miss = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "GET", path: "/data/2.5/weather", query: "q=busan&lang=de", providers: Providers.all)))
        #expect(
            miss.summary == "busan (lang: de given, must be absent (or en, the API's default))")
    }

    @Test func aRecordingWithTheDefaultAndOneWithoutItAreTheSameRequest() {
        let found = problems([
            ("a.json", cassetteJSON(interaction(query: #"{"q": "seoul", "lang": null}"#))),
            ("b.json", cassetteJSON(interaction(query: #"{"q": "seoul", "lang": "en"}"#))),
        ])
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("the same request as a.json") == true, "\(found)")
    }

    @Test func starMatchesAnyPresentValueAndNullRequiresAbsence() throws {
        let library = try library([
            ("present.json", cassetteJSON(interaction(query: #"{"zip": "*"}"#))),
            ("absent.json", cassetteJSON(interaction(query: #"{"q": null, "lat": null, "id": null, "zip": null}"#))),
        ])
        #expect(matchedName(library, "/data/2.5/weather?zip=10001,us") == "present")
        #expect(matchedName(library, "/data/2.5/weather?appid=k") == "absent")
        #expect(matchedName(library, "/data/2.5/weather?q=anything") == nil)
    }

    @Test func nearMatchesOnlyWithinTheRadiusAndOnlyWithCoordinates() throws {
        let library = try library([
            ("seoul.json", cassetteJSON(interaction(near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#)))
        ])
        #expect(matchedName(library, "/data/2.5/weather?lat=37.517829&lon=126.886270") == "seoul")  // ~9.7 km
        #expect(matchedName(library, "/data/2.5/weather?lat=37.2831&lon=127.03783") == nil)  // Suwon, ~32 km
        #expect(matchedName(library, "/data/2.5/weather?q=seoul") == nil)
        #expect(matchedName(library, "/data/2.5/weather?lat=north&lon=126.9") == nil)
    }

    @Test func theNearerOfTwoNearCassettesWins() throws {
        let library = try library([
            ("a-seoul.json", cassetteJSON(interaction(near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 30}"#))),
            ("b-sesac.json", cassetteJSON(interaction(near: #"{"lat": 37.517829, "lon": 126.88627, "radiusKm": 30}"#))),
        ])
        #expect(matchedName(library, "/data/2.5/weather?lat=37.52&lon=126.89") == "b-sesac")
        #expect(matchedName(library, "/data/2.5/weather?lat=37.566&lon=126.978") == "a-seoul")
    }

    @Test func theMostSpecificMatchWinsAndTiesGoToTheFirstFile() throws {
        let library = try library([
            ("a.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
            ("b.json", cassetteJSON(interaction(query: #"{"q": "seoul", "lang": "kr"}"#))),
            ("c.json", cassetteJSON(interaction(query: #"{"lang": "kr", "units": "*"}"#))),
            ("d.json", cassetteJSON(interaction(query: #"{"lang": "kr", "units": "metric"}"#))),
        ])
        #expect(matchedName(library, "/data/2.5/weather?q=seoul") == "a")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&lang=kr") == "b")
        // b and d both name two values; b's file comes first.
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&lang=kr&units=metric") == "b")
        #expect(matchedName(library, "/data/2.5/weather?lang=kr&units=imperial") == "c")
    }

    @Test func aLiteralAppidWinsOverALocationMatchBecauseTheAPIChecksTheKeyFirst() throws {
        let library = try library([
            ("a-seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul", "units": "metric"}"#))),
            ("b-invalid-key.json", cassetteJSON(interaction(query: #"{"appid": "invalid"}"#))),
        ])
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&units=metric&appid=invalid") == "b-invalid-key")
        #expect(matchedName(library, "/data/2.5/weather?q=seoul&units=metric&appid=real") == "a-seoul")
    }

    @Test func theIndexGivesTheSameAnswerAsCheckingEveryInteraction() throws {
        var files: [(String, String)] = []
        for number in 0..<300 {
            files.append(("gen/city-\(number).json", cassetteJSON(interaction(query: #"{"q": "city\#(number)"}"#))))
            files.append(("gen/id-\(number).json", cassetteJSON(interaction(query: #"{"id": \#(number)}"#))))
            let lat = 30 + Double(number % 20)
            let lon = 120 + Double(number / 20)
            files.append(
                (
                    "gen/near-\(number).json",
                    cassetteJSON(interaction(near: #"{"lat": \#(lat), "lon": \#(lon), "radiusKm": 60}"#))
                ))
        }
        files.append(("gen/zz-catch.json", cassetteJSON(interaction(query: #"{"q": null, "id": null, "lat": null}"#))))
        let library = try library(files)
        let targets = [
            "q=CITY7", "id=12", "id=12.0", "lat=31.2&lon=121.3", "lat=45.01&lon=134.99", "appid=1", "q=nowhere",
            "lat=0&lon=0", "q=city299&lat=31&lon=121",
        ]
        for target in targets {
            let request = ReplayRequest(
                method: "GET", path: "/data/2.5/weather", query: target, providers: Providers.all)
            var expected: (Int, MatchQuality)?
            for ordinal in library.entries.indices {
                guard let quality = Matchers.match(library.entries[ordinal].pattern, request) else { continue }
                if expected == nil || quality.isBetter(than: expected!.1) { expected = (ordinal, quality) }
            }
            #expect(library.match(request)?.ordinal == expected?.0, "\(target)")
            #expect(library.index.candidates(for: request).count < 30, "\(target) scanned too many candidates")
        }
    }

    /// 20,000 interactions on one path made every unmatched request on it cost 25-45 ms, all of
    /// them diagnosed: a diagnosis examines a bounded few, its own place's first, and says so.
    @Test func aMissOnARouteOfThousandsIsDiagnosedFromABoundedFewAndSaysHowMany() throws {
        let interactions = (0..<20_000).map { interaction(query: #"{"q": "city\#($0)", "lang": "ko"}"#) }
        let library = try library([
            (
                "current/many.json",
                #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [\#(interactions.joined(separator: ","))]}"#
            )
        ])
        let limit = CassetteLibrary.nearMissExaminationLimit
        let own = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "GET", path: "/data/2.5/weather", query: "q=city15000&lang=de", providers: Providers.all)))
        #expect(own.interactionIndex == 15_000)
        #expect(own.examined == NearMiss.Coverage(count: limit, total: 20_000))
        #expect(own.summary.hasSuffix("[the closest of \(limit) of this route's 20000 interactions examined]"))
        let elsewhere = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "GET", path: "/data/2.5/weather", query: "q=nowhere", providers: Providers.all)))
        #expect(elsewhere.examined == NearMiss.Coverage(count: limit, total: 20_000))
        #expect(elsewhere.interactionIndex < limit)
    }

    @Test func aMissIsExplainedThroughTheClosestInteraction() throws {
        let library = try library([
            ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
            ("current/daegu.json", cassetteJSON(interaction(query: #"{"q": "daegu"}"#))),
            (
                "current/near.json",
                cassetteJSON(interaction(near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#))
            ),
        ])
        let busan = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "GET", path: "/data/2.5/weather", query: "q=seoull", providers: Providers.all)))
        #expect(busan.summary == "current/seoul (q: seoull ≠ seoul)")
        let far = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "GET", path: "/data/2.5/weather", query: "lat=35.87&lon=128.6", providers: Providers.all))
        )
        #expect(far.cassette == "current/near")
        #expect(far.failures.map(\.difference) == ["near: 237.8 km from 37.5683,126.9778, radius 20 km"])
        let typo = try #require(
            library.nearMiss(
                for: ReplayRequest(method: "GET", path: "/data/2.5/wether", query: "q=seoul", providers: Providers.all))
        )
        #expect(typo.failures.map(\.difference) == ["path: /data/2.5/wether ≠ /data/2.5/weather"])
    }

    @Test func aMissOnAnotherPathNamesTheNearestPathNotTheCassetteFailingFewestRules() throws {
        // A reverse-geocoding cassette near Seoul fails fewer rules for a One Call request at Seoul than
        // a current-weather one for q=Seoul does, but a wrong path is the worst kind of miss.
        let library = try library([
            ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
            (
                "geocoding/seoul.json",
                cassetteJSON(
                    interaction(
                        path: "/geo/1.0/reverse", near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#))
            ),
            (
                "onecall/seoul.json",
                cassetteJSON(
                    interaction(
                        path: "/data/3.0/onecall/overview", near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#)
                )
            ),
        ])
        let query = "lat=37.5683&lon=126.9778&units=metric&appid=x"
        let withoutOneCall = CassetteLibrary(
            cassettes: try library.wholeCassettes().filter { $0.name != "onecall/seoul" }, providers: Providers.all)
        let fromWeather = try #require(
            withoutOneCall.nearMiss(
                for: ReplayRequest(method: "GET", path: "/data/3.0/onecall", query: query, providers: Providers.all)))
        #expect(fromWeather.cassette == "current/seoul")
        let oneCall = try #require(
            library.nearMiss(
                for: ReplayRequest(method: "GET", path: "/data/3.0/onecall", query: query, providers: Providers.all)))
        #expect(oneCall.cassette == "onecall/seoul")
        let misspelt = try #require(
            library.nearMiss(
                for: ReplayRequest(method: "GET", path: "/data/3.0/onecal", query: query, providers: Providers.all)))
        #expect(misspelt.cassette == "onecall/seoul")
        let typo = try #require(
            library.nearMiss(
                for: ReplayRequest(method: "GET", path: "/geo/1.0/revers", query: query, providers: Providers.all)))
        #expect(typo.cassette == "geocoding/seoul")
        let post = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "POST", path: "/data/3.0/onecall/overview", query: query, providers: Providers.all)))
        #expect(post.cassette == "onecall/seoul")
        #expect(post.failures.map(\.difference) == ["method: POST ≠ GET"])
    }

    @Test func aMissOnAKnownPathIsExplainedByACandidateOnThatPath() throws {
        let library = try library([
            ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
            (
                "onecall/timemachine.json",
                cassetteJSON(
                    interaction(
                        path: "/data/3.0/onecall/timemachine", query: #"{"dt": "*"}"#,
                        near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#))
            ),
        ])
        let miss = try #require(
            library.nearMiss(
                for: ReplayRequest(
                    method: "GET", path: "/data/3.0/onecall/timemachine", query: "q=seoul&lat=37.5&lon=127",
                    providers: Providers.all)
            ))
        #expect(miss.cassette == "onecall/timemachine")
        #expect(miss.failures.map(\.difference) == ["dt: missing, expected any value"])
    }
}
