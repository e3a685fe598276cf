// The plugins' I/O: the search for cassette folders, and running the package's `mockweather`
// executable in the consumer's package directory. Plugins/MockWeatherRecordCommand links to this file
// (a symbolic link), as to InvocationPlan.swift.
import Foundation
import PackagePlugin

/// Why a plugin run failed; SwiftPM prints the description after "error: " and exits 1.
enum PluginFailure: Error, CustomStringConvertible {
    /// The plan refused the arguments (see `InvocationPlan.refuse`).
    case refused(String)
    /// `mockweather` could not be started at `path`.
    case toolNotStarted(path: String, reason: String)
    /// `mockweather SUBCOMMAND` ended with a status other than 0.
    case toolExited(subcommand: String, status: Int32)
    /// `mockweather SUBCOMMAND` was ended by a signal.
    case toolSignalled(subcommand: String, signal: Int32)

    var description: String {
        switch self {
        case .refused(let message): message
        case .toolNotStarted(let path, let reason): "could not start mockweather at \(path): \(reason)"
        case .toolExited(let subcommand, let status):
            "mockweather \(subcommand) exited with status \(status) (its output above says why)"
        case .toolSignalled(let subcommand, let signal): "mockweather \(subcommand) was ended by signal \(signal)"
        }
    }
}

/// One run of either verb: search, plan, announce, run.
enum MockWeatherToolRun {
    /// How deep under `Tests/` the search goes: deeper than any test layout, and a bound on a
    /// symbolic-link loop.
    static let searchDepth = 8

    /// Runs `mockweather` with `arguments` (see `InvocationPlanning.plan` for the rules) in the package
    /// directory of `context`, and fails when the tool does.
    static func perform(verb: PluginVerb, context: PluginContext, arguments: [String]) throws(PluginFailure) {
        let package = context.package.directoryURL
        let environment = ProcessInfo.processInfo.environment
        let firstTestTarget = context.package.targets.first { ($0 as? SourceModuleTarget)?.kind == .test }?.name
        let plan = InvocationPlanning.plan(
            verb: verb, arguments: arguments, environmentCassettes: environment["MOCKWEATHER_CASSETTES"],
            found: cassetteFolders(inPackage: package.path),
            searched: "Tests/**/Cassettes, then Cassettes/, in \(package.path)",
            firstTestTarget: firstTestTarget)
        let passed: [String]
        let origin: CassetteDirectoryOrigin?
        let cassettesVariable: String?
        switch plan {
        case .refuse(let message): throw .refused(message)
        case .run(let arguments, let planned, let variable):
            (passed, origin, cassettesVariable) = (arguments, planned, variable)
        }
        let subcommand = InvocationPlanning.subcommand(of: passed)
        if let line = InvocationPlanning.announcement(subcommand: subcommand, origin: origin) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }

        let tool: URL
        do {
            tool = try context.tool(named: "mockweather").url
        } catch {
            throw .toolNotStarted(path: "mockweather", reason: "\(error)")
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = passed
        // Relative paths in the arguments and in MOCKWEATHER_CASSETTES are the package's, whichever
        // folder `swift package --package-path` was run from. Keys reach the tool in this environment,
        // as the tool reads them; the plugin never prints one.
        process.currentDirectoryURL = package
        var childEnvironment = environment
        if let cassettesVariable { childEnvironment["MOCKWEATHER_CASSETTES"] = cassettesVariable }
        process.environment = childEnvironment
        do {
            try process.run()
        } catch {
            throw .toolNotStarted(path: tool.path, reason: "\(error)")
        }
        process.waitUntilExit()
        let name = subcommand ?? "(no subcommand)"
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): return
        case (.exit, let status): throw .toolExited(subcommand: name, status: status)
        case (_, let signal): throw .toolSignalled(subcommand: name, signal: signal)
        }
    }

    /// The folders named `Cassettes` under `Tests/` of the package at `packagePath` (never inside
    /// another one, never hidden), shallowest first and then by path, then the package's own
    /// `Cassettes/` when it exists: paths relative to the package.
    static func cassetteFolders(inPackage packagePath: String) -> [String] {
        var found: [String] = []
        collectCassetteFolders(packagePath: packagePath, relative: "Tests", depth: 0, into: &found)
        found.sort { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        if isDirectory(packagePath + "/Cassettes") { found.append("Cassettes") }
        return found
    }

    private static func collectCassetteFolders(
        packagePath: String, relative: String, depth: Int, into found: inout [String]
    ) {
        guard depth < searchDepth,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: packagePath + "/" + relative)
        else { return }
        for entry in entries where !entry.hasPrefix(".") {
            let path = relative + "/" + entry
            guard isDirectory(packagePath + "/" + path) else { continue }
            if entry == "Cassettes" {
                found.append(path)
            } else {
                collectCassetteFolders(packagePath: packagePath, relative: path, depth: depth + 1, into: &found)
            }
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
