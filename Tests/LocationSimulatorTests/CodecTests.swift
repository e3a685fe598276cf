import Foundation
import LocationSimulator
import Testing

@Suite struct CodecTests {
    let start = Date(timeIntervalSince1970: 1_795_910_400)  // 2026-11-29T00:00:00Z

    func encode(_ format: OutputFormat, fixes: [LocationFix], grid: Bool = false, trace: Trace = TestTraces.drive())
        -> String
    {
        var encoder = format.makeEncoder(
            context: FixEncodingContext(trace: trace, startDate: start, includesKMAGrid: grid))
        let buffer = OutputBuffer()
        encoder.begin(into: buffer)
        for fix in fixes { encoder.encode(fix, into: buffer) }
        encoder.end(into: buffer)
        return buffer.text
    }

    func driveFixes(interval: Double = 300) throws -> [LocationFix] {
        var trace = TestTraces.drive()
        trace.events = [TraceEvent(time: 600, authorization: .denied)]
        return Array(FixSampler(playback: try Playback(trace: trace), interval: interval))
    }

    @Test func jsonLinesParseBackWithEveryField() throws {
        let fixes = try driveFixes()

        let lines = encode(.jsonl, fixes: fixes, grid: true).split(separator: "\n")

        #expect(lines.count == fixes.count)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["time"] as? String == "2026-11-29T00:00:00.000Z")
        #expect(first["lat"] as? Double == 37.5663174)
        #expect(first["lon"] as? Double == 126.9779451)
        #expect(first["waypoint"] as? String == "Seoul City Hall")
        #expect(first["authorization"] as? String == "authorizedWhenInUse")
        #expect(first["nx"] as? Int == 60 && first["ny"] as? Int == 127)
        let third = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        #expect(third["elapsed"] as? Double == 600)
        #expect(third["time"] as? String == "2026-11-29T00:10:00.000Z")
        #expect(third["authorization"] as? String == "denied")
        for (line, fix) in zip(lines, fixes) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(abs((object["lat"] as? Double ?? 0) - fix.coordinate.latitude) < 5e-8)
            #expect(abs((object["speed"] as? Double ?? 0) - fix.speed) < 0.005)
        }
    }

    @Test func jsonLinesEscapeWaypointNames() throws {
        let trace = Trace(name: "t", waypoints: [Waypoint(TestTraces.suwon, name: "Quote \" and \\ and\nnewline")])
        let fix = try Playback(trace: trace).fix(at: 0)

        let line = encode(.jsonl, fixes: [fix], trace: trace)

        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["waypoint"] as? String == "Quote \" and \\ and\nnewline")
    }

    @Test func gpxRoundTripsThroughTheImporter() throws {
        let fixes = try driveFixes(interval: 120)

        let gpx = encode(.gpx, fixes: fixes)
        let trace = try GPXImporter.importTrace(Array(gpx.utf8), fileName: "out.gpx")

        #expect(trace.name == "test drive")
        #expect(trace.start == start)
        #expect(trace.waypoints.count == fixes.count)
        for (waypoint, fix) in zip(trace.waypoints, fixes) {
            #expect(waypoint.point.distance(to: fix.coordinate) < 0.02)
            #expect(abs((waypoint.arrival ?? -1) - fix.time) < 0.001)
        }
        // Played back, the imported file reproduces the original positions at the original times.
        let replayed = try Playback(trace: trace)
        for fix in fixes { #expect(replayed.fix(at: fix.time).coordinate.distance(to: fix.coordinate) < 0.05) }
    }

    @Test func geoJSONPutsLongitudeFirst() throws {
        let fixes = try driveFixes()

        let text = encode(.geojson, fixes: fixes, grid: true)

        let collection = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == fixes.count + 1)
        let point = try #require((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(point == [126.9779451, 37.5663174])
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect(properties["nx"] as? Int == 60)
        let line = try #require(features.last?["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        let coordinates = try #require(line["coordinates"] as? [[Double]])
        #expect(coordinates.count == fixes.count)
        #expect(coordinates.allSatisfy { $0[0] > 126 && $0[0] < 128 && $0[1] > 36 && $0[1] < 38 })
    }

    @Test func nmeaSentencesCarryValidChecksumsAndDegreesMinutes() throws {
        let fixes = try driveFixes()

        let sentences = encode(.nmea, fixes: fixes).components(separatedBy: "\r\n").filter { !$0.isEmpty }

        #expect(sentences.count == 2 * fixes.count)
        for sentence in sentences {
            let star = try #require(sentence.lastIndex(of: "*"))
            let body = sentence[sentence.index(after: sentence.startIndex)..<star]
            let checksum = body.utf8.reduce(UInt8(0), ^)
            #expect(sentence.first == "$")
            #expect(String(sentence[sentence.index(after: star)...]) == String(format: "%02X", checksum))
        }
        let rmc = sentences[0].split(separator: ",", omittingEmptySubsequences: false)
        #expect(rmc[0] == "$GPRMC" && rmc[1] == "000000.00" && rmc[2] == "A")
        #expect(rmc[3] == "3733.9790" && rmc[4] == "N" && rmc[5] == "12658.6767" && rmc[6] == "E")
        #expect(rmc[9] == "291126")
        let gga = sentences[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(gga[0] == "$GPGGA" && gga[2] == "3733.9790" && gga[4] == "12658.6767" && gga[6] == "1")
        // Decoding ddmm.mmmm gives back the position within the format's resolution (about 0.2 m).
        let latitude = Double(rmc[3].prefix(2))! + Double(rmc[3].dropFirst(2))! / 60
        #expect(abs(latitude - fixes[0].coordinate.latitude) < 2e-6)
        let knots = Double(String(sentences[2].split(separator: ",")[7]))!
        #expect(abs(knots - fixes[1].speed * 3_600 / 1_852) < 0.05)
    }

    @Test func nmeaCarriesMinutesIntoTheDegree() {
        let fix = LocationFix(
            time: 0, coordinate: GeoPoint(latitude: 36.999999999, longitude: -127.5), horizontalAccuracy: 5, speed: -1,
            course: -1, authorization: .authorizedWhenInUse)

        let rmc = encode(.nmea, fixes: [fix]).split(separator: ",", omittingEmptySubsequences: false)

        #expect(rmc[3] == "3700.0000" && rmc[5] == "12730.0000" && rmc[6] == "W" && rmc[8] == "")
    }

    @Test func simctlLinesAreLatitudeCommaLongitude() throws {
        let fixes = try driveFixes()

        let lines = encode(.simctl, fixes: fixes).split(separator: "\n")

        #expect(lines.count == fixes.count)
        #expect(lines[0] == "37.5663174,126.9779451")
        for (line, fix) in zip(lines, fixes) {
            let parts = line.split(separator: ",").compactMap { Double($0) }
            #expect(abs(parts[0] - fix.coordinate.latitude) < 1e-7 && abs(parts[1] - fix.coordinate.longitude) < 1e-7)
        }
    }

    @Test func csvHasAHeaderAndOneRowPerFix() throws {
        let trace = Trace(name: "t", waypoints: [Waypoint(TestTraces.suwon, name: "Suwon, Paldal-gu")])
        let fix = try Playback(trace: trace).fix(at: 0)

        let rows = encode(.csv, fixes: [fix], grid: true, trace: trace).components(separatedBy: "\r\n")

        #expect(rows[0] == "time,elapsed,latitude,longitude,accuracy,speed,course,authorization,waypoint,nx,ny")
        let expected = [
            "2026-11-29T00:00:00.000Z", "0.000", "37.2831000", "127.0378300", "0.0", "0.00", "-1.0",
            "authorizedWhenInUse", #""Suwon, Paldal-gu""#, "61", "121",
        ]
        #expect(rows[1] == expected.joined(separator: ","))
        #expect(rows[2] == "")
    }

    @Test func fixedPointFormattingRoundsHalfAwayFromZeroAndNeverWritesMinusZero() {
        let buffer = OutputBuffer()

        for (value, digits) in [(37.56631745, 7), (-0.00000001, 7), (-1.5, 0), (2.5, 0), (0.125, 2), (-127.5, 1)] {
            buffer.appendFixed(value, fractionDigits: digits)
            buffer.append(UInt8(ascii: " "))
        }

        #expect(buffer.text == "37.5663175 0.0000000 -2 3 0.13 -127.5 ")
    }

    @Test func timestampsCrossDaysAndLeapYears() throws {
        let trace = Trace(name: "t", waypoints: [Waypoint(TestTraces.suwon)])
        let leapDay = Date(timeIntervalSince1970: 1_709_164_799.5)  // 2024-02-28T23:59:59.5Z
        var encoder = JSONLinesEncoder(context: FixEncodingContext(trace: trace, startDate: leapDay))
        let buffer = OutputBuffer()

        for time in [0.0, 0.5, 86_400.5] {
            encoder.encode(
                LocationFix(
                    time: time, coordinate: TestTraces.suwon, horizontalAccuracy: 0, speed: 0, course: -1,
                    authorization: .authorizedWhenInUse),
                into: buffer)
        }

        let times = buffer.text.split(separator: "\n").map { $0.dropFirst(9).prefix(24) }
        #expect(times == ["2024-02-28T23:59:59.500Z", "2024-02-29T00:00:00.000Z", "2024-03-01T00:00:00.000Z"])
    }
}
