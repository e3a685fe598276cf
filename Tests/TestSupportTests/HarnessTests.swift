import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the harness promises the tests that start executables: both outputs captured, waits on output
/// rather than time, and a child always stopped.
@Suite struct HarnessTests {
    private static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func bothOutputsAndTheStatusAreCapturedSeparately() async throws {
        let result = try await RunningProcess.start(
            executable: Self.shell, ["-c", "echo out; echo err >&2; echo \"$HARNESS_VALUE\"; exit 3"],
            environment: ["HARNESS_VALUE": "given"]
        ).finish()

        #expect(result.status == 3 && !result.endedBySignal)
        #expect(result.standardOutput == "out\ngiven\n")
        #expect(result.standardError == "err\n")
    }

    @Test func theDevelopersKeyAndCassetteDirectoryNeverReachAChild() async throws {
        setenv("OPENWEATHERMAP_API_KEY", "developer-key", 1)
        defer { unsetenv("OPENWEATHERMAP_API_KEY") }
        let result = try await RunningProcess.start(
            executable: Self.shell, ["-c", "echo \"key=${OPENWEATHERMAP_API_KEY-unset}\""]
        ).finish()

        #expect(result.standardOutput == "key=unset\n")
    }

    @Test func aTestWaitsForOutputNotForTime() async throws {
        let child = try RunningProcess.start(
            executable: Self.shell, ["-c", "echo first; read line; echo \"got $line\""], standardInput: .pipe)

        #expect(await child.standardOutput.firstLine(startingWith: "fir") == "first")
        #expect(child.isRunning, "still waiting for its input")
        child.closeStandardInput()
        #expect(await child.finish().standardOutput == "first\ngot \n")
    }

    @Test func aLineThatNeverComesIsNilOnceTheOutputEnds() async throws {
        let child = try RunningProcess.start(executable: Self.shell, ["-c", "echo other"])

        #expect(await child.standardOutput.firstLine(startingWith: "mockweather listening on ") == nil)
        #expect(await child.standardOutput.waitUntilContains("never") == false)
    }

    @Test func stopEscalatesToSIGKILLWhenTheChildIgnoresSIGTERM() async throws {
        let child = try RunningProcess.start(
            executable: Self.shell, ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        await child.standardOutput.waitUntilContains("ready")

        let result = await child.stop(gracePeriod: .milliseconds(200))

        #expect(result.endedBySignal && result.status == SIGKILL)
    }

    @Test func aChildLeftRunningIsKilledWhenItsValueIsReleased() async throws {
        var child: RunningProcess? = try RunningProcess.start(
            executable: Self.shell, ["-c", "echo $$; while :; do sleep 1; done"])
        let pid = try #require(await child?.standardOutput.firstLine(startingWith: "")).flatMap { Int32($0) }
        let identifier = try #require(pid)
        child = nil

        // The zombie is reaped by the harness's reaper thread; until then kill(pid, 0) may still succeed,
        // so wait for the process to be gone rather than for time to pass.
        while kill(identifier, 0) == 0 { await Task.yield() }
        #expect(errno == ESRCH)
    }

    @Test func aServerThatCannotStartReportsWhatItPrinted() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("bad.json", "{}")

        await #expect {
            try await withMock(.replay(directory.url), mode: .binary) { _ in }
        } throws: { error in
            String(describing: error).contains("bad.json:1:1: $: missing \"format\"")
        }
    }

    @Test func theRawClientSeesTheBytesAndHowTheConnectionEnded() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let exchange = try await RawHTTPClient(port: try server.port).exchange("/data/2.5/weather?q=Seoul")
            #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK"))
            #expect(exchange.body.contains(#""name":"Seoul""#))
            #expect(exchange.ending == .closed)
        }
    }
}
