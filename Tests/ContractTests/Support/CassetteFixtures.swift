import Foundation
import TestSupport

/// Small cassettes written by the tests that need a scenario the bundled set does not stage (a 503 then
/// a 200, say). Their bodies are taken from bundled cassettes rather than typed again, so they stay
/// faithful to the reference responses.
enum CassetteFixtures {
    /// The JSON text of the body of `interactions[0].response` of a bundled cassette: its `json` value
    /// re-serialised, or its `text` when that is JSON (the API's exact bytes, kept as text).
    static func bundledBody(_ relativePath: String) throws -> String {
        let url = PackageLayout.bundledCassettes.appendingPathComponent(relativePath)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let interactions = root?["interactions"] as? [[String: Any]]
        let response = interactions?.first?["response"] as? [String: Any]
        if let body = response?["json"] {
            let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        if let text = response?["text"] as? String, (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil {
            return text
        }
        throw FixtureError(
            message: "\(relativePath): interactions[0].response has no JSON body (json, or text that parses)")
    }

    /// `body` with the value at `path` (object keys from the top) replaced by `value`.
    static func replacing(path: [String], with value: Any, in body: String) throws -> String {
        func replace(_ object: Any, _ path: ArraySlice<String>) throws -> Any {
            guard let key = path.first else { return value }
            guard var dictionary = object as? [String: Any], let child = dictionary[key] else {
                throw FixtureError(message: "the body has no \(path.joined(separator: ".")) to replace")
            }
            dictionary[key] = try replace(child, path.dropFirst())
            return dictionary
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(body.utf8))
        let data = try JSONSerialization.data(withJSONObject: replace(parsed, path[...]), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// A one-interaction synthetic cassette for current weather near Seoul serving `responses` in order.
    static func sequenceNearSeoul(_ responses: [String]) -> String {
        """
        {"format": "mockweather-cassette/1", "source": "synthetic",
         "notes": "written by the contract suite",
         "interactions": [{
           "request": {"path": "/data/2.5/weather", "near": {"lat": 37.5683, "lon": 126.9778, "radiusKm": 5}},
           "responses": [\(responses.joined(separator: ",\n"))]}]}
        """
    }

    struct FixtureError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
