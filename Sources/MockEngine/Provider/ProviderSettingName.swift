/// A switch a provider documents, set with `--provider-setting <provider>.<name>=VALUE`
/// (`ReplayOptions.providerSettings` in process) and read by ``ScreeningContext/setting(_:of:)``.
package struct ProviderSetting: Sendable, Equatable {
    /// The setting's name within its provider (`gateway`).
    package var name: String
    /// The values it takes, lower-case, the one it has when unset first (`xml`, `json`).
    package var values: [String]

    /// A setting called `name` that takes `values` (compared without case; the first is the default).
    package init(name: String, values: [String]) {
        self.name = name
        self.values = values.map { $0.lowercased() }
    }
}

/// Why a provider setting was refused: each case names what was given and what would be taken.
package enum ProviderSettingError: Error, Equatable, CustomStringConvertible {
    /// Not `<provider>.<setting>`.
    case malformedName(String, providers: [String])
    /// `<provider>` is no registered provider.
    case unknownProvider(String, providers: [String])
    /// The provider has no setting by that name (`kma.nonexistent`).
    case unknownSetting(String, known: [String])
    /// The setting does not take that value (`kma.gateway=jsno`).
    case unacceptableValue(name: String, value: String, values: [String])

    /// What would have been taken, as a usage error's "expected …" says it.
    package var expected: String {
        switch self {
        case .malformedName(_, let providers), .unknownProvider(_, let providers):
            "NAME=VALUE with NAME as <provider>.<setting> (kma.gateway), where <provider> is one of "
                + providers.joined(separator: ", ")
        case .unknownSetting(let name, let known):
            known.isEmpty
                ? "a provider with settings: \(name.prefix { $0 != "." }) has none"
                : "one of its provider's settings: " + known.joined(separator: ", ")
        case .unacceptableValue(let name, _, let values):
            "\(name) to be " + values.joined(separator: " or ")
        }
    }

    package var description: String {
        switch self {
        case .malformedName(let name, let providers):
            "'\(name)' is not <provider>.<setting> (kma.gateway), where <provider> is one of "
                + providers.joined(separator: ", ")
        case .unknownProvider(let name, let providers):
            "'\(name)' names no provider; <provider> is one of " + providers.joined(separator: ", ")
        case .unknownSetting(let name, let known):
            "'\(name)' is no setting of its provider; "
                + (known.isEmpty ? "it has none" : "it has " + known.joined(separator: ", "))
        case .unacceptableValue(let name, let value, let values):
            "\(name) takes " + values.joined(separator: " or ") + ", not '\(value)'"
        }
    }
}

extension ProviderSet {
    /// Checks that `name` is `<provider>.<setting>` of a registered provider's documented setting and
    /// that `value` is one it takes (without case, white space trimmed), so a mistyped setting is an
    /// error rather than silently the default.
    package func checkSetting(_ name: String, value: String) throws(ProviderSettingError) {
        let providers = registered.map(\.name)
        guard let dot = name.firstIndex(of: "."), name.index(after: dot) < name.endIndex, dot > name.startIndex
        else { throw .malformedName(name, providers: providers) }
        guard let provider = provider(named: String(name[..<dot]))?.provider else {
            throw .unknownProvider(name, providers: providers)
        }
        let settingName = String(name[name.index(after: dot)...])
        guard let setting = provider.settings.first(where: { $0.name == settingName }) else {
            throw .unknownSetting(name, known: provider.settings.map { "\(provider.name).\($0.name)" })
        }
        guard setting.values.contains(value.trimmingASCIIWhitespace().lowercased()) else {
            throw .unacceptableValue(name: name, value: value, values: setting.values)
        }
    }
}
