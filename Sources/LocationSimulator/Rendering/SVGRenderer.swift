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
/// waypoints labelled (with their stops), start and end marked, the fixes as dots coloured by permission
/// state, optional place labels (temperatures with `--weather`), a graticule, a scale bar, a north arrow and
/// a legend.
///
/// The projection is Web Mercator fitted to the route, so the map reads like any web map of the area; the
/// scale bar is measured on the ground at the map's centre latitude. At most ``maximumDots`` fixes are drawn
/// (evenly spaced, every change of permission kept) so that a day-long trace stays a small file. Only plain
/// SVG 1.1 features are used, so browsers, Inkscape and `rsvg-convert` all render it the same.
public struct SVGRenderer {
    /// The most fix dots drawn.
    public static let maximumDots = 1_500

    private let trace: Trace
    private let fixes: [LocationFix]
    private let labels: [MapLabel]
    private let width: Double
    private let projection: MapProjection

    /// Prepares a map of `trace` with its delivered `fixes` and optional `labels`, `width` pixels wide
    /// (the height follows the route's shape, between 60% and 125% of the width).
    public init(trace: Trace, fixes: [LocationFix], labels: [MapLabel] = [], width: Int = 1_000) {
        self.trace = trace
        self.fixes = fixes
        self.labels = labels
        self.width = Double(max(320, width))
        let points = trace.waypoints.map(\.point) + fixes.filter(\.isValid).map(\.coordinate) + labels.map(\.point)
        projection = MapProjection(
            fitting: points, width: self.width, margins: MapMargins(top: 124, right: 150, bottom: 84, left: 70))
    }

