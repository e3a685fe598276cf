// The fuzz driver. Built by Scripts/fuzz.sh with `-sanitize=fuzzer,address -DFUZZING`, it is a
// libFuzzer binary running the target named by MOCKWEATHER_FUZZ_TARGET. Built plainly (as
// `swift build` does), it replays files through a target: `mockweather-fuzz TARGET FILE...`.
import Fuzzing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to standard error in one `write`.
private func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
/// The target this process fuzzes, chosen once from the environment.
private let fuzzedTarget: FuzzTarget = {
    let name = getenv("MOCKWEATHER_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        writeToStandardError("mockweather-fuzz: set MOCKWEATHER_FUZZ_TARGET to one of: \(names)\n")
        exit(64)
    }
    return target
}()

/// libFuzzer's entry point: a finding aborts, so libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let finding = fuzzedTarget.check(bytes) {
        writeToStandardError("mockweather-fuzz: \(fuzzedTarget.name): \(finding)\n")
        abort()
    }
    return 0
}
#else
/// Replays files through a target; exits 1 when the property fails on any of them.
@main
struct FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTargets.named(name) else {
            print("usage: mockweather-fuzz TARGET FILE...\ntargets:")
            for target in FuzzTargets.all { print("  \(target.name.padding(12))\(target.summary)") }
            exit(arguments.isEmpty ? 0 : 64)
        }
        var failed = false
        for path in arguments.dropFirst() {
            guard let bytes = readFile(path) else {
                writeToStandardError("mockweather-fuzz: cannot read \(path)\n")
                exit(66)
            }
            if let finding = target.check(bytes) {
                writeToStandardError("\(path): \(finding)\n")
                failed = true
            }
        }
        exit(failed ? 1 : 0)
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
#endif
