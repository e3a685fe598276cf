#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A label pinned to a place on the map, such as the weather reported there.
public struct MapLabel: Sendable, Hashable {
    /// Where the label points.
    public var point: GeoPoint
    /// The prominent text, e.g. `-2.3°C`.
    public var title: String
    /// A smaller second line, e.g. `Seoul · Clouds`; may be empty.
    public var detail: String

    /// Creates a label.
    public init(point: GeoPoint, title: String, detail: String = "") {
        self.point = point
        self.title = title
        self.detail = detail
    }
}

/// Draws a trace and its fixes as a standalone SVG map: the route along its great circles, the named
/// waypoints labelled, start and end marked, the fixes as dots coloured by permission state, optional
/// place labels (temperatures with `--weather`), a graticule, a scale bar, a north arrow and a legend.
///
/// The projection is Web Mercator fitted to the route, so the map reads like any web map at that spot;
/// the scale bar is measured on the ground at the map's centre latitude. At most ``maximumDots`` fixes
/// are drawn (evenly spaced, every change of permission kept) so a day-long trace stays a small file.
public struct SVGRenderer {
    /// The most fix dots drawn.
    public static let maximumDots = 1_500

    private let trace: Trace
    private let fixes: [LocationFix]
    private let labels: [MapLabel]
    private let width: Double
    private let projection: MapProjection

    /// Prepares a map of `trace` with its delivered `fixes` and optional `labels`, `width` pixels wide
    /// (height follows the route's shape, between 60% and 125% of the width).
    public init(trace: Trace, fixes: [LocationFix], labels: [MapLabel] = [], width: Int = 1_000) {
        self.trace = trace
        self.fixes = fixes
        self.labels = labels
        self.width = Double(max(320, width))
        let points = trace.waypoints.map(\.point) + fixes.filter(\.isValid).map(\.coordinate) + labels.map(\.point)
        projection = MapProjection(
            fitting: points, width: self.width, margins: (top: 96, right: 150, bottom: 90, left: 60))
    }

    /// The SVG document.
    public func render() -> String {
        var svg = SVGDocument(width: width, height: projection.height)
        svg.line(
            "<svg xmlns='http://www.w3.org/2000/svg' width='\(svg.number(width))' height='\(svg.number(projection.height))' "
                + "viewBox='0 0 \(svg.number(width)) \(svg.number(projection.height))' "
                + "font-family='system-ui, -apple-system, Segoe UI, Noto Sans KR, Helvetica, Arial, sans-serif'>")
        svg.line("<title>\(xmlEscaped(trace.name))</title>")
        drawBackground(&svg)
        drawGraticule(&svg)
        drawRoute(&svg)
        drawFixes(&svg)
        drawWaypoints(&svg)
        drawLabels(&svg)
        drawHeader(&svg)
        drawScaleBar(&svg)
        drawNorthArrow(&svg)
        drawLegend(&svg)
        svg.line("</svg>")
        return svg.text
    }

    // MARK: Layers

    private func drawBackground(_ svg: inout SVGDocument) {
        svg.line(
            "<defs><linearGradient id='sea' x1='0' y1='0' x2='0' y2='1'><stop offset='0' stop-color='#f4f7fb'/>"
                + "<stop offset='1' stop-color='#e8eef5'/></linearGradient>"
                + "<filter id='shadow' x='-20%' y='-20%' width='140%' height='140%'><feDropShadow dx='0' dy='1.5' "
                + "stdDeviation='1.5' flood-color='#0f172a' flood-opacity='0.25'/></filter></defs>")
        svg.line("<rect width='100%' height='100%' fill='url(#sea)'/>")
    }

