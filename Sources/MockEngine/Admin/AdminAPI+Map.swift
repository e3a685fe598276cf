import Basics
import HTTPServer
import KoreaRegions

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The admin endpoints the dashboard's map draws Korea and the scenario from.
extension AdminAPI {
    /// `GET /__admin/basemap`: South Korea's provinces, simplified, as a GeoJSON `FeatureCollection`
    /// (``KoreaRegions/provinceOutlines()``), so the map has a coastline without outside tiles. It does
    /// not change while the server runs: the answer carries an `ETag` and a repeat that sends it back in
    /// `If-None-Match` is a 304. A program without the regions (no `World/korea/` data, or a file that did
    /// not read) answers 404 saying why. The first call reads the file, so it runs off the event loop.
    func basemapEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        only("GET", request.method) {
            do throws(AdminQueryError) {
                _ = try AdminQuery(request.query, endpoint: "GET /__admin/basemap", allowed: [])
            } catch {
                return .respond(json(400, .object([("error", .string(error.description))])))
            }
            let korea = world.korea
            let ifNoneMatch = request.headers["If-None-Match"]
            return .respondLater { [self] in
                guard let korea else {
                    return json(
                        404, .object([("error", .string("no map of Korea: this program has no World data folder"))]))
                }
                guard let outlines = korea.provinceOutlines() else {
                    let why = korea.outlinesProblem.map(Basemap.shown) ?? "the regions hold no provinces' outlines"
                    return json(404, .object([("error", .string("no map of Korea: \(why)"))]))
                }
                return Basemap.response(outlines, ifNoneMatch: ifNoneMatch)
            }
        }
    }

    /// `GET /__admin/world/events[?at=UNIX]`: the world's scenario events as the map draws them at the
    /// mock clock's reading, or at `at` (Unix seconds) (``ScenarioMap``). With synthesis off the events
    /// are empty. An `at` that is no whole number, or past the clock's range, is a 400 naming it.
    func worldEventsEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        only("GET", request.method) {
            let endpoint = "GET /__admin/world/events"
            let at: Int?
            do throws(AdminQueryError) {
                at = try AdminQuery(request.query, endpoint: endpoint, allowed: ["at"]).count("at")
            } catch {
                return .respond(json(400, .object([("error", .string(error.description))])))
            }
            if let at, !ClockRange.contains(seconds: Int64(at)) {
                let message =
                    "\(endpoint): at must be Unix seconds in the clock's range (\(ClockRange.description)), not \(at)"
                return .respond(json(400, .object([("error", .string(message))])))
            }
            let time = at.map { Int64($0) } ?? Int64(clock.now.timeIntervalSince1970.rounded(.down))
            return .respond(json(200, ScenarioMap.json(world: world.world, at: time)))
        }
    }
}

/// The basemap's answer: the outlines as they are, with a validator so a browser keeps them.
enum Basemap {
    /// 200 with `outlines`, or 304 when `ifNoneMatch` names their tag (or is `*`).
    static func response(_ outlines: [UInt8], ifNoneMatch: String?) -> HTTPResponse {
        let tag = entityTag(of: outlines)
        var headers = HTTPHeaders()
        headers.add(name: "ETag", value: tag)
        // Kept by the browser and asked again each time: a new binary may bring other outlines.
        headers.add(name: "Cache-Control", value: "no-cache")
        if let ifNoneMatch, matches(ifNoneMatch, tag) {
            return HTTPResponse(status: 304, headers: headers, body: [])
        }
        headers.add(name: "Content-Type", value: "application/geo+json; charset=utf-8")
        return HTTPResponse(status: 200, headers: headers, body: outlines)
    }

    /// Why the regions did not read, naming the file from the data folder's `korea/` on: the admin API
    /// shows no absolute path.
    static func shown(_ problem: KoreaRegionsError) -> String {
        let path = problem.path
        let relative =
            if let folder = path.ranges(of: "/korea").last {
                String(path[path.index(after: folder.lowerBound)...])
            } else {
                path.split(separator: "/").last.map(String.init) ?? path
            }
        return problem.description.replacing(path, with: relative)
    }

    /// A strong tag from the bytes' FNV-1a hash and length: outlines that differ get another tag.
    static func entityTag(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.utf8.count) + hex + "-\(bytes.count)\""
    }

    /// Whether an `If-None-Match` list names `tag` (weak comparison, RFC 9110 §13.1.2).
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            let text = trimmed.prefix { $0 != " " && $0 != "\t" }
            return text == "*" || text == tag || text == "W/" + tag
        }
    }
}
