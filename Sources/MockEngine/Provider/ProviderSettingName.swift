extension ProviderSet {
    /// What a provider setting's name must be, for messages: `<provider>.<setting>` with the
    /// registered providers listed.
    package var settingNameForm: String {
        "<provider>.<setting> (kma.gateway), where <provider> is one of "
            + registered.map(\.name).joined(separator: ", ")
    }

    /// Whether `name` can name a provider setting (``ScreeningContext/setting(_:of:)``): a registered
    /// provider's name, a dot, and a non-empty setting name. The settings themselves are each
    /// provider's own (documented with it), so only the provider part is checked.
    package func isSettingName(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: "."), name.index(after: dot) < name.endIndex else { return false }
        return provider(named: String(name[..<dot])) != nil
    }
}
