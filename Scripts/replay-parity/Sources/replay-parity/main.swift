// Replays a list of requests in the three modes (mockweather serve, the in-process server, the
// URLProtocol replayer) and writes one line per answer: mode, request, status, headers (without Date)
// and the body's length and FNV-1a hash. Built by Scripts/replay-parity.sh against two revisions of
// the package, so their lines can be compared: it uses only the public API both revisions have.
//
//   replay-parity MOCKWEATHER_BINARY CASSETTE_DIR REQUESTS_FILE OUTPUT_FILE
//
// REQUESTS_FILE has one request per line: METHOD, a tab, an absolute URL (as `mockweather export` writes).

import Foundation
import MockWeather
import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    FileHandle.standardError.write(
        Data("usage: replay-parity MOCKWEATHER_BINARY CASSETTE_DIR REQUESTS_FILE OUTPUT_FILE\n".utf8))
    exit(64)
}
let binary = arguments[1]
let cassettes = URL(fileURLWithPath: arguments[2])
let requests: [(method: String, url: URL)] = try String(contentsOfFile: arguments[3], encoding: .utf8)
    .split(separator: "\n").compactMap { line in
        let parts = line.split(separator: "\t", maxSplits: 1)
        guard parts.count == 2, let url = URL(string: String(parts[1])) else { return nil }
        return (String(parts[0]), url)
    }

/// 64-bit FNV-1a: enough to tell two bodies apart in a comparison.
func fnv1a(_ bytes: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
}

/// One exchange as a line. `base` replaces the request's scheme, host and port (nil keeps them).
func exchange(_ method: String, _ url: URL, base: URL?, session: URLSession) async -> String {
    var target = url
    if let base, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
        components.scheme = base.scheme
        components.host = base.host
        components.port = base.port
        target = components.url!
    }
    var request = URLRequest(url: target, timeoutInterval: 6)
    request.httpMethod = method
    let shown = "\(method) \(url.path)?\(url.query ?? "")"
    do {
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        let headers = http.allHeaderFields.compactMap { key, value -> String? in
            let name = "\(key)".lowercased()
            return name == "date" ? nil : "\(name)=\(value)"
        }.sorted().joined(separator: "; ")
        return "\(shown)\t\(http.statusCode)\t\(headers)\t\(data.count) \(fnv1a(data))"
    } catch {
        return "\(shown)\terror \((error as? URLError)?.code.rawValue ?? -1)"
    }
}

/// Every request in order, each through a fresh session (a reset must not be retried on a reused
/// connection), prefixed with the mode.
func run(_ mode: String, base: URL?, makeSession: () -> URLSession) async -> [String] {
    var lines: [String] = []
    for (index, request) in requests.enumerated() {
        let session = makeSession()
        lines.append("\(mode)\t\(index)\t" + (await exchange(request.method, request.url, base: base, session: session)))
        session.finishTasksAndInvalidate()
    }
    return lines
}

var output: [String] = []

// mockweather serve
let process = Process()
process.executableURL = URL(fileURLWithPath: binary)
process.arguments = ["serve", "--port", "0", "--cassettes", cassettes.path, "--exit-on-stdin-eof"]
let stdout = Pipe()
let stdin = Pipe()
process.standardOutput = stdout
process.standardInput = stdin
process.standardError = FileHandle.nullDevice
try process.run()
var firstLine = Data()
while !firstLine.contains(UInt8(ascii: "\n")) {
    let chunk = stdout.fileHandleForReading.availableData
    if chunk.isEmpty { break }
    firstLine += chunk
}
let listening = String(decoding: firstLine, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
guard let address = listening.split(separator: " ").last.flatMap({ URL(string: String($0)) }) else {
    FileHandle.standardError.write(Data("replay-parity: mockweather serve did not start: \(listening)\n".utf8))
    exit(69)
}
// Keep draining the log so the server never blocks on a full pipe.
Thread.detachNewThread { while !stdout.fileHandleForReading.availableData.isEmpty {} }
output += await run("serve", base: address) { URLSession(configuration: .ephemeral) }
stdin.fileHandleForWriting.closeFile()
process.waitUntilExit()

// The in-process server
let mock = try InProcessMockWeather.start(.directory(cassettes))
output += await run("in-process", base: mock.baseURL) { URLSession(configuration: .ephemeral) }
await mock.stop()

// The URLProtocol replayer: one replayer for the whole run, as one server serves the others.
let replayer = try MockWeatherReplayer(.directory(cassettes))
output += await run("urlprotocol", base: nil) { replayer.makeSession() }

try (output.joined(separator: "\n") + "\n").write(toFile: arguments[4], atomically: true, encoding: .utf8)
print("replay-parity: \(requests.count) requests in 3 modes written to \(arguments[4])")
