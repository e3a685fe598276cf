import Foundation
import Gazetteer
import Testing

/// Small gazetteer folders written for a test: one time zone (UTC), two countries and the places given.
enum GazetteerFixture {
    static func directory(
        places: [String], timeZones: [String] = ["Etc/UTC\t0\t0"],
        countries: [String] = ["FJ\tFJI\tFiji\t", "WS\tWSM\tSamoa\t", "SJ\tSJM\tSvalbard\t", "AR\tARG\tArgentina\t"]
    ) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("gazetteer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            ("timezones.tsv", "timezones", timeZones), ("countries.tsv", "countries", countries),
            ("places.tsv", "places", places),
        ]
        for (name, kind, lines) in files {
            let header = ["# mockweather-gazetteer/1 \(kind)", "# a test's fixture"]
            let text = (header + lines).joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return root.path(percentEncoded: false)
    }

    static func remove(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

@Suite struct GazetteerLoadingTests {
    @Test func aMalformedFieldNamesTheFileLineAndField() throws {
        let directory = try GazetteerFixture.directory(places: [
            "1\tFirst\t\t-17.0000\t179.9000\tFJ\t\t20000\t0\t",
            "2\tSecond\t\tnorth\t-170.0000\tWS\t\t90000\t0\t",
        ])
        defer { GazetteerFixture.remove(directory) }
        let gazetteer = Gazetteer(directory: directory)
        let problem = try #require(gazetteer.loadProblem)
        guard case .malformed(let file, let line, let field, let what) = problem else {
            Issue.record("expected a malformed line, got \(problem)")
            return
        }
        #expect(file.hasSuffix("gazetteer/places.tsv"))
        #expect(line == 4)
        #expect(field == "latitude")
        #expect(what.contains("north"))
        #expect(problem.description.contains("places.tsv:4: latitude:"))
    }

    @Test func aMalformedGazetteerAnswersNothing() throws {
        let directory = try GazetteerFixture.directory(places: ["1\tOnly\t\t10.0\t10.0\tFJ\t\t5\t7\t"])
        defer { GazetteerFixture.remove(directory) }
        let gazetteer = Gazetteer(directory: directory)
        #expect(gazetteer.place(id: 1) == nil)
        #expect(gazetteer.places(matching: "Only", limit: 1).isEmpty)
        #expect(gazetteer.nearest(latitude: 10, longitude: 10) == nil)
        #expect(gazetteer.count == 0)
        #expect(gazetteer.loadProblem?.description.contains("timezone") == true)
    }

    @Test func aLineWithTooFewFieldsIsMalformed() throws {
        let directory = try GazetteerFixture.directory(places: ["1\tOnly\t10.0"])
        defer { GazetteerFixture.remove(directory) }
        #expect(
            Gazetteer(directory: directory).loadProblem
                == .malformed(
                    file: directory + "/gazetteer/places.tsv", line: 3, field: "line",
                    problem:
                        "10 tab-separated fields expected (id, name, korean, latitude, longitude, country, admin1, "
                        + "population, timezone, aliases), found 3"))
    }

    @Test func idsOutOfOrderAreMalformed() throws {
        let directory = try GazetteerFixture.directory(places: [
            "2\tSecond\t\t1.0\t1.0\tFJ\t\t5\t0\t", "1\tFirst\t\t1.0\t1.0\tFJ\t\t5\t0\t",
        ])
        defer { GazetteerFixture.remove(directory) }
        let problem = Gazetteer(directory: directory).loadProblem
        #expect(problem?.description.contains("places.tsv:4: id:") == true)
    }

    @Test func aFileWithoutTheFormatHeaderIsMalformed() throws {
        let directory = try GazetteerFixture.directory(places: [])
        defer { GazetteerFixture.remove(directory) }
        try Data("Etc/UTC\t0\t0\n".utf8).write(to: URL(fileURLWithPath: directory + "/gazetteer/timezones.tsv"))
        let problem = Gazetteer(directory: directory).loadProblem
        #expect(problem?.description.hasPrefix(directory + "/gazetteer/timezones.tsv:1: header:") == true)
    }

    @Test func aMissingFolderIsUnreadableAndAnswersNothing() {
        let gazetteer = Gazetteer(directory: "/nonexistent/world")
        #expect(gazetteer.place(id: 1_838_524) == nil)
        #expect(gazetteer.place(postalCode: "04524", country: "KR") == nil)
        guard case .unreadable(let file, let reason)? = gazetteer.loadProblem else {
            Issue.record("expected an unreadable file, got \(String(describing: gazetteer.loadProblem))")
            return
        }
        #expect(file == "/nonexistent/world/gazetteer/timezones.tsv")
        #expect(reason == "No such file or directory")
    }

    @Test func aFixtureIsReadWithItsKoreanAliases() throws {
        let directory = try GazetteerFixture.directory(
            places: ["7\tBusan\t부산\t35.1017\t129.0300\tKR\t10\t3285147\t0\t부산광역시|부산시"],
            countries: ["KR\tKOR\tSouth Korea\t"])
        defer { GazetteerFixture.remove(directory) }
        let gazetteer = Gazetteer(directory: directory)
        #expect(gazetteer.places(matching: "부산시", limit: 1).first?.id == 7)
        #expect(gazetteer.countryName(code: "KR") == "South Korea")
    }
}
