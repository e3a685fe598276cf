import Basics
import HTTPServer

/// The admin endpoints the dashboard follows a run with: the event stream and the announced route.
extension AdminAPI {
    /// `GET /__admin/events`: entries after `?since=SEQ` or the `Last-Event-ID` a reconnecting
    /// `EventSource` sends (the later of the two: a reconnect repeats the first URL), then live.
    /// A `since` that is no whole number (``AdminQuery``) is a 400; a `Last-Event-ID` that is none
    /// is ignored, as the browser sends whatever id it last saw.
    func eventStream(for request: HTTPRequest) -> HTTPResponse {
        let since: Int
        do {
            let query = try AdminQuery(request.query, endpoint: "GET /__admin/events", allowed: ["since"])
            since = max(
                try query.count("since") ?? 0,
                request.headers["Last-Event-ID"].flatMap(AdminQuery.wholeNumber) ?? 0)
        } catch {
            return json(400, .object([("error", .string(error.description))]))
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: 200, headers: headers, stream: events.subscribe(after: since))
    }

    /// `GET`, `PUT` and `DELETE /__admin/route`.
    func routeEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        switch request.method {
        case "GET":
            return .respond(json(200, .object([("route", self.route.route?.json ?? .null)])))
        case "PUT":
            let announced: AnnouncedRoute
            do {
                announced = try AnnouncedRoute(body: request.body, timestampMilliseconds: Timestamp.nowMilliseconds())
            } catch {
                return .respond(json(400, .object([("error", .string(error.description))])))
            }
            self.route.route = announced
            events.publish("route", data: .object([("points", .number(announced.points.count))]))
            return .respond(json(200, .object([("route", announced.json)])))
        case "DELETE":
            self.route.route = nil
            events.publish("route", data: .object([("points", .number(0))]))
            return .respond(json(200, .object([("route", .null)])))
        default:
            var response = json(405, .object(["error": .string("use GET, PUT or DELETE")]))
            response.headers.add(name: "Allow", value: "GET, PUT, DELETE")
            return .respond(response)
        }
    }
}

/// The dashboard's page, style sheet and script, compiled into the binary from `Dashboard/`.
package enum DashboardAssets {
    /// The asset for `route` (`/`, `/dashboard.css` or `/dashboard.js`).
    static func response(for route: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        let body: [UInt8]
        switch route {
        case "/dashboard.css":
            headers.add(name: "Content-Type", value: "text/css; charset=utf-8")
            body = PackageResources.dashboard_css
        case "/dashboard.js":
            headers.add(name: "Content-Type", value: "text/javascript; charset=utf-8")
            body = PackageResources.dashboard_js
        default:
            headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
            // The page may load only what this server serves, and nothing may frame it.
            headers.add(
                name: "Content-Security-Policy",
                value: "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
            body = PackageResources.dashboard_html
        }
        headers.add(name: "Cache-Control", value: "no-cache")
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}
