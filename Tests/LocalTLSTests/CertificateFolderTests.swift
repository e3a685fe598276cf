import Testing

@testable import LocalTLS

/// Where the CA lives, from an injected environment: never the real home folder in a test.
@Suite struct CertificateFolderTests {
    @Test func theOptionWinsOverTheEnvironmentWhichWinsOverTheUsersDataFolder() throws {
        let environment = ["MOCKWEATHER_CA_DIR": "/tmp/from-env", "HOME": "/home/ada"]
        let fromOption = try CAFolder.resolve(
            explicit: "given/ca", environment: environment, currentDirectory: "/work", platform: .linux)
        #expect(fromOption == CAFolder(path: "/work/given/ca", origin: .option))
        let fromEnvironment = try CAFolder.resolve(
            explicit: nil, environment: environment, currentDirectory: "/work", platform: .linux)
        #expect(fromEnvironment.path == "/tmp/from-env")
        #expect(fromEnvironment.origin == .environment)
        #expect(fromEnvironment.certificatePath == "/tmp/from-env/ca.pem")
        #expect(fromEnvironment.keyPath == "/tmp/from-env/ca-key.pem")
    }

    @Test func linuxUsesXDGDataHomeElseTheLocalShareFolder() throws {
        let xdg = try CAFolder.resolve(
            explicit: nil, environment: ["XDG_DATA_HOME": "/data/ada/", "HOME": "/home/ada"], currentDirectory: "/",
            platform: .linux)
        #expect(xdg.path == "/data/ada/mockweather/ca")
        // The XDG rules ignore a relative XDG_DATA_HOME.
        let home = try CAFolder.resolve(
            explicit: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"], currentDirectory: "/",
            platform: .linux)
        #expect(home.path == "/home/ada/.local/share/mockweather/ca")
        #expect(home.origin == .userData)
    }

    @Test func macOSUsesApplicationSupport() throws {
        let folder = try CAFolder.resolve(
            explicit: nil, environment: ["HOME": "/Users/ada", "XDG_DATA_HOME": "/ignored"], currentDirectory: "/",
            platform: .macOS)
        #expect(folder.path == "/Users/ada/Library/Application Support/mockweather/ca")
    }

    @Test func withoutAHomeTheErrorSaysHowToNameAFolder() {
        let error = #expect(throws: TLSError.self) {
            try CAFolder.resolve(explicit: nil, environment: [:], currentDirectory: "/", platform: .linux)
        }
        #expect(error?.description.contains("MOCKWEATHER_CA_DIR") == true)
        #expect(error?.description.contains("--ca-dir") == true)
    }
}
