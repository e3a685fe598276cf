import Foundation
import LocationSimulator
import TestSupport
import Testing

@Suite struct GPXImporterTests {
    func importGPX(_ text: String) throws(TraceLoadError) -> Trace {
        try GPXImporter.importTrace(Array(text.utf8), fileName: "drive.gpx")
    }

    func importError(_ text: String) -> String? {
        do {
            _ = try importGPX(text)
            return nil
        } catch {
            return error.description
        }
    }

    /// Found by fuzzing (Fuzz/gpx/regressions): FoundationXML trapped on an element name or a
    /// comment that is not UTF-8, whatever encoding the prolog named.
    @Test(arguments: [
        Array("<".utf8) + [UInt8](repeating: 0xFF, count: 40),
        Array("<?xml version=\"1.0\" encoding=\"\u{CD}UTF-8\"?>\n<!-- caf".utf8) + [0xE9] + Array(" -->\n<gpx/>".utf8),
    ])
    func textThatIsNotUTF8IsRefusedWithWhereItStartsNotACrash(_ bytes: [UInt8]) {
        #expect(throws: TraceLoadError.self) { try GPXImporter.importTrace(bytes, fileName: "bad.gpx") }
        do {
            _ = try GPXImporter.importTrace(bytes, fileName: "bad.gpx")
        } catch {
            #expect(error.description.contains("bad.gpx:"), "\(error)")
            #expect(error.description.contains("not UTF-8 (byte 0x"), "\(error)")
        }
    }