    /// The SVG document.
    public func render() -> String {
        var svg = SVGDocument()
        svg.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", number(width)),
                ("height", number(projection.height)),
                ("viewBox", "0 0 \(number(width)) \(number(projection.height))"),
                ("font-family", "system-ui, -apple-system, Segoe UI, Noto Sans KR, Helvetica, Arial, sans-serif"),
            ])
        svg.element("title", [], text: trace.name)
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
        svg.close("svg")
        return svg.text
    }

    // MARK: Layers

    private func drawBackground(_ svg: inout SVGDocument) {
        svg.open("defs", [])
        svg.open("linearGradient", [("id", "land"), ("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "1")])
        svg.element("stop", [("offset", "0"), ("stop-color", "#f5f7fa")])
        svg.element("stop", [("offset", "1"), ("stop-color", "#e6ecf2")])
        svg.close("linearGradient")
        // A drop shadow from SVG 1.1 primitives (feDropShadow is SVG 2 and not rendered everywhere).
        svg.open("filter", [("id", "shadow"), ("x", "-20%"), ("y", "-20%"), ("width", "140%"), ("height", "150%")])
        svg.element("feGaussianBlur", [("in", "SourceAlpha"), ("stdDeviation", "2")])
        svg.element("feOffset", [("dy", "1.5")])
        svg.open("feComponentTransfer", [])
        svg.element("feFuncA", [("type", "linear"), ("slope", "0.28")])
        svg.close("feComponentTransfer")
        svg.open("feMerge", [])
        svg.element("feMergeNode", [])
        svg.element("feMergeNode", [("in", "SourceGraphic")])
        svg.close("feMerge")
        svg.close("filter")
        svg.close("defs")
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "url(#land)")])
    }

    private func drawGraticule(_ svg: inout SVGDocument) {
        let bounds = projection.geographicBounds
        let span = max(bounds.maxLatitude - bounds.minLatitude, bounds.maxLongitude - bounds.minLongitude)
        let step = niceStep(
            span / 4, candidates: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5])
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        var lines: [(x1: Double, y1: Double, x2: Double, y2: Double)] = []
        var texts: [(x: Double, y: Double, anchor: String, text: String)] = []
        var longitude = (bounds.minLongitude / step).rounded(.up) * step
        while longitude <= bounds.maxLongitude {
            let x = projection.x(longitude: longitude)
            lines.append((x, 0, x, projection.height))
            texts.append((x + 4, 14, "start", "\(formatFixed(longitude, fractionDigits: decimals))°E"))
            longitude += step
        }
        var latitude = (bounds.minLatitude / step).rounded(.up) * step
        while latitude <= bounds.maxLatitude {
            let y = projection.y(latitude: latitude)
            lines.append((0, y, width, y))
            texts.append((6, y - 4, "start", "\(formatFixed(latitude, fractionDigits: decimals))°N"))
            latitude += step
        }
        svg.open("g", [("stroke", "#cfd8e3"), ("stroke-width", "0.8"), ("stroke-dasharray", "3 5")])
        for line in lines {
            svg.element(
                "line",
                [("x1", number(line.x1)), ("y1", number(line.y1)), ("x2", number(line.x2)), ("y2", number(line.y2))])
        }
        svg.close("g")
        svg.open("g", [("font-size", "10"), ("fill", "#94a3b8")])
        for text in texts {
            svg.element(
                "text", [("x", number(text.x)), ("y", number(text.y)), ("text-anchor", text.anchor)], text: text.text)
        }
        svg.close("g")
    }

    private func drawRoute(_ svg: inout SVGDocument) {
        var points = trace.waypoints.map(\.point)
        if trace.loop != .once, let first = points.first, points.count > 1 { points.append(first) }
        guard points.count > 1 else { return }
        var path = "M" + projection.pair(points[0])
        for (previous, point) in zip(points, points.dropFirst()) {
            // Follow the great circle; at map scale a few segments per leg are indistinguishable from it.
            let steps = max(1, min(32, Int(previous.distance(to: point) / 5_000)))
            for step in 1...steps {
                let fraction = Double(step) / Double(steps)
                path += " L" + projection.pair(previous.intermediatePoint(to: point, fraction: fraction))
            }
        }
        let stroke = [("fill", "none"), ("stroke-linecap", "round"), ("stroke-linejoin", "round")]
        svg.element("path", [("d", path)] + stroke + [("stroke", "#9aa9bc"), ("stroke-width", "10")])
        svg.element("path", [("d", path)] + stroke + [("stroke", "#fdfdfd"), ("stroke-width", "6")])
    }

    private func drawFixes(_ svg: inout SVGDocument) {
        let shown = Self.thinned(fixes.filter(\.isValid), to: Self.maximumDots)
        guard !shown.isEmpty else { return }
        let radius = shown.count > 600 ? "2.2" : shown.count > 150 ? "2.8" : "3.5"
        svg.open("g", [("stroke", "#ffffff"), ("stroke-width", "0.7")])
        for fix in shown {
            let (x, y) = projection.xy(fix.coordinate)
            svg.element(
                "circle",
                [("cx", number(x)), ("cy", number(y)), ("r", radius), ("fill", Self.colour(for: fix.authorization))])
        }
        svg.close("g")
    }

    private func drawWaypoints(_ svg: inout SVGDocument) {
        guard let first = trace.waypoints.first, let last = trace.waypoints.last else { return }
        let lastIndex = trace.waypoints.count - 1
        for (index, waypoint) in trace.waypoints.enumerated() where index != 0 && index != lastIndex {
            guard let name = waypoint.name else { continue }
            let (x, y) = projection.xy(waypoint.point)
            svg.element(
                "circle",
                [
                    ("cx", number(x)), ("cy", number(y)), ("r", "6"), ("fill", "#ffffff"), ("stroke", "#1e293b"),
                    ("stroke-width", "2.5"),
                ])
            placeName(name, stop: waypoint.pauseSeconds, x: x, y: y, &svg)
        }
        let start = projection.xy(first.point)
        svg.element(
            "circle",
            [
                ("cx", number(start.x)), ("cy", number(start.y)), ("r", "9"), ("fill", "#16a34a"),
                ("stroke", "#ffffff"),
                ("stroke-width", "3"), ("filter", "url(#shadow)"),
            ])
        placeName(first.name ?? "Start", stop: first.pauseSeconds, x: start.x, y: start.y, &svg)
        guard lastIndex > 0, trace.loop == .once else { return }
        let end = projection.xy(last.point)
        svg.element(
            "rect",
            [
                ("x", number(end.x - 8)), ("y", number(end.y - 8)), ("width", "16"), ("height", "16"), ("rx", "3.5"),
                ("fill", "#1e293b"), ("stroke", "#ffffff"), ("stroke-width", "3"), ("filter", "url(#shadow)"),
            ])
        placeName(last.name ?? "End", stop: last.pauseSeconds, x: end.x, y: end.y, &svg)
    }

    /// A place name beside its marker (on the left near the right edge), with a white halo for legibility over
    /// the route, and the length of the stop there, if any, underneath.
    private func placeName(_ name: String, stop: Double, x: Double, y: Double, _ svg: inout SVGDocument) {
        let onLeft = x > width - 190
        let textX = number(onLeft ? x - 14 : x + 14)
        let anchor = onLeft ? "end" : "start"
        let halo = [
            ("stroke", "#ffffff"), ("stroke-width", "4"), ("stroke-linejoin", "round"), ("paint-order", "stroke"),
        ]
        svg.element(
            "text",
            [
                ("x", textX), ("y", number(y + 5)), ("text-anchor", anchor), ("font-size", "14.5"),
                ("font-weight", "600"),
                ("fill", "#0f172a"),
            ] + halo,
            text: name)
        if stop > 0 {
            svg.element(
                "text",
                [
                    ("x", textX), ("y", number(y + 20)), ("text-anchor", anchor), ("font-size", "11.5"),
                    ("fill", "#64748b"),
                ]
                    + halo,
                text: "\(formatStop(stop)) stop")
        }
    }

    private func drawLabels(_ svg: inout SVGDocument) {
        // Keep clear of the waypoint names (drawn beside their markers, see placeName) and the markers.
        var placed: [LabelBox] = trace.waypoints.enumerated().compactMap { index, waypoint in
            let isEnd = index == 0 || (index == trace.waypoints.count - 1 && trace.loop == .once)
            guard let name = waypoint.name ?? (isEnd ? "Start" : nil) else { return nil }
            let (x, y) = projection.xy(waypoint.point)
            let textWidth = estimatedWidth(name, fontSize: 14.5)
            let left = x > width - 190 ? x - 14 - textWidth : x - 10
            return LabelBox(left: left, top: y - 12, width: textWidth + 24, height: waypoint.pauseSeconds > 0 ? 38 : 22)
        }
        for label in labels {
            let (x, y) = projection.xy(label.point)
            let titleWidth = estimatedWidth(label.title, fontSize: 15.5)
            let boxWidth = max(titleWidth, estimatedWidth(label.detail, fontSize: 11), 40) + 18
            let boxHeight = label.detail.isEmpty ? 28.0 : 42.0
            let box = placeLabel(at: (x, y), width: boxWidth, height: boxHeight, avoiding: placed)
            placed.append(box)
            // A pointer from the box edge nearest the point, its base kept inside the box.
            let isBelow = box.top > y
            let baseY = isBelow ? box.top + 1 : box.top + boxHeight - 1
            let baseX = min(max(x, box.left + 12), box.left + boxWidth - 12)
            let tipY = isBelow ? y + 5 : y - 5
            svg.open("g", [("filter", "url(#shadow)")])
            let pointer = [(baseX - 6, baseY), (x, tipY), (baseX + 6, baseY)].map { "\(number($0.0)),\(number($0.1))" }
            svg.element("path", [("d", "M" + pointer.joined(separator: " L") + " Z"), ("fill", "#ffffff")])
            svg.element(
                "rect",
                [
                    ("x", number(box.left)), ("y", number(box.top)), ("width", number(boxWidth)),
                    ("height", number(boxHeight)), ("rx", "9"), ("fill", "#ffffff"),
                ])
            svg.close("g")
            svg.element(
                "circle",
                [
                    ("cx", number(x)), ("cy", number(y)), ("r", "3.5"), ("fill", "#c2410c"), ("stroke", "#ffffff"),
                    ("stroke-width", "1.5"),
                ])
            let centre = number(box.left + boxWidth / 2)
            svg.element(
                "text",
                [
                    ("x", centre), ("y", number(box.top + 20)), ("text-anchor", "middle"), ("font-size", "15.5"),
                    ("font-weight", "700"), ("fill", "#c2410c"),
                ],
                text: label.title)
            if !label.detail.isEmpty {
                svg.element(
                    "text",
                    [
                        ("x", centre), ("y", number(box.top + 35)), ("text-anchor", "middle"), ("font-size", "11"),
                        ("fill", "#475569"),
                    ],
                    text: label.detail)
            }
        }
    }

    /// Where a label box goes: above its point if that is free, else below, else beside (left, then right),
    /// never under the header; the first free spot wins, or the one that covers least of the others.
    private func placeLabel(
        at point: (x: Double, y: Double), width boxWidth: Double, height boxHeight: Double, avoiding placed: [LabelBox]
    ) -> LabelBox {
        let gap = 14.0
        let centred = point.x - boxWidth / 2
        let candidates = [
            (centred, point.y - boxHeight - gap), (centred, point.y + gap), (centred, point.y + gap + 18),
            (point.x - boxWidth - gap, point.y - boxHeight / 2), (point.x + gap, point.y - boxHeight / 2),
        ].map { left, top in
            LabelBox(
                left: min(max(4, left), width - boxWidth - 4), top: min(max(4, top), projection.height - boxHeight - 4),
                width: boxWidth, height: boxHeight)
        }
        let clear = candidates.filter { $0.top >= 96 }
        func covered(_ box: LabelBox) -> Double { placed.reduce(0) { $0 + $1.overlap(with: box) } }
        return clear.first { covered($0) == 0 } ?? clear.min { covered($0) < covered($1) } ?? candidates[0]
    }

    private func drawHeader(_ svg: inout SVGDocument) {
        var facts: [String] = []
        let routeLength = zip(trace.waypoints, trace.waypoints.dropFirst()).reduce(0) {
            $0 + $1.0.point.distance(to: $1.1.point)
        }
        if routeLength > 0 { facts.append("route \(formatKilometres(routeLength))") }
        if let last = fixes.last { facts.append("\(formatClock(last.time)) played") }
        facts.append("\(fixes.count) fixes")
        let subtitle = facts.joined(separator: "  ·  ")
        let boxWidth = min(
            width - 100, max(estimatedWidth(trace.name, fontSize: 19), estimatedWidth(subtitle, fontSize: 12.5)) + 36)
        svg.element(
            "rect",
            [
                ("x", "16"), ("y", "24"), ("width", number(boxWidth)), ("height", "62"), ("rx", "11"),
                ("fill", "#ffffff"),
                ("fill-opacity", "0.94"), ("filter", "url(#shadow)"),
            ])
        svg.element(
            "text", [("x", "34"), ("y", "52"), ("font-size", "19"), ("font-weight", "700"), ("fill", "#0f172a")],
            text: trace.name)
        svg.element("text", [("x", "34"), ("y", "73"), ("font-size", "12.5"), ("fill", "#475569")], text: subtitle)
    }

    private func drawScaleBar(_ svg: inout SVGDocument) {
        let metresPerPixel = projection.metresPerPixel
        let length = niceStep(metresPerPixel * width / 5, candidates: scaleCandidates)
        let pixels = length / metresPerPixel
        let x = 32.0
        let y = projection.height - 30
        svg.element(
            "rect",
            [
                ("x", number(x - 14)), ("y", number(y - 26)), ("width", number(pixels + 62)), ("height", "42"),
                ("rx", "9"), ("fill", "#ffffff"), ("fill-opacity", "0.9"), ("filter", "url(#shadow)"),
            ])
        for part in 0..<4 {
            let segment = pixels / 4
            svg.element(
                "rect",
                [
                    ("x", number(x + Double(part) * segment)), ("y", number(y)), ("width", number(segment)),
                    ("height", "6"), ("fill", part % 2 == 0 ? "#1e293b" : "#ffffff"), ("stroke", "#1e293b"),
                    ("stroke-width", "1"),
                ])
        }
        svg.open("g", [("font-size", "11"), ("fill", "#1e293b"), ("text-anchor", "middle")])
        for (offset, text) in [(0.0, "0"), (pixels / 2, formatDistance(length / 2)), (pixels, formatDistance(length))] {
            svg.element("text", [("x", number(x + offset)), ("y", number(y - 7))], text: text)
        }
        svg.close("g")
    }

    private func drawNorthArrow(_ svg: inout SVGDocument) {
        svg.open("g", [("transform", "translate(\(number(width - 46)) 56)")])
        svg.element("circle", [("r", "24"), ("fill", "#ffffff"), ("fill-opacity", "0.94"), ("filter", "url(#shadow)")])
        svg.element("path", [("d", "M0,-17 L8,9 L0,4 L-8,9 Z"), ("fill", "#1e293b")])
        svg.element("path", [("d", "M0,-17 L0,4 L-8,9 Z"), ("fill", "#64748b")])
        svg.element(
            "text",
            [("y", "40"), ("text-anchor", "middle"), ("font-size", "12"), ("font-weight", "700"), ("fill", "#1e293b")],
            text: "N")
        svg.close("g")
    }

    private func drawLegend(_ svg: inout SVGDocument) {
        let present = LocationAuthorization.allCases.reversed().filter { state in
            fixes.contains { $0.authorization == state }
        }
        guard !present.isEmpty else { return }
        let rowHeight = 20.0
        let boxHeight = Double(present.count) * rowHeight + 36
        let boxWidth = 186.0
        let (left, top) = emptiestCorner(width: boxWidth, height: boxHeight)
        svg.element(
            "rect",
            [
                ("x", number(left)), ("y", number(top)), ("width", number(boxWidth)), ("height", number(boxHeight)),
                ("rx", "11"), ("fill", "#ffffff"), ("fill-opacity", "0.94"), ("filter", "url(#shadow)"),
            ])
        svg.element(
            "text",
            [
                ("x", number(left + 16)), ("y", number(top + 22)), ("font-size", "11"), ("font-weight", "700"),
                ("letter-spacing", "0.6"), ("fill", "#64748b"),
            ],
            text: "LOCATION PERMISSION")
        for (row, state) in present.enumerated() {
            let y = top + 42 + Double(row) * rowHeight
            svg.element(
                "circle",
                [("cx", number(left + 22)), ("cy", number(y - 4)), ("r", "5.5"), ("fill", Self.colour(for: state))])
            svg.element(
                "text", [("x", number(left + 36)), ("y", number(y)), ("font-size", "12.5"), ("fill", "#0f172a")],
                text: Self.legendName(for: state))
        }
    }

    // MARK: Helpers

    /// The top-left point of a `width` × `height` box in whichever free corner (bottom right, top right below
    /// the north arrow, or bottom left above the scale bar) covers the fewest route points and fixes.
    private func emptiestCorner(width boxWidth: Double, height boxHeight: Double) -> (x: Double, y: Double) {
        let candidates = [
            (self.width - boxWidth - 18, projection.height - boxHeight - 18),
            (self.width - boxWidth - 18, 112.0),
            (18.0, projection.height - boxHeight - 78),
        ]
        let points = (trace.waypoints.map(\.point) + fixes.map(\.coordinate)).map(projection.xy)
        return candidates.min { first, second in
            covered(points, by: first, boxWidth, boxHeight) < covered(points, by: second, boxWidth, boxHeight)
        } ?? candidates[0]
    }

    private func covered(
        _ points: [(x: Double, y: Double)], by corner: (Double, Double), _ boxWidth: Double, _ boxHeight: Double
    ) -> Int {
        let margin = 24.0
        return points.filter { point in
            point.x > corner.0 - margin && point.x < corner.0 + boxWidth + margin && point.y > corner.1 - margin
                && point.y < corner.1 + boxHeight + margin
        }.count
    }

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
    guard metres >= 1_000 else { return "\(Int(metres.rounded())) m" }
    let kilometres = metres / 1_000
    let digits = kilometres == kilometres.rounded() ? 0 : 1
    return "\(formatFixed(kilometres, fractionDigits: digits)) km"
}

