import Basics
import Gazetteer
import MockEngine
import WeatherWorld

/// One Call 4.0 from the world (reference: openweathermap-onecall4.md; docs/SyntheticWorld.md): the
/// state now, the four timelines and the detail of the world's alerts, from the same states One Call
/// 3.0 answers with, in 4.0's shapes: an envelope with `data[]`, pages of records with `prev`/`next`
/// links (``OneCall4Page``, ``OneCall4Links``), `pop` only on records from now on, daily `rain`/`snow`
/// as numbers, alerts as ids on the records they are in force at, resolved at `/alert/{id}`.
enum OneCall4Answers {
    /// The journal's rule for `endpoint`: `one call 4.0 1h`.
    static func rule(_ endpoint: OneCall4Endpoint) -> String {
        switch endpoint {
        case .current: "one call 4.0 current"
        case .timeline(let step): "one call 4.0 \(step.rawValue)"
        case .alert: "one call 4.0 alert"
        }
    }

    /// The answer to `request` on `endpoint`.
    static func answer(
        _ endpoint: OneCall4Endpoint, request: SyntheticRequest, world: World, gazetteer: Gazetteer?
    ) -> SynthesizedAnswer {
        do {
            let body: [UInt8]
            switch endpoint {
            case .alert(let id):
                body = try alert(id: id, world: world, request: request)
            case .current, .timeline:
                let site = SyntheticSite(
                    latitude: try coordinate(request, "lat", CoordinateRange.latitude),
                    longitude: try coordinate(request, "lon", CoordinateRange.longitude), gazetteer: gazetteer)
                body =
                    if case .timeline(let step) = endpoint {
                        try timeline(step, site: site, world: world, request: request)
                    } else {
                        current(site: site, world: world, request: request)
                    }
            }
            return .weather(body, rule: rule(endpoint))
        } catch {
            return error.answer
        }
    }

    private static func coordinate(
        _ request: SyntheticRequest, _ name: String, _ range: ClosedRange<Double>
    ) throws(OneCall4Refusal) -> Double {
        guard let text = request.value(name) else { throw .missingCoordinates }
        guard let value = NumericText.value(of: text), range.contains(value) else {
            throw .badParameter(name, name == "lat" ? "wrong latitude" : "wrong longitude")
        }
        return value
    }

    private static func current(site: SyntheticSite, world: World, request: SyntheticRequest) -> [UInt8] {
        let now = request.now
        var json = envelope(site: site, request: request)
        json.beginArray("data")
        let sun = world.sun(at: site.worldPlace, time: now, utcOffset: site.utcOffset(at: now))
        let alerts = OneCall4AlertIDs(site: site, world: world, from: now, to: now)
        OneCallHour.write(
            world.conditions(at: site.worldPlace, time: now), time: now,
            form: .record4(sun: sun, gust: true, pop: false, alerts: alerts.ids(at: now)), korean: request.isKorean,
            into: &json)
        json.endArray()
        json.endObject()
        return json.bytes
    }

    private static func timeline(
        _ step: OneCall4Step, site: SyntheticSite, world: World, request: SyntheticRequest
    ) throws(OneCall4Refusal) -> [UInt8] {
        let page = try OneCall4Page(
            step: step, request: OneCall4PageRequest(parameters: request.parameters), now: request.now)
        let links = OneCall4Links(
            step: step, parameters: request.parameters, latitude: site.latitude, longitude: site.longitude)
        let place = site.worldPlace
        // Records before now's are history: no `pop` (reference §5).
        let present = step.aligned(request.now)
        let alerts = OneCall4AlertIDs(
            site: site, world: world, from: page.times.first ?? page.first,
            to: (page.times.last ?? page.first) + step.seconds)
        var json = envelope(site: site, request: request)
        json.beginArray("data")
        switch step {
        case .minute:
            let rates = OneCallAnswer.minuteRates(at: place, world: world, from: page.first)
            for (time, rate) in zip(page.times, rates) {
                json.beginObject()
                json.integer("dt", time)
                json.decimal("precipitation", rate)
                let ids = alerts.ids(at: time)
                if !ids.isEmpty { json.alertIDs(ids) }
                json.endObject()
            }
        case .quarterHour, .hour:
            for time in page.times {
                OneCallHour.write(
                    world.conditions(at: place, time: time), time: time,
                    form: .record4(sun: nil, gust: step == .hour, pop: time >= present, alerts: alerts.ids(at: time)),
                    korean: request.isKorean, into: &json)
            }
        case .day:
            for date in page.times {
                // The local day of the same date: a 4.0 day is dated 00:00 UTC wherever it is (§4).
                let midnight = LocalDays.midnight(ofDay: UTCText.floorDivision(date, 86_400), site: site)
                OneCallDay.write(
                    world.day(at: place, localMidnight: midnight), date: date,
                    edition: .oneCall4(forecast: date >= present, alerts: alerts.ids(at: date)),
                    korean: request.isKorean,
                    into: &json)
            }
        }
        json.endArray()
        if let start = page.previousStart { json.string("prev", links.link(start: start, count: page.count)) }
        if let start = page.nextStart { json.string("next", links.link(start: start, count: page.count)) }
        json.endObject()
        return json.bytes
    }

    /// An alert's detail, in the shape the live API answers (§6): `event` empty, `description` a
    /// list of `{language, description}`, and `tags`.
    private static func alert(id: String, world: World, request: SyntheticRequest) throws(OneCall4Refusal) -> [UInt8] {
        guard let found = OneCall4AlertIDs.alert(id: id, world: world) else { throw .unknownAlert }
        var json = SyntheticJSON(units: request.units, capacity: 1_024)
        json.beginObject()
        json.string("id", id)
        json.string("sender_name", found.alert.senderName)
        json.string("event", "")
        json.integer("start", found.start)
        json.integer("end", found.end)
        json.beginArray("description")
        json.beginObject()
        json.string("language", "en-US")
        json.string("description", found.alert.description)
        json.endObject()
        json.endArray()
        json.beginArray("tags")
        for tag in OneCallAlerts.tags(forEvent: found.alert.event) { json.string(tag) }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    private static func envelope(site: SyntheticSite, request: SyntheticRequest) -> SyntheticJSON {
        var json = SyntheticJSON(units: request.units, capacity: 16_000)
        json.beginObject()
        json.coordinate("lat", site.latitude)
        json.coordinate("lon", site.longitude)
        json.string("timezone", site.timeZoneIdentifier)
        json.integer("timezone_offset", Int64(site.utcOffset(at: request.now)))
        return json
    }
}
