/// A JSON path being built while walking a document: `$`, `$.interactions[0]`, `$.query["x-y"]`;
/// cassettes and traces name where a problem is with it.
///
/// Built on every step of decoding but printed only for problems, so appending just links a node;
/// the text is made on demand.
package struct JSONPath: Sendable, CustomStringConvertible {
    private indirect enum Node: Sendable {
        case root
        case key(Node, String)
        case index(Node, Int)
    }

    private let node: Node

    package static let root = JSONPath(node: .root)

    package func appending(_ key: String) -> JSONPath { JSONPath(node: .key(node, key)) }

    package func appending(_ index: Int) -> JSONPath { JSONPath(node: .index(node, index)) }

    package var description: String { Self.text(of: node) }

    private static func text(of node: Node) -> String {
        switch node {
        case .root:
            return "$"
        case .index(let parent, let index):
            return text(of: parent) + "[\(index)]"
        case .key(let parent, let key):
            let isIdentifier =
                !key.isEmpty
                && key.unicodeScalars.allSatisfy {
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
                }
                && !("0"..."9").contains(key.unicodeScalars.first!)
            return text(of: parent) + (isIdentifier ? ".\(key)" : "[\(JSONValue.quoted(key))]")
        }
    }
}
