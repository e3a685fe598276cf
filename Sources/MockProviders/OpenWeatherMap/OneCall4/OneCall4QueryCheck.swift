import Basics
import HTTPServer
import MockEngine
import WeatherWorld

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fuzz property of One Call 4.0's reading of requests (`lat`, `lon`, `start`, `cnt`, `units`,
/// `lang`, an alert's id in the path) and of its pages: for any input, the world answers 200, 400 or
/// 404 in JSON, the same each time; a page holds at most the step's page size, in order, its links
/// start before and after it and carry only the key's placeholder; a recorded pool gives the page or
/// a 400/501 refusal; and echoing a key puts it in place of every placeholder. Used by the
/// `onecall4-query` fuzz target (Sources/Fuzzing).
///
/// The input's first byte picks the endpoint (current, the four timelines, an alert), the rest is
/// the query text (for an alert, its id).
package enum OneCall4QueryCheck {
    private static let world = World(seed: 7, clockStart: 1_796_553_432)
    private static let now = Date(timeIntervalSince1970: 1_796_553_432)  // 2026-12-06T10:37:12Z
    private static let endpoints = ["current", "timeline/1min", "timeline/15min", "timeline/1h", "timeline/1day"]

    /// A recorded 1h pool: 6 hours of history without `pop`, then 6 forecast hours from 10:00Z.
    private static let pool: JSONValue = {
        let records = (0..<12).map { hour in
            let time = 1_796_529_600 + hour * 3_600
            return "{\"dt\":\(time),\"temp\":270.5" + (hour >= 6 ? ",\"pop\":0.1}" : "}")
        }
        let text =
            "{\"lat\":37.5683,\"lon\":126.9778,\"timezone\":\"Asia/Seoul\",\"timezone_offset\":32400,\"data\":["
            + records.joined(separator: ",") + "]}"
        return (try? JSONParser.parse(Array(text.utf8)).built) ?? JSONValue(.null)
    }()

    /// Nil when the property holds for `bytes`, else what broke.
    package static func brokenPromise(_ bytes: [UInt8]) -> String? {
        guard let selector = bytes.first else { return nil }
        let rest = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let isAlert = Int(selector) % (endpoints.count + 1) == endpoints.count
        let path =
            isAlert
            ? OneCall4Endpoint.alertPrefix + (rest.isEmpty ? "x" : rest)
            : OneCall4Endpoint.prefix + endpoints[Int(selector) % (endpoints.count + 1)]
        let query = isAlert ? "appid=k" : rest
        let request = ReplayRequest(
            method: "GET", path: path, query: query, providers: ProviderSet([OpenWeatherMap()]), now: now)
        if let broken = synthesized(request) { return broken }
        return recorded(request)
    }

    private static func synthesized(_ request: ReplayRequest) -> String? {
        let context = SynthesisContext(world: world, gazetteer: nil)
        guard let answer = OpenWeatherMap().synthesize(request, context: context) else {
            // Only a path that is no 4.0 endpoint (an empty alert id) is left unanswered.
            return OneCall4Endpoint(path: request.path) == nil ? nil : "the world did not answer \(request.path)"
        }
        let status = answer.response.status
        guard [200, 400, 404].contains(status) else { return "the world answered \(status)" }
        guard let json = try? JSONParser.parse(answer.response.body).built else { return "a body that is not JSON" }
        if OpenWeatherMap().synthesize(request, context: context)?.response.body != answer.response.body {
            return "the same request answered twice differently"
        }
        guard status == 200, case .timeline(let step) = OneCall4Endpoint(path: request.path) else { return nil }
        return brokenPage(json, step: step)
    }

    private static func recorded(_ request: ReplayRequest) -> String? {
        guard let timeline = OneCall4RecordedTimeline(for: request), timeline.step == .hour else { return nil }
        for minute: Int64? in [nil, 29_942_557] {
            do {
                let page = try timeline.page(of: pool, clockMinute: minute)
                if let broken = brokenPage(page, step: .hour) { return "recorded: \(broken)" }
            } catch {
                guard [400, 501].contains(error.status) else { return "recorded: refused with \(error.status)" }
            }
        }
        return nil
    }

    /// What is wrong with a page of `step`, nil when nothing is.
    private static func brokenPage(_ page: JSONValue, step: OneCall4Step) -> String? {
        let times = (page["data"]?.elements ?? []).compactMap { $0["dt"]?.numberText.flatMap { Int64($0) } }
        guard times.count <= step.pageSize else { return "\(times.count) records on a page of \(step.pageSize)" }
        guard zip(times, times.dropFirst()).allSatisfy({ $1 - $0 == step.seconds }) else {
            return "records not one step apart: \(times.prefix(4))"
        }
        for name in ["prev", "next"] {
            guard let link = page[name]?.stringValue else { continue }
            guard link.hasPrefix(OneCall4Links.origin + OneCall4Endpoint.timelinePrefix + step.rawValue + "?") else {
                return "\(name) is not a link to the same timeline: \(link)"
            }
            let keys = link.components(separatedBy: "appid=").count - 1
            guard keys == 1, link.contains(OneCall4Links.keyPlaceholder) else {
                return "\(name) carries \(keys) keys or no placeholder"
            }
            guard let start = link.split(separator: "&").first(where: { $0.hasPrefix("start=") }),
                let value = Int64(start.dropFirst(6)), let first = times.first
            else { continue }
            if name == "prev" ? value >= first : value <= first {
                return "\(name) starts at \(value), the page at \(first)"
            }
            let echoed = OneCall4Links.echoKey("k%ey", into: Array(link.utf8)).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard let echoed, !echoed.contains(OneCall4Links.keyPlaceholder), echoed.contains("appid=k%25ey") else {
                return "echoing a key left \(echoed ?? "nothing")"
            }
        }
        return nil
    }
}
