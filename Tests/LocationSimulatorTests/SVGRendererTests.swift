import Foundation
import LocationSimulator
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct SVGRendererTests {
    /// Counts elements and collects text, proving along the way that the document is well-formed XML.
    final class SVGInspector: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var fills: [String: Int] = [:]
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements[elementName, default: 0] += 1
            if elementName == "circle", let fill = attributes["fill"] { fills[fill, default: 0] += 1 }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }

    func inspect(_ svg: String) throws -> SVGInspector {
        let inspector = SVGInspector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = inspector
        #expect(parser.parse(), "the SVG must be well-formed XML")
        return inspector
    }

    @Test func theMapShowsRouteWaypointsFixesByPermissionScaleAndNorth() throws {
        var trace = try TraceLoader.load(path: TestTraces.seoulToDaeguPath())
        trace.noise = nil
        let fixes = Array(FixSampler(playback: try Playback(trace: trace), interval: 60))
        let labels = [MapLabel(point: TestTraces.daeguCityHall, title: "4.1°C", detail: "Daegu · Clear")]

        let svg = SVGRenderer(trace: trace, fixes: fixes, labels: labels).render()
        let inspector = try inspect(svg)

        #expect(inspector.elements["svg"] == 1)
        #expect((inspector.elements["path"] ?? 0) >= 2)
        for name in ["Seoul City Hall", "Suwon", "Cheonan", "Daejeon", "Gimcheon", "Gumi", "Daegu City Hall"] {
            #expect(inspector.text.contains(name), "waypoint \(name) is labelled")
        }
        #expect(inspector.text.contains("4.1°C") && inspector.text.contains("Daegu · Clear"))
        #expect(inspector.text.contains("km"), "the scale bar is labelled in kilometres")
        #expect(inspector.text.contains("N"))
        #expect(inspector.text.contains("denied") && inspector.text.contains("authorised (in use)"))
        let authorisedDots = inspector.fills["#2563eb"] ?? 0
        let deniedDots = inspector.fills["#dc2626"] ?? 0
        let deniedFixes = fixes.filter { $0.authorization == .denied }.count
        #expect(deniedDots == deniedFixes + 1)  // plus the legend's swatch
        #expect(authorisedDots > deniedDots)
    }

    @Test func thousandsOfFixesAreThinnedButPermissionChangesKept() throws {
        var trace = TestTraces.drive()
        trace.events = [
            TraceEvent(time: 1_000, authorization: .restricted),
            TraceEvent(time: 1_001, authorization: .authorizedWhenInUse),
        ]
        let fixes = Array(FixSampler(playback: try Playback(trace: trace), interval: 0.25))

        let inspector = try inspect(SVGRenderer(trace: trace, fixes: fixes).render())

        #expect(fixes.count > 10_000)
        let dots = inspector.fills.values.reduce(0, +)
        #expect(dots <= SVGRenderer.maximumDots + 10)
        #expect((inspector.fills["#d97706"] ?? 0) >= 2)  // the restricted stretch and its legend swatch
    }

    @Test func aSinglePointStillDrawsAMap() throws {
        let trace = Trace(name: "<here & now>", waypoints: [Waypoint(TestTraces.suwon, name: "Suwon")])

        let inspector = try inspect(SVGRenderer(trace: trace, fixes: [try Playback(trace: trace).fix(at: 0)]).render())

        #expect(inspector.text.contains("<here & now>"))
        #expect(inspector.text.contains("m"))
    }
}
