// httpserver-bench: serves one file's bytes as application/json on every request, for
// Scripts/bench-server.sh to compare HTTPServer with nginx. Thin on purpose: parse, serve, wait for
// SIGINT/SIGTERM, stop gracefully.
//
//   httpserver-bench --body FILE [--host 127.0.0.1] [--port 8080] [--loops N]

import HTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func writeLine(_ line: String, to fd: Int32) {
    var bytes = Array((line + "\n").utf8)
    _ = write(fd, &bytes, bytes.count)
}

func fail(_ message: String, code: Int32) -> Never {
    writeLine("httpserver-bench: \(message)", to: 2)
    exit(code)
}

func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot open --body file '\(path)'", code: 66) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

var configuration = HTTPServerConfiguration()
var bodyPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value", code: 64) }
    switch flag {
    case "--body": bodyPath = value
    case "--host": configuration.host = value
    case "--port":
        guard let port = Int(value) else { fail("--port: expected a number, found '\(value)'", code: 64) }
        configuration.port = port
    case "--loops":
        guard let loops = Int(value) else { fail("--loops: expected a number, found '\(value)'", code: 64) }
        configuration.eventLoopCount = loops
    default:
        fail(
            "unknown option '\(flag)'; usage: httpserver-bench --body FILE [--host H] [--port P] [--loops N]", code: 64)
    }
}
guard let bodyPath else { fail("missing --body FILE", code: 64) }

let response = HTTPResponse(headers: ["Content-Type": "application/json"], body: readFile(bodyPath))
let server = HTTPServer(configuration: configuration, handler: HTTPHandlerFunction { _ in .respond(response) })

// Block the stop signals before any thread starts, so only sigwait below receives them.
var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGINT)
sigaddset(&signals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &signals, nil)

let port: Int
do {
    port = try server.start()
} catch {
    fail("\(error)", code: 69)
}
writeLine("httpserver-bench listening on http://\(configuration.host):\(port)", to: 1)

var received: Int32 = 0
sigwait(&signals, &received)
await server.stop()