/// A stop's length: `45 s`, `15 min`, `2.5 min`.
private func formatStop(_ seconds: Double) -> String {
    guard seconds >= 60 else { return "\(Int(seconds.rounded())) s" }
    let minutes = seconds / 60
    return "\(formatFixed(minutes, fractionDigits: minutes == minutes.rounded() ? 0 : 1)) min"
}

/// Pixel coordinates rounded to a tenth, which is finer than any screen and keeps the file small.
private func number(_ value: Double) -> String {
    formatFixed(value, fractionDigits: 1)
}

/// A rough text width for sizing boxes: about 0.58 em per character for Latin text, a full em for Hangul.
private func estimatedWidth(_ text: String, fontSize: Double) -> Double {
    text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 1.0 : 0.58) } * fontSize
}

/// A label's rectangle on the map, for keeping labels apart.
private struct LabelBox {
    var left: Double
    var top: Double
    var width: Double
    var height: Double

    /// The area the two boxes share, each grown by a 2-pixel margin (0 when they are apart).
    func overlap(with other: LabelBox) -> Double {
        let horizontal = min(left + width, other.left + other.width) - max(left, other.left) + 4
        let vertical = min(top + height, other.top + other.height) - max(top, other.top) + 4
        return max(0, horizontal) * max(0, vertical)
    }
}

