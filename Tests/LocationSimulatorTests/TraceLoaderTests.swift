import Foundation
import LocationSimulator
import TestSupport
import Testing

@Suite struct TraceLoaderTests {
    @Test func theBundledSeoulToDaeguTraceLoads() throws {
        let trace = try TraceLoader.load(path: TestTraces.seoulToDaeguPath())

        let names = trace.waypoints.compactMap(\.name)
        #expect(names.first == "Seoul City Hall")
        #expect(names.last == "Daegu City Hall")
        for city in ["Suwon", "Cheonan", "Daejeon", "Gimcheon", "Gumi"] { #expect(names.contains(city)) }
        #expect(trace.waypoints.contains { $0.pauseSeconds > 0 })
        #expect(trace.events.contains { $0.authorization == .denied })
        let duration = try #require(try Playback(trace: trace).duration)
        #expect(abs(duration / trace.playbackSpeed - 60) < 10, "the demo should last about a minute")
    }

    @Test func theBundledWalkLoopsForeverWithNoiseAndAnArrivalTime() throws {
        let path = PackageLayout.traces.appendingPathComponent("seoul-city-hall-walk.json").path

        let trace = try TraceLoader.load(path: path)
        let playback = try Playback(trace: trace)

        #expect(trace.loop == .forever && playback.duration == nil)
        #expect((trace.noise?.accuracyMeters ?? 0) > 0)
        #expect(playback.timeline.arrivalTimes[2] == 240)
        #expect(playback.fix(at: 0).authorization == .notDetermined)
    }

    @Test func aFullTraceDecodesEveryField() throws {
        let trace = try TestTraces.decode(
            """
            {"format": "mockweather-trace/1", "name": "walk", "start": "2026-11-29T09:00:00+09:00",
             "speedKmh": 5, "intervalSeconds": 2, "playbackSpeed": 3, "loop": 2,
             "noise": {"accuracyMeters": 12, "seed": 7},
             "waypoints": [{"lat": 37.5, "lon": 127, "name": "A"},
                           {"lat": 37.51, "lon": 127, "at": "10:00", "pauseSeconds": 30},
                           {"lat": 37.52, "lon": 127, "speedKmh": 4}],
             "events": [{"at": 60, "authorization": "denied"},
                        {"at": "2026-11-29T09:05:00+09:00", "accuracyMeters": -1}]}
            """)

        #expect(trace.name == "walk")
        #expect(trace.start == Date(timeIntervalSince1970: 1_795_910_400))
        #expect(trace.speedKmh == 5 && trace.intervalSeconds == 2 && trace.playbackSpeed == 3)
        #expect(trace.loop == .laps(2))
        #expect(trace.noise == NoiseSettings(accuracyMeters: 12, seed: 7))
        #expect(trace.waypoints[1].arrival == 600 && trace.waypoints[1].pauseSeconds == 30)
        #expect(trace.waypoints[2].speedKmh == 4)
        #expect(
            trace.events == [TraceEvent(time: 60, authorization: .denied), TraceEvent(time: 300, accuracyMeters: -1)])
    }

