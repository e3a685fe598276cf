import Foundation
import Gazetteer
import Testing

@Suite struct GazetteerNearnessTests {
    let gazetteer = BundledGazetteer.shared

    @Test func theNearestPlaceToBusanHarbourIsInBusan() throws {
        let nearest = try #require(gazetteer.nearest(latitude: 35.1, longitude: 129.0))
        #expect(nearest.place.countryCode == "KR")
        #expect(nearest.place.admin1Code == "10")
        #expect(nearest.kilometres < 10)
    }

    @Test func theNearestPlaceToJejuIsJejuCity() {
        #expect(gazetteer.nearest(latitude: 33.5, longitude: 126.5)?.place.id == 1_846_266)
    }

    @Test func nearbyListsByDistanceAloneSoADistrictComesBeforeItsCity() {
        let places = gazetteer.nearby(latitude: 33.5, longitude: 126.5, limit: 5).map(\.id)
        #expect(places.first == 6_194_195)  // Seodong, a district of Jeju City 2.1 km away
        #expect(places.contains(1_846_266))
    }

    @Test func nearbyPlacesComeNearestFirst() {
        let places = gazetteer.nearbyWithDistances(latitude: 37.5663, longitude: 126.9779, limit: 10)
        #expect(places.count == 10)
        #expect(places.first?.place.id == 1_835_848)
        #expect(zip(places, places.dropFirst()).allSatisfy { $0.kilometres <= $1.kilometres })
    }

    @Test func theNearestPlaceIsFoundAcrossTheAntimeridian() throws {
        let directory = try GazetteerFixture.directory(places: [
            "1\tEast\t\t-17.0000\t179.9000\tFJ\t\t20000\t0\t",
            "2\tWest\t\t-17.0000\t-170.0000\tWS\t\t90000\t0\t",
        ])
        defer { GazetteerFixture.remove(directory) }
        let gazetteer = Gazetteer(directory: directory)
        let nearest = try #require(gazetteer.nearest(latitude: -17.0, longitude: -179.9))
        #expect(nearest.place.id == 1)
        #expect(abs(nearest.kilometres - 21.3) < 0.5)
    }

    @Test func aPointAtThePoleStillHasANearestPlace() throws {
        let directory = try GazetteerFixture.directory(places: [
            "1\tNorth\t\t78.2233\t15.6469\tSJ\t\t2000\t0\t",
            "2\tSouth\t\t-54.8108\t-68.3159\tAR\t\t60000\t0\t",
        ])
        defer { GazetteerFixture.remove(directory) }
        let gazetteer = Gazetteer(directory: directory)
        #expect(gazetteer.nearest(latitude: 90, longitude: -120)?.place.id == 1)
        #expect(gazetteer.nearest(latitude: -90, longitude: 45)?.place.id == 2)
        #expect(gazetteer.nearby(latitude: 0, longitude: 0, limit: 5).count == 2)
    }

    @Test func aPointFarOutAtSeaHasANearestPlace() throws {
        let nearest = try #require(gazetteer.nearest(latitude: -48.9, longitude: -123.4))
        #expect(nearest.kilometres > 1_000)
    }

    @Test func anEmptyGazetteerHasNoNearestPlace() throws {
        let directory = try GazetteerFixture.directory(places: [])
        defer { GazetteerFixture.remove(directory) }
        let gazetteer = Gazetteer(directory: directory)
        #expect(gazetteer.loadProblem == nil)
        #expect(gazetteer.nearest(latitude: 0, longitude: 0) == nil)
        #expect(gazetteer.nearby(latitude: 0, longitude: 0, limit: 3).isEmpty)
    }
}