    private func drawGraticule(_ svg: inout SVGDocument) {
        let bounds = projection.geographicBounds
        let span = max(bounds.maxLatitude - bounds.minLatitude, bounds.maxLongitude - bounds.minLongitude)
        let step = niceStep(
            span / 4, candidates: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10])
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        svg.line("<g stroke='#cbd5e1' stroke-width='0.8' stroke-dasharray='2 4'>")
        var labelsText: [String] = []
        var longitude = (bounds.minLongitude / step).rounded(.up) * step
        while longitude <= bounds.maxLongitude {
            let x = projection.x(longitude: longitude)
            svg.line("<line x1='\(svg.number(x))' y1='0' x2='\(svg.number(x))' y2='\(svg.number(projection.height))'/>")
            labelsText.append(
                "<text x='\(svg.number(x + 4))' y='\(svg.number(projection.height - 8))'>\(formatFixed(longitude, fractionDigits: decimals))°E</text>"
            )
            longitude += step
        }
        var latitude = (bounds.minLatitude / step).rounded(.up) * step
        while latitude <= bounds.maxLatitude {
            let y = projection.y(latitude: latitude)
            svg.line("<line x1='0' y1='\(svg.number(y))' x2='\(svg.number(width))' y2='\(svg.number(y))'/>")
            labelsText.append(
                "<text x='\(svg.number(width - 6))' y='\(svg.number(y - 4))' text-anchor='end'>\(formatFixed(latitude, fractionDigits: decimals))°N</text>"
            )
            latitude += step
        }
        svg.line("</g>")
        svg.line("<g font-size='10' fill='#94a3b8'>")
        labelsText.forEach { svg.line($0) }
        svg.line("</g>")
    }

    private func drawRoute(_ svg: inout SVGDocument) {
        var points = trace.waypoints.map(\.point)
        if trace.loop != .once, let first = points.first, points.count > 1 { points.append(first) }
        guard points.count > 1 else { return }
        var path = ""
        for (index, point) in points.enumerated() {
            if index == 0 {
                path += "M" + projection.pair(point)
                continue
            }
            // Follow the great circle; at map scale a few segments per leg are indistinguishable from it.
            let previous = points[index - 1]
            let steps = max(1, min(32, Int(previous.distance(to: point) / 5_000)))
            for step in 1...steps {
                path +=
                    " L"
                    + projection.pair(previous.intermediatePoint(to: point, fraction: Double(step) / Double(steps)))
            }
        }
        let common = "fill='none' stroke-linecap='round' stroke-linejoin='round'"
        svg.line("<path d='\(path)' \(common) stroke='#94a3b8' stroke-width='9' stroke-opacity='0.55'/>")
        svg.line("<path d='\(path)' \(common) stroke='#ffffff' stroke-width='4.5'/>")
    }

    private func drawFixes(_ svg: inout SVGDocument) {
        let shown = Self.thinned(fixes.filter(\.isValid), to: Self.maximumDots)
        guard !shown.isEmpty else { return }
        let radius = shown.count > 600 ? 2.2 : shown.count > 150 ? 2.8 : 3.5
        svg.line("<g stroke='#ffffff' stroke-width='0.8'>")
        for fix in shown {
            svg.line(
                "<circle cx='\(svg.number(projection.x(longitude: fix.coordinate.longitude)))' "
                    + "cy='\(svg.number(projection.y(latitude: fix.coordinate.latitude)))' r='\(svg.number(radius))' "
                    + "fill='\(Self.colour(for: fix.authorization))'/>")
        }
        svg.line("</g>")
    }

    private func drawWaypoints(_ svg: inout SVGDocument) {
        guard let first = trace.waypoints.first, let last = trace.waypoints.last else { return }
        for (index, waypoint) in trace.waypoints.enumerated() where waypoint.name != nil {
            if index == 0 || index == trace.waypoints.count - 1 { continue }
            let (x, y) = projection.xy(waypoint.point)
            svg.line(
                "<circle cx='\(svg.number(x))' cy='\(svg.number(y))' r='5.5' fill='#ffffff' stroke='#0f172a' "
                    + "stroke-width='2.2'/>")
            placeName(waypoint.name!, x: x, y: y, &svg)
        }
        let start = projection.xy(first.point)
        svg.line(
            "<circle cx='\(svg.number(start.x))' cy='\(svg.number(start.y))' r='8' fill='#16a34a' stroke='#ffffff' "
                + "stroke-width='2.5' filter='url(#shadow)'/>")
        placeName(first.name ?? "Start", x: start.x, y: start.y, &svg, prefix: "▶ ")
        if trace.waypoints.count > 1, trace.loop == .once {
            let end = projection.xy(last.point)
            svg.line(
                "<rect x='\(svg.number(end.x - 7.5))' y='\(svg.number(end.y - 7.5))' width='15' height='15' rx='3' "
                    + "fill='#0f172a' stroke='#ffffff' stroke-width='2.5' filter='url(#shadow)'/>")
            placeName(last.name ?? "End", x: end.x, y: end.y, &svg, prefix: "■ ")
        }
    }

    private func placeName(_ name: String, x: Double, y: Double, _ svg: inout SVGDocument, prefix: String = "") {
        let onLeft = x > width - 170
        let anchor = onLeft ? "end" : "start"
        let dx = onLeft ? -12.0 : 12.0
        svg.line(
            "<text x='\(svg.number(x + dx))' y='\(svg.number(y + 4.5))' text-anchor='\(anchor)' font-size='14' "
                + "font-weight='600' fill='#0f172a' stroke='#ffffff' stroke-width='4' stroke-linejoin='round' "
                + "paint-order='stroke'>\(xmlEscaped(prefix + name))</text>")
    }

    private func drawLabels(_ svg: inout SVGDocument) {
        for label in labels {
            let (x, y) = projection.xy(label.point)
            let titleWidth = Double(label.title.count) * 8.6 + 16
            let detailWidth = Double(label.detail.count) * 6.2 + 16
            let boxWidth = max(titleWidth, detailWidth, 56)
            let boxHeight = label.detail.isEmpty ? 26.0 : 40.0
            let left = min(max(4, x - boxWidth / 2), width - boxWidth - 4)
            let top = max(4, y - boxHeight - 16)
            svg.line("<g filter='url(#shadow)'>")
            svg.line(
                "<path d='M\(svg.number(x - 6)),\(svg.number(top + boxHeight - 1)) L\(svg.number(x)),\(svg.number(y - 7)) "
                    + "L\(svg.number(x + 6)),\(svg.number(top + boxHeight - 1)) Z' fill='#ffffff'/>")
            svg.line(
                "<rect x='\(svg.number(left))' y='\(svg.number(top))' width='\(svg.number(boxWidth))' "
                    + "height='\(svg.number(boxHeight))' rx='8' fill='#ffffff'/>")
            svg.line("</g>")
            svg.line(
                "<text x='\(svg.number(left + boxWidth / 2))' y='\(svg.number(top + 18))' text-anchor='middle' "
                    + "font-size='15' font-weight='700' fill='#c2410c'>\(xmlEscaped(label.title))</text>")
            if !label.detail.isEmpty {
                svg.line(
                    "<text x='\(svg.number(left + boxWidth / 2))' y='\(svg.number(top + 33))' text-anchor='middle' "
                        + "font-size='11' fill='#475569'>\(xmlEscaped(label.detail))</text>")
            }
        }
    }

    private func drawHeader(_ svg: inout SVGDocument) {
        let valid = fixes.filter(\.isValid)
        var facts: [String] = []
        let routeLength = zip(trace.waypoints, trace.waypoints.dropFirst()).reduce(0) {
            $0 + $1.0.point.distance(to: $1.1.point)
        }
        if routeLength > 0 { facts.append("route \(formatKilometres(routeLength))") }
        if let last = valid.last { facts.append("\(formatClock(last.time)) of driving") }
        facts.append("\(fixes.count) fixes")
        svg.line(
            "<rect x='16' y='14' width='\(svg.number(min(width - 32, 420)))' height='62' rx='10' fill='#ffffff' "
                + "fill-opacity='0.92' filter='url(#shadow)'/>")
        svg.line(
            "<text x='32' y='42' font-size='19' font-weight='700' fill='#0f172a'>\(xmlEscaped(trace.name))</text>")
        svg.line(
            "<text x='32' y='63' font-size='12.5' fill='#475569'>\(xmlEscaped(facts.joined(separator: "  ·  ")))</text>"
        )
    }

    private func drawScaleBar(_ svg: inout SVGDocument) {
        let metresPerPixel = projection.metresPerPixel
        let target = metresPerPixel * width / 5
        let length = niceStep(target, candidates: scaleCandidates)
        let pixels = length / metresPerPixel
        let x = 24.0
        let y = projection.height - 34
        svg.line(
            "<rect x='\(svg.number(x - 8))' y='\(svg.number(y - 24))' width='\(svg.number(pixels + 60))' height='44' "
                + "rx='8' fill='#ffffff' fill-opacity='0.85'/>")
        for part in 0..<4 {
            let segment = pixels / 4
            svg.line(
                "<rect x='\(svg.number(x + Double(part) * segment))' y='\(svg.number(y))' width='\(svg.number(segment))' "
                    + "height='6' fill='\(part % 2 == 0 ? "#0f172a" : "#ffffff")' stroke='#0f172a' stroke-width='1'/>")
        }
        svg.line("<g font-size='11' fill='#0f172a' text-anchor='middle'>")
        svg.line("<text x='\(svg.number(x))' y='\(svg.number(y - 6))'>0</text>")
        svg.line(
            "<text x='\(svg.number(x + pixels / 2))' y='\(svg.number(y - 6))'>\(formatDistance(length / 2))</text>")
        svg.line("<text x='\(svg.number(x + pixels))' y='\(svg.number(y - 6))'>\(formatDistance(length))</text>")
        svg.line("</g>")
    }

    private func drawNorthArrow(_ svg: inout SVGDocument) {
        let x = width - 44
        let y = 40.0
        svg.line("<g transform='translate(\(svg.number(x)) \(svg.number(y)))' filter='url(#shadow)'>")
        svg.line("<circle r='22' fill='#ffffff' fill-opacity='0.92'/>")
        svg.line("<path d='M0,-15 L7,8 L0,3 L-7,8 Z' fill='#0f172a'/>")
        svg.line("<path d='M0,-15 L0,3 L-7,8 Z' fill='#475569'/>")
        svg.line("</g>")
        svg.line(
            "<text x='\(svg.number(x))' y='\(svg.number(y + 36))' text-anchor='middle' font-size='12' "
                + "font-weight='700' fill='#0f172a'>N</text>")
    }

    private func drawLegend(_ svg: inout SVGDocument) {
        let present = LocationAuthorization.allCases.reversed().filter { state in
            fixes.contains { $0.authorization == state }
        }
        guard !present.isEmpty else { return }
        let rowHeight = 19.0
        let boxHeight = Double(present.count) * rowHeight + 34
        let boxWidth = 176.0
        let left = width - boxWidth - 16
        let top = projection.height - boxHeight - 16
        svg.line(
            "<rect x='\(svg.number(left))' y='\(svg.number(top))' width='\(svg.number(boxWidth))' height='\(svg.number(boxHeight))' "
                + "rx='10' fill='#ffffff' fill-opacity='0.92' filter='url(#shadow)'/>")
        svg.line(
            "<text x='\(svg.number(left + 14))' y='\(svg.number(top + 20))' font-size='11.5' font-weight='700' "
                + "fill='#475569'>LOCATION PERMISSION</text>")
        for (row, state) in present.enumerated() {
            let y = top + 38 + Double(row) * rowHeight
            svg.line(
                "<circle cx='\(svg.number(left + 20))' cy='\(svg.number(y - 4))' r='5' fill='\(Self.colour(for: state))'/>"
            )
            svg.line(
                "<text x='\(svg.number(left + 34))' y='\(svg.number(y))' font-size='12.5' fill='#0f172a'>\(Self.legendName(for: state))</text>"
            )
        }
    }

    // MARK: Helpers

    static func colour(for authorization: LocationAuthorization) -> String {
        switch authorization {
        case .authorizedWhenInUse: "#2563eb"
        case .authorizedAlways: "#0891b2"
        case .denied: "#dc2626"
        case .restricted: "#d97706"
        case .notDetermined: "#94a3b8"
        }
    }

    static func legendName(for authorization: LocationAuthorization) -> String {
        switch authorization {
        case .authorizedWhenInUse: "authorised (in use)"
        case .authorizedAlways: "authorised (always)"
        case .denied: "denied"
        case .restricted: "restricted"
        case .notDetermined: "not determined"
        }
    }

    /// At most `limit` fixes, evenly spaced, always keeping the first, the last and every change of permission.
    static func thinned(_ fixes: [LocationFix], to limit: Int) -> [LocationFix] {
        guard fixes.count > limit else { return fixes }
        let stride = Double(fixes.count - 1) / Double(limit - 1)
        var keep = Set((0..<limit).map { Int((Double($0) * stride).rounded()) })
        for index in fixes.indices.dropFirst() where fixes[index].authorization != fixes[index - 1].authorization {
            keep.insert(index)
        }
        return keep.sorted().map { fixes[$0] }
    }
}

