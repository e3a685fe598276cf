// replay-location: play a scripted location trace. Thin on purpose: parse, call LocationSimulator (and
// LocationPlayback for --weather), print, exit with a sysexits code.

await ReplayLocationMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
