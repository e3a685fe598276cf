import MockEngine
/// The icon paths the API serves: `/img/wn/{code}.png`, `{code}@2x.png`, `{code}@4x.png`.
enum IconPath {
    /// `10d@2x` for `/img/wn/10d@2x.png`; nil for any other path.
    static func code(of path: String) -> String? {
        let prefix = "/img/wn/"
        guard path.hasPrefix(prefix), path.hasSuffix(".png") else { return nil }
        let name = path.dropFirst(prefix.count).dropLast(4)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return String(name)
    }
}