private let scaleCandidates: [Double] = [
    1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000,
    200_000, 250_000, 500_000, 1_000_000,
]

/// The largest candidate not above `target` (or the smallest candidate).
private func niceStep(_ target: Double, candidates: [Double]) -> Double {
    candidates.last { $0 <= target } ?? candidates[0]
}

private func formatDistance(_ metres: Double) -> String {
    if metres >= 1_000 {
        let kilometres = metres / 1_000
        return
            (kilometres == kilometres.rounded() ? String(Int(kilometres)) : formatFixed(kilometres, fractionDigits: 1))
            + " km"
    }
    return "\(Int(metres.rounded())) m"
}

/// Web Mercator fitted into a box with margins; y grows downwards as in SVG.
private struct MapProjection {
    let height: Double
    let geographicBounds: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double)
    private let scale: Double
    private let originX: Double
    private let originY: Double
    private let centreLatitude: Double

    init(fitting points: [GeoPoint], width: Double, margins: (top: Double, right: Double, bottom: Double, left: Double))
    {
        let latitudes = points.map(\.latitude)
        let longitudes = points.map(\.longitude)
        var minLatitude = latitudes.min() ?? 37.56
        var maxLatitude = latitudes.max() ?? 37.57
        var minLongitude = longitudes.min() ?? 126.97
        var maxLongitude = longitudes.max() ?? 126.98
        // A single point or a tiny walk still gets a map a few hundred metres across.
        let minimumSpan = 0.004
        if maxLatitude - minLatitude < minimumSpan {
            let middle = (maxLatitude + minLatitude) / 2
            (minLatitude, maxLatitude) = (middle - minimumSpan / 2, middle + minimumSpan / 2)
        }
        if maxLongitude - minLongitude < minimumSpan {
            let middle = (maxLongitude + minLongitude) / 2
            (minLongitude, maxLongitude) = (middle - minimumSpan / 2, middle + minimumSpan / 2)
        }
        let left = Self.mercatorX(minLongitude)
        let right = Self.mercatorX(maxLongitude)
        let top = Self.mercatorY(maxLatitude)
        let bottom = Self.mercatorY(minLatitude)
        let innerWidth = width - margins.left - margins.right
        let aspect = (top - bottom) / (right - left)
        let innerHeight = min(max(innerWidth * aspect, width * 0.6 - margins.top - margins.bottom), width * 1.25)
        scale = min(innerWidth / (right - left), innerHeight / (top - bottom))
        height = innerHeight + margins.top + margins.bottom
        // Centre the route in the inner box.
        originX = margins.left + (innerWidth - (right - left) * scale) / 2 - left * scale
        originY = margins.top + (innerHeight - (top - bottom) * scale) / 2 + top * scale
        centreLatitude = (minLatitude + maxLatitude) / 2
        let extraX = (margins.left + margins.right) / scale
        let extraY = (margins.top + margins.bottom) / scale
        geographicBounds = (
            Self.latitude(mercatorY: bottom - extraY), Self.latitude(mercatorY: top + extraY),
            (left - extraX).degrees, (right + extraX).degrees
        )
    }

    static func mercatorX(_ longitude: Double) -> Double { longitude.radians }
    static func mercatorY(_ latitude: Double) -> Double { log(tan(.pi / 4 + max(-85, min(85, latitude)).radians / 2)) }
    static func latitude(mercatorY y: Double) -> Double { (2 * atan(exp(y)) - .pi / 2).degrees }

    func x(longitude: Double) -> Double { originX + Self.mercatorX(longitude) * scale }
    func y(latitude: Double) -> Double { originY - Self.mercatorY(latitude) * scale }
    func xy(_ point: GeoPoint) -> (x: Double, y: Double) {
        (x(longitude: point.longitude), y(latitude: point.latitude))
    }
    func pair(_ point: GeoPoint) -> String {
        "\(formatFixed(x(longitude: point.longitude), fractionDigits: 1)),\(formatFixed(y(latitude: point.latitude), fractionDigits: 1))"
    }

    /// Ground metres per pixel at the centre latitude (Mercator stretches by 1 / cos φ).
    var metresPerPixel: Double { Geodesy.meanEarthRadius * cos(centreLatitude.radians) / scale }
}

/// Accumulates SVG text line by line, with numbers rounded to a tenth of a pixel.
private struct SVGDocument {
    var text = ""
    let width: Double
    let height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        text.reserveCapacity(1 << 16)
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    }

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    func number(_ value: Double) -> String {
        formatFixed(value, fractionDigits: 1)
    }
}