/// The space kept free around the route for the header, scale bar, legend and labels.
private struct MapMargins {
    var top: Double
    var right: Double
    var bottom: Double
    var left: Double
}

/// Web Mercator fitted into a box with margins; y grows downwards as in SVG.
private struct MapProjection {
    let height: Double
    let geographicBounds: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double)
    private let scale: Double
    private let originX: Double
    private let originY: Double
    private let centreLatitude: Double

    init(fitting points: [GeoPoint], width: Double, margins: MapMargins) {
        var south = points.map(\.latitude).min() ?? 37.56
        var north = points.map(\.latitude).max() ?? 37.57
        var west = points.map(\.longitude).min() ?? 126.97
        var east = points.map(\.longitude).max() ?? 126.98
        // A single point or a short walk still gets a map a few hundred metres across.
        let minimumSpan = 0.004
        if north - south < minimumSpan {
            (south, north) = ((north + south - minimumSpan) / 2, (north + south + minimumSpan) / 2)
        }
        if east - west < minimumSpan {
            (west, east) = ((east + west - minimumSpan) / 2, (east + west + minimumSpan) / 2)
        }
        let left = Self.mercatorX(west)
        let right = Self.mercatorX(east)
        let top = Self.mercatorY(north)
        let bottom = Self.mercatorY(south)
        let innerWidth = width - margins.left - margins.right
        let naturalHeight = innerWidth * (top - bottom) / (right - left)
        let innerHeight = min(max(naturalHeight, width * 0.6 - margins.top - margins.bottom), width * 1.25)
        scale = min(innerWidth / (right - left), innerHeight / (top - bottom))
        height = innerHeight + margins.top + margins.bottom
        // Centre the route in the inner box.
        originX = margins.left + (innerWidth - (right - left) * scale) / 2 - left * scale
        originY = margins.top + (innerHeight - (top - bottom) * scale) / 2 + top * scale
        centreLatitude = (south + north) / 2
        geographicBounds = (
            Self.latitude(mercatorY: (originY - height) / scale), Self.latitude(mercatorY: originY / scale),
            (-originX / scale).degrees, ((width - originX) / scale).degrees
        )
    }

    static func mercatorX(_ longitude: Double) -> Double {
        longitude.radians
    }

    static func mercatorY(_ latitude: Double) -> Double {
        log(tan(.pi / 4 + max(-85, min(85, latitude)).radians / 2))
    }

    static func latitude(mercatorY y: Double) -> Double {
        (2 * atan(exp(y)) - .pi / 2).degrees
    }

    func x(longitude: Double) -> Double {
        originX + Self.mercatorX(longitude) * scale
    }

    func y(latitude: Double) -> Double {
        originY - Self.mercatorY(latitude) * scale
    }

    func xy(_ point: GeoPoint) -> (x: Double, y: Double) {
        (x(longitude: point.longitude), y(latitude: point.latitude))
    }

    func pair(_ point: GeoPoint) -> String {
        "\(number(x(longitude: point.longitude))),\(number(y(latitude: point.latitude)))"
    }

    /// Ground metres per pixel at the centre latitude (Mercator stretches by 1 / cos φ).
    var metresPerPixel: Double {
        Geodesy.meanEarthRadius * cos(centreLatitude.radians) / scale
    }
}

/// Accumulates SVG markup; attribute values and text are XML-escaped here, so callers pass plain strings.
private struct SVGDocument {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var depth = 0

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        write("<\(name)\(render(attributes))>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        write("</\(name)>")
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text content: String? = nil) {
        if let content {
            write("<\(name)\(render(attributes))>\(xmlEscaped(content))</\(name)>")
        } else {
            write("<\(name)\(render(attributes))/>")
        }
    }

    private mutating func write(_ line: String) {
        text += String(repeating: " ", count: depth)
        text += line
        text += "\n"
    }

    private func render(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(xmlEscaped($0.1))\"" }.joined()
    }
}