    @Test func omittedFieldsTakeTheirDocumentedDefaults() throws {
        let trace = try TestTraces.decode(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 1, "lon": 2}]}"#, fileName: "dir/plain.json")

        #expect(trace.name == "plain")
        #expect(trace.speedKmh == Trace.defaultSpeedKmh)
        #expect(trace.intervalSeconds == 1 && trace.playbackSpeed == 1 && trace.loop == .once)
        #expect(trace.noise == nil && trace.start == nil && trace.events.isEmpty)
    }

    @Test func anOutOfRangeLatitudeNamesFilePathAndValue() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 1, "lon": 2}, {"lat": 2, "lon": 2}, "#
                + #"{"lat": 3, "lon": 2}, {"lat": 123.4, "lon": 2}]}"#,
            fileName: "seoul-to-daegu.json")

        #expect(
            error == "seoul-to-daegu.json:1:123: $.waypoints[3].lat: expected a number between -90 and 90, found 123.4")
    }

    @Test func anUnknownKeyIsRejectedWithASuggestion() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "speedKph": 80, "waypoints": [{"lat": 1, "lon": 2, "nmae": "x"}]}"#)

        #expect(
            error?.contains(#"test.json:1:35: $.speedKph: unknown key "speedKph"; did you mean 'speedKmh'?"#) == true)
        #expect(error?.contains(#"$.waypoints[0].nmae: unknown key "nmae"; did you mean 'name'?"#) == true)
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/2", "intervalSeconds": 0, "waypoints": [{"lat": "north", "lon": 200}]}"#)

        let lines = error?.split(separator: "\n").map(String.init) ?? []
        #expect(
            lines.contains(#"test.json:1:12: $.format: expected "mockweather-trace/1", found "mockweather-trace/2""#))
        #expect(
            lines.contains(
                "test.json:1:54: $.intervalSeconds: expected a number of seconds from 0.001 to 86400, found 0"))
        #expect(
            lines.contains(#"test.json:1:79: $.waypoints[0].lat: expected a number between -90 and 90, found "north""#))
        #expect(lines.contains("test.json:1:95: $.waypoints[0].lon: expected a number between -180 and 180, found 200"))
    }

    @Test func missingRequiredFieldsAreNamed() {
        let error = TestTraces.loadError(#"{"waypoints": [{"lon": 2}]}"#)

        #expect(error?.contains(#"test.json:1:1: $.format: missing; expected "mockweather-trace/1""#) == true)
        #expect(error?.contains("test.json:1:16: $.waypoints[0]: missing required key 'lat'") == true)
    }

    @Test func malformedJSONGivesLineAndColumn() {
        let error = TestTraces.loadError("{\n  \"format\": \"mockweather-trace/1\",\n  \"waypoints\": [,]\n}")

        #expect(error == "test.json:3:17: unexpected ','; expected a value")
    }

    @Test func aDuplicateKeyIsAnError() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 1, "lon": 2, "lat": 3}]}"#)

        #expect(error?.contains(#"$.waypoints[0].lat: duplicate key "lat""#) == true)
    }

    @Test func anUnknownAuthorizationSuggestsTheClosestState() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 1, "lon": 2}], "#
                + #""events": [{"at": 5, "authorization": "Denied"}]}"#)

        #expect(error?.contains("$.events[0].authorization: expected one of") == true)
        #expect(error?.contains("did you mean 'denied'?") == true)
    }

    @Test func eventsOutOfTimeOrderAreRejected() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 1, "lon": 2}], "#
                + #""events": [{"at": 50, "authorization": "denied"}, {"at": 40, "authorization": "restricted"}]}"#)

        #expect(error?.contains("$.events[1].at: events must be in time order") == true)
    }

    @Test func anArrivalTimeTheDeviceCannotMakeNamesTheWaypoint() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 37.5, "lon": 127, "pauseSeconds": 100}, "#
                + #"{"lat": 37.6, "lon": 127, "at": 60}]}"#)

        #expect(error?.contains("$.waypoints[1].at: arrival at 60 s (1:00) is impossible") == true)
    }

    @Test func aSpeedOnATimedLegIsAConflict() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 37.5, "lon": 127, "speedKmh": 50}, "#
                + #"{"lat": 37.6, "lon": 127, "at": 600}]}"#)

        #expect(error?.contains("$.waypoints[0].speedKmh: the leg leaving this waypoint is timed") == true)
    }

    @Test func theFirstWaypointCannotHaveALaterArrival() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 37.5, "lon": 127, "at": 30}]}"#)

        #expect(error?.contains("$.waypoints[0].at: the first waypoint is where the trace starts") == true)
    }

    @Test func anAbsoluteTimeNeedsAStart() {
        let error = TestTraces.loadError(
            #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 1, "lon": 2}, "#
                + #"{"lat": 1.1, "lon": 2, "at": "2026-11-29T09:00:00Z"}]}"#)

        #expect(error?.contains("$.waypoints[1].at: an ISO 8601 time needs the trace's 'start'") == true)
    }

    @Test func anEmptyWaypointListIsRejected() {
        let error = TestTraces.loadError(#"{"format": "mockweather-trace/1", "waypoints": []}"#)

        #expect(error == "test.json:1:48: $.waypoints: expected at least one waypoint, found an empty array")
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: TraceLoadError.unreadable(file: "/nonexistent/trace.json", reason: "no such file")) {
            try TraceLoader.load(path: "/nonexistent/trace.json")
        }
    }
}
