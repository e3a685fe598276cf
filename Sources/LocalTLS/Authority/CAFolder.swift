/// Where the local certificate authority lives: a folder of the user's own, never the repository, the
/// cassettes or a container image, so the private key is made on the machine that uses it and stays
/// there.
///
/// The first of: the folder the command line names (`--ca-dir`), `$MOCKWEATHER_CA_DIR`, then the
/// platform's per-user data folder: `$XDG_DATA_HOME/mockweather/ca` or `~/.local/share/mockweather/ca`
/// on Linux (the XDG base directory rules), `~/Library/Application Support/mockweather/ca` on macOS.
package struct CAFolder: Sendable, Equatable {
    /// Which rule chose the folder, for messages.
    package enum Origin: String, Sendable, Equatable {
        /// Named on the command line.
        case option = "--ca-dir"
        /// `$MOCKWEATHER_CA_DIR`.
        case environment = "MOCKWEATHER_CA_DIR"
        /// The platform's per-user data folder.
        case userData = "the user's data folder"
    }

    /// The platforms whose per-user data folders differ.
    package enum Platform: Sendable {
        /// `$XDG_DATA_HOME`, else `~/.local/share`.
        case linux
        /// `~/Library/Application Support`.
        case macOS

        /// The platform this program was built for.
        package static var current: Platform {
            #if os(macOS)
            .macOS
            #else
            .linux
            #endif
        }
    }

    /// The folder, as an absolute path without a trailing slash.
    package let path: String
    /// Which rule chose it.
    package let origin: Origin

    /// A folder at `path` (made absolute against `currentDirectory` when it is relative).
    package init(path: String, origin: Origin, currentDirectory: String = "/") {
        var absolute = path.hasPrefix("/") ? path : Self.joined(currentDirectory, path)
        while absolute.count > 1, absolute.hasSuffix("/") { absolute.removeLast() }
        self.path = absolute
        self.origin = origin
    }

    /// The CA certificate (PEM): the file to trust.
    package var certificatePath: String { path + "/ca.pem" }
    /// The CA's private key (PEM, mode 0600): never leaves the folder.
    package var keyPath: String { path + "/ca-key.pem" }
    /// Held with `flock` while the pair is read, made or rotated, so that processes starting together
    /// agree on one CA.
    var lockPath: String { path + "/.lock" }

    /// The folder the rules above choose; `environment` and `currentDirectory` are the process's own
    /// (tests pass theirs, so they never touch the real home folder).
    ///
    /// - Throws: ``TLSError/noAuthorityFolder(_:)`` when nothing names a folder (no `HOME`).
    package static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: String, platform: Platform = .current
    ) throws(TLSError) -> CAFolder {
        if let explicit, !explicit.isEmpty {
            return CAFolder(path: explicit, origin: .option, currentDirectory: currentDirectory)
        }
        if let chosen = environment["MOCKWEATHER_CA_DIR"], !chosen.isEmpty {
            return CAFolder(path: chosen, origin: .environment, currentDirectory: currentDirectory)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        switch platform {
        case .linux:
            // The XDG rules ignore a relative XDG_DATA_HOME.
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return CAFolder(path: joined(data, "mockweather/ca"), origin: .userData)
            }
            guard let home else { throw .noAuthorityFolder("neither XDG_DATA_HOME nor HOME is an absolute path") }
            return CAFolder(path: joined(home, ".local/share/mockweather/ca"), origin: .userData)
        case .macOS:
            guard let home else { throw .noAuthorityFolder("HOME is not an absolute path") }
            return CAFolder(path: joined(home, "Library/Application Support/mockweather/ca"), origin: .userData)
        }
    }

    /// `base/rest` with one slash between them, whatever `base` ends with.
    private static func joined(_ base: String, _ rest: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + rest
    }
}
