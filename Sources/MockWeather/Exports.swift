// The engine's few types an app's test meets (the cassette problems a failed start names, the chaos
// settings of `ReplayOptions`), re-exported so `import MockWeather` is enough. Everything else of the
// engine is `package`: no app can come to depend on it.
@_exported public import enum MockEngine.CassetteLoadError
@_exported public import struct MockEngine.CassetteProblem
@_exported public import struct MockEngine.CassetteValidationError
@_exported public import struct MockEngine.ChaosConfiguration
@_exported public import enum MockEngine.FaultKind
