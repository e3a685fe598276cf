import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The test support that starts the executables: what it promises the tests that rely on it.
@Suite struct ChildProcessTests {
    /// Runs `/bin/sh -c script` and returns its exit status and standard output.
    static func shell(_ script: String, configure: (ChildProcess) -> Void = { _ in }) throws -> (Int32, String) {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", script]
        let output = Pipe()
        child.standardOutput = .pipe(output)
        configure(child)
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }

    @Test func exitCodesArgumentsEnvironmentAndDirectoryReachTheChild() throws {
        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let (status, text) = try Self.shell(#"printf '%s|%s|%s' "$0" "$GREETING" "$(pwd -P)"; exit 3"#) { child in
            child.environment = ["GREETING": "annyeong", "PATH": "/usr/bin:/bin"]
            child.currentDirectoryURL = directory
        }
        #expect(status == 3)
        #expect(text == "/bin/sh|annyeong|\(directory.path)")
    }

    @Test func aChildEndedBySignalReportsTheSignal() throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "kill -TERM $$; sleep 5"]
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGTERM)
        #expect(!child.isRunning)
    }

    @Test func aHandlerSetAfterTheChildExitedStillRuns() throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        let called = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in called.signal() }
        #expect(called.wait(timeout: .now() + 5) == .success)
    }

    #if os(Linux)
    @Test func theChildInheritsNoDescriptorBeyondItsStandardStreams() throws {
        // A pipe the parent holds (not close-on-exec) must not stay open in the child, or another
        // test's reader would wait for an end-of-file that never comes.
        let unrelated = Pipe()
        let descriptor = unrelated.fileHandleForWriting.fileDescriptor
        let (status, text) = try Self.shell("test -e /proc/self/fd/\(descriptor) && echo open || echo closed")
        #expect(status == 0)
        #expect(text == "closed\n")
    }

    @Test func theChildStartsWithNoSignalBlockedEvenWhenTheParentBlocksSome() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGINT)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // grep itself, not through a shell, which might reset its mask on start.
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/grep")
        child.arguments = ["SigBlk", "/proc/self/status"]
        let output = Pipe()
        child.standardOutput = .pipe(output)
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "SigBlk:\t0000000000000000")
    }
    #endif
}
