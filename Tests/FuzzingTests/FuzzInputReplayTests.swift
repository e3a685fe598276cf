import Foundation
import Fuzzing
import Testing

/// Every input under `Fuzz/`, replayed through its target in the ordinary suite: the seeds, and the
/// regressions (each an input that once crashed, hung or broke a target's property, kept after the
/// fix). A failure names the file and what the target found.
@Suite struct FuzzInputReplayTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(of target: FuzzTarget) -> [URL] {
        ["seeds", "regressions"].flatMap { folder -> [URL] in
            let directory = fuzzDirectory.appendingPathComponent(target.name).appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
                .map { directory.appendingPathComponent($0) }
        }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func everySeedAndRegressionPassesItsTarget(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let inputs = Self.inputs(of: target)
        #expect(!inputs.isEmpty, "Fuzz/\(name) has no seeds")
        for input in inputs {
            let bytes = [UInt8](try Data(contentsOf: input))
            let finding = target.check(bytes)
            #expect(finding == nil, "\(input.path): \(finding ?? "")")
        }
    }

    @Test func everyTargetHasAFolderAndEveryFolderATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzDirectory.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
        #expect(Set(folders) == Set(FuzzTargets.all.map(\.name)))
    }
}
