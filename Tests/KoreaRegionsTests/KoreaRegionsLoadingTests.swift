import Foundation
import KoreaRegions
import Testing

/// A copy of `World/korea/` in a temporary folder, with `divisions.bin` as a test makes it.
private struct BrokenCopy {
    let root: URL

    init(divisions: (Data) -> Data) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("korea-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("korea")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: KoreaRegionsFixture.directory).appendingPathComponent("korea")
        let original = try Data(contentsOf: source.appendingPathComponent("divisions.bin"))
        try divisions(original).write(to: folder.appendingPathComponent("divisions.bin"))
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("provinces.geojson"),
            to: folder.appendingPathComponent("provinces.geojson"))
    }

    var path: String { root.path(percentEncoded: false) }
    var divisionsPath: String { path + "/korea/divisions.bin" }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite struct KoreaRegionsLoadingTests {
    @Test func theBundledRegionsLoad() throws {
        let regions = KoreaRegionsFixture.regions
        #expect(regions.loadProblem == nil)
        #expect(regions.count > 20_000)
        let outlines = try #require(regions.provinceOutlines())
        let json = try JSONSerialization.jsonObject(with: Data(outlines)) as? [String: Any]
        let features = try #require(json?["features"] as? [[String: Any]])
        #expect(features.count == 17)
        #expect((features.first?["properties"] as? [String: String])?["name"] == "서울특별시")
    }

    @Test func aTruncatedFileNamesTheFileAndTheOffset() throws {
        for length in [3, 9, 200, 1_000_000] {
            let copy = try BrokenCopy { $0.prefix(length) }
            defer { copy.remove() }
            let regions = KoreaRegions(directory: copy.path)
            guard case .malformed(let path, let offset, let reason)? = regions.loadProblem else {
                Issue.record(
                    "cut at \(length): expected a malformed file, got \(String(describing: regions.loadProblem))")
                continue
            }
            #expect(path == copy.divisionsPath)
            #expect(offset <= length)
            #expect(reason.contains("the file ends") || reason.contains("cut short"), "\(reason)")
            #expect(regions.division(latitude: 37.5663, longitude: 126.9779) == nil)
            #expect(regions.divisions(matching: "부산", limit: 1).isEmpty)
            #expect(regions.provinceOutlines() != nil, "the outlines are a file of their own")
            #expect(regions.count == 0)
        }
    }

    @Test func aFileThatIsNotTheGeneratorsIsRefusedAtByteZero() throws {
        let copy = try BrokenCopy { _ in Data("{\"type\":\"FeatureCollection\"}".utf8) }
        defer { copy.remove() }
        let problem = KoreaRegions(directory: copy.path).loadProblem
        #expect(
            problem
                == .malformed(
                    path: copy.divisionsPath, offset: 0,
                    reason: "the header is not MWKOREA and version 1: not a file the generator writes"))
    }

    @Test func aDisplacementBeyondWhatIsPromisedIsRefused() throws {
        // Byte 8 is the displacement's varint: 100 m is more than half the promised tolerance.
        let copy = try BrokenCopy { data in
            var bytes = data
            bytes[bytes.startIndex + 8] = 100
            return bytes
        }
        defer { copy.remove() }
        let problem = try #require(KoreaRegions(directory: copy.path).loadProblem)
        #expect(problem.description.hasPrefix(copy.divisionsPath + ": byte 8: the polygons' displacement is 100 m"))
    }

    @Test func bytesAfterTheLastAreaAreRefused() throws {
        let copy = try BrokenCopy { $0 + Data([0]) }
        defer { copy.remove() }
        let problem = try #require(KoreaRegions(directory: copy.path).loadProblem)
        #expect(problem.description.hasSuffix("bytes after the last area"))
    }

    /// The dashboard's map asks for the outlines on any server: they never cost reading the divisions.
    @Test func theOutlinesAreReadWithoutTheDivisions() throws {
        let copy = try BrokenCopy { _ in Data() }
        defer { copy.remove() }
        try FileManager.default.removeItem(atPath: copy.divisionsPath)
        let regions = KoreaRegions(directory: copy.path)
        #expect(regions.provinceOutlines()?.isEmpty == false)
        #expect(regions.outlinesProblem == nil)
        #expect(regions.loadProblem == .missingFile(path: copy.divisionsPath))
    }

    @Test func aMissingFolderIsAMissingFile() {
        let regions = KoreaRegions(directory: "/nonexistent/world")
        #expect(regions.loadProblem == .missingFile(path: "/nonexistent/world/korea/divisions.bin"))
        #expect(regions.division(latitude: 37.5663, longitude: 126.9779) == nil)
        #expect(regions.outlinesProblem == .missingFile(path: "/nonexistent/world/korea/provinces.geojson"))
    }
}
