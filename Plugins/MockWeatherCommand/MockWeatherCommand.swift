// `swift package mockweather validate|list ...`: the package's `mockweather` run on the consumer's own
// cassettes, with no permission asked (docs/ARCHITECTURE.md#the-command-plugins).
import PackagePlugin

/// The read-only verb: `validate`, `list` and every subcommand's `--help`; the subcommands that need
/// the network or write are refused with the `mockweather-record` line that runs them.
@main
struct MockWeatherCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try MockWeatherToolRun.perform(verb: .readOnly, context: context, arguments: arguments)
    }
}
