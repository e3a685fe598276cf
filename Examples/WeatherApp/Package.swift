// swift-tools-version: 6.0
//
// An app's own package that tests against mockweather's cassettes, as a real app would: its client is
// plain URLSession + Codable (not WeatherClient), and its tests use both in-process modes.

import PackageDescription

let package = Package(
    name: "WeatherApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // An app would write `.package(url: "https://github.com/.../mockweather", from: "0.1.0")`.
        .package(name: "mockweather", path: "../..")
    ],
    targets: [
        // The app's networking: knows nothing of mockweather.
        .target(name: "WeatherApp"),
        .testTarget(
            name: "WeatherAppTests",
            dependencies: ["WeatherApp", .product(name: "MockWeatherTesting", package: "mockweather")],
            // The cassettes are read from the source tree (`.directory(relativeTo: #filePath, ...)`),
            // not bundled as resources.
            exclude: ["Cassettes"]
        ),
    ]
)
