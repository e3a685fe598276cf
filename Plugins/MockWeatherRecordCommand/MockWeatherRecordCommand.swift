// `swift package mockweather-record record|verify|import|export|synthesize ...`: the package's
// `mockweather` with the network (port 443) and the package directory, once SwiftPM has asked
// (docs/ARCHITECTURE.md#the-command-plugins).
import PackagePlugin

/// The verb with permissions: every subcommand but `serve`, on the consumer's own cassettes.
@main
struct MockWeatherRecordCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try MockWeatherToolRun.perform(verb: .recording, context: context, arguments: arguments)
    }
}
