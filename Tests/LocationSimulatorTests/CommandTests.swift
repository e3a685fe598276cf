import Foundation
import LocationSimulator
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct CommandTemplateTests {
    let context = FixEncodingContext(
        startDate: Date(timeIntervalSince1970: 1_795_910_400), traceName: "t", waypointNames: [])
    let fix = LocationFix(
        time: 12.5, coordinate: GeoPoint(latitude: 37.5663174, longitude: 126.9779451), horizontalAccuracy: 8,
        speed: 27.7778, course: 171.25, authorization: .authorizedWhenInUse)

    @Test func placeholdersAreFilledFromTheFix() throws {
        let template = try CommandTemplate("xcrun simctl location booted set {lat},{lon} # {time} {elapsed}")

        #expect(
            template.command(for: fix, context: context)
                == "xcrun simctl location booted set 37.5663174,126.9779451 # 2026-11-29T00:00:12.500Z 12.500")
    }

    @Test func adbTakesLongitudeFirst() throws {
        let template = try CommandTemplate("adb emu geo fix {lon} {lat} && echo {speed} {course} {accuracy}")

        #expect(
            template.command(for: fix, context: context)
                == "adb emu geo fix 126.9779451 37.5663174 && echo 27.78 171.3 8.0")
    }

    @Test func doubledBracesAreLiteral() throws {
        let template = try CommandTemplate("echo ${{HOME}} {{lat}} {lat}")

        #expect(template.command(for: fix, context: context) == "echo ${HOME} {lat} 37.5663174")
    }

    @Test func anUnknownPlaceholderSuggestsTheClosestOne() {
        #expect(throws: CommandTemplateError.unknownPlaceholder("latitude", suggestion: nil)) {
            try CommandTemplate("set {latitude}")
        }
        #expect(throws: CommandTemplateError.unknownPlaceholder("lonn", suggestion: "lon")) {
            try CommandTemplate("set {lonn}")
        }
    }

    @Test func unbalancedBracesAndEmptyTemplatesAreRejected() {
        #expect(throws: CommandTemplateError.unclosedBrace(template: "set {lat")) { try CommandTemplate("set {lat") }
        #expect(throws: CommandTemplateError.strayBrace(template: "set lat}")) { try CommandTemplate("set lat}") }
        #expect(throws: CommandTemplateError.empty) { try CommandTemplate("  ") }
    }
}

@Suite struct CommandRunnerTests {
    @Test func exitStatusesAndSignalsAreReported() throws {
        let runner = CommandRunner()

        #expect(try runner.run("true") == .exited(0))
        #expect(try runner.run("exit 3") == .exited(3))
        #expect(try runner.run("kill -9 $$") == .signalled(9))
    }

    @Test func theCommandRunsThroughTheShellWithItsOutputOnStandardError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.txt").path

        let termination = try CommandRunner().run("echo to-stdout; echo to-stderr 1>&2; echo 37.5,127.0 > '\(file)'")

        #expect(termination.isSuccess)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "37.5,127.0\n")
    }

    #if os(Linux)
    @Test func theCommandStartsWithDefaultSignalHandlingWhateverThisProcessBlocksOrIgnores() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("status.txt").path
        // As in replay-location: SIGPIPE ignored (a disposition the command would inherit through exec; the
        // shell cannot undo it), and SIGINT and SIGTERM blocked on the calling thread.
        let previousPipeHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previousPipeHandler) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        _ = try CommandRunner().run("grep -E '^Sig(Blk|Ign)' /proc/self/status > '\(file)'")

        let fields = Dictionary(
            uniqueKeysWithValues: try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
                line in
                let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], UInt64(parts[1], radix: 16) ?? .max)
            })
        let interrupt: UInt64 = 1 << (UInt64(SIGINT) - 1)
        let brokenPipe: UInt64 = 1 << (UInt64(SIGPIPE) - 1)
        #expect(fields["SigBlk"] == 0)
        #expect((fields["SigIgn"] ?? .max) & (interrupt | brokenPipe) == 0)
    }
    #endif

    @Test func aMissingShellIsAnError() {
        #expect(throws: CommandRunnerError.self) { try CommandRunner(shell: "/nonexistent/sh").run("true") }
    }
}
