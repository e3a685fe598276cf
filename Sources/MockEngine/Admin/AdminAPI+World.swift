import Basics
import HTTPServer
import WeatherWorld

extension AdminAPI {
    /// `GET /__admin/world` says whether unmatched requests are answered from the synthetic world and
    /// from which (scenario, seed, the clock start its relative times count from, the presets); `PUT`
    /// switches it at run time (``WorldChange``): `{"scenario": "cold-wave", "seed": 3}` turns it on or
    /// changes it, `{"synthesize": false}` turns it off. A wrong body is a 400 naming the member; the
    /// world stays as it was.
    func worldEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        switch request.method {
        case "GET":
            return .respond(json(200, worldReading()))
        case "PUT":
            do throws(WorldChangeError) {
                world.choose(try WorldChange.choice(from: request.body, current: world.world, board: world))
            } catch {
                return .respond(json(400, .object([("error", .string(error.description))])))
            }
            let reading = worldReading()
            events.publish("world", data: reading)
            return .respond(json(200, reading))
        default:
            var response = json(405, .object(["error": .string("use GET or PUT")]))
            response.headers.add(name: "Allow", value: "GET, PUT")
            return .respond(response)
        }
    }

    /// `{"synthesize": true, "scenario": "typhoon-landfall", "seed": 7, "clockStart": "…", "presets": […]}`.
    func worldReading() -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let current = world.world {
            members.append(("synthesize", .bool(true)))
            members.append(("scenario", .string(current.scenario.name)))
            members.append(("seed", .number(Int(current.seed))))
        } else {
            members.append(("synthesize", .bool(false)))
        }
        members.append(("clockStart", .string(Timestamp.iso8601(milliseconds: world.clockStart * 1_000))))
        members.append(("presets", .array(world.presetNames.map { .string($0) })))
        return .object(members)
    }
}