    /// Found by fuzzing (Fuzz/gpx/regressions): FoundationXML read a null pointer for a processing
    /// instruction without data, also one an entity expands to, and for an unparsed entity declaration.
    /// Such constructs, which no GPX writer produces, are refused before it parses anything, naming the
    /// line, the column and what was refused.
    @Test(arguments: [
        ("<?xmin?>\n<: way~oints wi####\"###2:30Z</time></><nam-CS", "bad.gpx:1:1: processing instruction <?xmin"),
        (
            "<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"a.xsl\"?>\n<gpx/>",
            "bad.gpx:2:1: processing instruction <?xml-stylesheet"
        ),
        ("<gpx>\n  <wpt lat=\"1\" lon=\"2\"/>\n  <?x?></gpx>", "bad.gpx:3:3: processing instruction <?x"),
        ("\n<?xml version=\"1.0\"?><gpx/>", "bad.gpx:2:1: XML declaration <?xml refused here"),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY e \"<?p?>\">]>\n<gpx>&e;</gpx>",
            "bad.gpx:2:1: <!DOCTYPE refused"
        ),
        (
            "<!DOCTYPE gpx [<!NOTATION n SYSTEM \"x\"><!ENTITY u SYSTEM \"y\" NDATA n>]><gpx/>",
            "bad.gpx:1:1: <!DOCTYPE refused"
        ),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><name>&e;</name></wpt></gpx>", "bad.gpx:1:33: entity reference &e; refused"),
        ("<gpx><wpt lat=\"&big;\" lon=\"2\"/></gpx>", "bad.gpx:1:16: entity reference &big; refused"),
        ("<gpx><name>Fish & Chips</name></gpx>", "bad.gpx:1:17: \"&\" that starts no reference refused"),
        ("<?xml version=\"1.0\" encoding=\"IBM037\"?><gpx/>", "bad.gpx:1:1: encoding \"IBM037\" refused"),
        ("<\0?\0x\0m\0l\0", "bad.gpx:1:2: NUL byte (0x00) refused"),
        ("<?xml?>'<!-- aar", "bad.gpx:1:1: malformed XML declaration refused"),
        ("<?xml version=\"1.0\" > <?x?> ?><gpx/>", "bad.gpx:1:1: malformed XML declaration refused"),
        ("<gpx creator=\"<?x?>\"/>", "bad.gpx:1:15: \"<\" in an attribute value refused"),
        ("<gding=<!-- <wptt~=<\u{1}<?xm?>", "bad.gpx:1:8: \"<\" inside a tag refused"),
        ("<gpx>\n<!-- <?x?>", "bad.gpx:2:1: comment without its closing --> refused"),
        ("<gpx><name><![CDATA[<?x?></name></gpx>", "bad.gpx:1:12: CDATA section without its closing ]]> refused"),
    ])
    func markupNoGPXWriterProducesIsRefusedNamingWhereAndWhat(_ text: String, _ expected: String) {
        do {
            _ = try GPXImporter.importTrace(Array(text.utf8), fileName: "bad.gpx")
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }

    @Test func commentsCDATAReferencesAndADeclarationAsDevicesWriteThemAreRead() throws {
        let trace = try importGPX(
            """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
            <!-- exported <?by?> a tool & friends <!DOCTYPE nothing> -->
            <gpx version="1.1" creator="Fish &amp; Chips &#x2014; &#233;" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name><![CDATA[Seoul <?to?> & Suwon]]></name></metadata>
              <wpt lat="37.5663174" lon="126.9779451"><name>Caf&#233; &lt;1&gt; &quot;a&apos;</name></wpt>
              <wpt lat='37.2831' lon='127.03783'><name>Suwon</name></wpt>
            </gpx>
            """)
        #expect(trace.name == "Seoul <?to?> & Suwon")
        #expect(trace.waypoints.map(\.name) == ["Café <1> \"a'", "Suwon"])
    }

    @Test func aSingleByteEncodingIsReadWhenEveryByteIsASCIIAndRefusedOtherwise() throws {
        let ascii = "<?xml version='1.0' encoding='ISO-8859-1'?><gpx><wpt lat='1' lon='2'><name>Cafe</name></wpt></gpx>"
        #expect(try importGPX(ascii).waypoints.map(\.name) == ["Cafe"])
        let labelledLatin1 = ascii.replacingOccurrences(of: "Cafe", with: "Café")
        #expect(importError(labelledLatin1)?.hasPrefix("drive.gpx:1:1: encoding \"ISO-8859-1\" refused") == true)
    }

    @Test func xcodeStyleWaypointsWithTimesBecomeArrivals() throws {
        let trace = try importGPX(
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="Xcode">
              <wpt lat="37.5663174" lon="126.9779451">
                <name>Seoul City Hall</name><time>2026-11-29T00:00:00Z</time>
              </wpt>
              <wpt lat="37.2831" lon="127.03783"><name>Suwon</name><time>2026-11-29T00:30:00Z</time></wpt>
            </gpx>
            """)

        #expect(trace.name == "drive")
        #expect(trace.start == Date(timeIntervalSince1970: 1_795_910_400))
        #expect(trace.waypoints.map(\.name) == ["Seoul City Hall", "Suwon"])
        #expect(trace.waypoints.map(\.arrival) == [0, 1_800])
    }

    @Test func routePointsWithoutTimesUseTheDefaultSpeed() throws {
        let trace = try importGPX(
            """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><name>Route</name><rtept lat="37.5" lon="127.0"/><rtept lat="37.6" lon="127.0"/></rte>
            </gpx>
            """)

        #expect(trace.name == "Route")
        #expect(trace.waypoints.count == 2)
        #expect(trace.waypoints.allSatisfy { $0.arrival == nil })
        let playback = try Playback(trace: trace)
        let expected = trace.waypoints[0].point.distance(to: trace.waypoints[1].point) / (Trace.defaultSpeedKmh / 3.6)
        #expect(abs((playback.duration ?? 0) - expected) < 1e-6)
    }

    @Test func trackSegmentsAreJoinedAndPreferredOverWaypoints() throws {
        let trace = try importGPX(
            """
            <gpx version="1.0">
              <wpt lat="10" lon="10"><name>a point of interest</name></wpt>
              <trk><name>Morning walk</name>
                <trkseg><trkpt lat="37.50" lon="127.00"><time>2026-11-29T00:00:00Z</time></trkpt>
                        <trkpt lat="37.501" lon="127.00"><time>2026-11-29T00:01:00Z</time></trkpt></trkseg>
                <trkseg><trkpt lat="37.502" lon="127.00"><time>2026-11-29T00:02:00Z</time></trkpt></trkseg>
              </trk>
            </gpx>
            """)

        #expect(trace.name == "Morning walk")
        #expect(trace.waypoints.map(\.point.latitude) == [37.50, 37.501, 37.502])
        #expect(trace.waypoints.map(\.arrival) == [0, 60, 120])
    }

    @Test func aBadCoordinateNamesItsLine() {
        let error = importError(
            """
            <gpx version="1.1">
              <wpt lat="37.5" lon="127"/>
              <wpt lat="95" lon="127"/>
            </gpx>
            """)

        #expect(error == #"drive.gpx: line 3: <wpt> lat: expected a number between -90 and 90, found "95""#)
    }

    @Test func timesGoingBackwardsAreRejected() {
        let error = importError(
            """
            <gpx version="1.1">
              <wpt lat="37.5" lon="127"><time>2026-11-29T00:10:00Z</time></wpt>
              <wpt lat="37.6" lon="127"><time>2026-11-29T00:05:00Z</time></wpt>
            </gpx>
            """)

        #expect(error?.contains("drive.gpx: line 3: <wpt> time goes backwards") == true)
    }

    @Test func malformedXMLIsReportedWithItsLine() {
        let error = importError("<gpx version=\"1.1\">\n  <wpt lat=\"1\" lon=\"2\">\n</gpx>")

        #expect(error?.hasPrefix("drive.gpx:3:") == true)
    }

    @Test func aDocumentThatIsNotGPXIsRejected() {
        #expect(importError("<kml><Placemark/></kml>") == "drive.gpx: line 1: expected a <gpx> document, found <kml>")
    }

    @Test func aGPXWithoutPointsIsRejected() {
        #expect(importError("<gpx version=\"1.1\"></gpx>")?.contains("no <trkpt>, <rtept> or <wpt>") == true)
    }

    @Test func theBundledGPXExampleLoads() throws {
        let path = PackageLayout.traces.appendingPathComponent("xcode-style.gpx").path

        let trace = try TraceLoader.load(path: path)

        #expect(trace.waypoints.count >= 3)
        #expect(trace.waypoints.allSatisfy { $0.arrival != nil })
    }
}
