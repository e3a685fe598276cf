import Basics
import HTTPServer

extension AdminAPI {
    /// `GET /__admin/clock` reads the mock clock, `PUT` sets it (``ClockChange/set(_:body:)``); both
    /// answer with the reading. A body that is wrong, an impossible date or an instant outside the
    /// clock's range (``ClockRange``) is a 400 naming the member. The journal's timestamps stay real time whatever the clock says.
    func clockEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        switch request.method {
        case "GET":
            return .respond(json(200, clockReading()))
        case "PUT":
            do throws(ClockRequestError) {
                try ClockChange.set(clock, body: request.body)
            } catch {
                return .respond(json(400, .object([("error", .string(error.description))])))
            }
            return .respond(clockChanged())
        default:
            var response = json(405, .object(["error": .string("use GET or PUT")]))
            response.headers.add(name: "Allow", value: "GET, PUT")
            return .respond(response)
        }
    }

    /// `POST /__admin/clock/advance`: moves the clock by the body's seconds or duration and fixes it
    /// there (a clock on real time is fixed at real time plus the advance). An advance of more than a
    /// century, or one that would leave the clock's range, is a 400 naming the member; the clock stays.
    func clockAdvance(_ request: HTTPRequest) -> HTTPHandlerResult {
        only("POST", request.method) {
            do throws(ClockRequestError) {
                try ClockChange.advance(clock, body: request.body)
            } catch {
                return .respond(json(400, .object([("error", .string(error.description))])))
            }
            return .respond(clockChanged())
        }
    }

    /// `{"now": "2026-11-30T17:05:00.000Z", "fixed": true}`: the reading in ISO 8601 UTC, and whether
    /// the clock stands still (set or advanced) rather than following real time.
    func clockReading() -> JSONValue {
        let fixed = if case .fixed = clock.current { true } else { false }
        return .object([("now", .string(MockClock.iso8601(clock.now))), ("fixed", .bool(fixed))])
    }

    private func clockChanged() -> HTTPResponse {
        let reading = clockReading()
        events.publish("clock", data: reading)
        return json(200, reading)
    }
}
