import Foundation

/// Small cassettes written by the tests that need a scenario the bundled set does not stage (a 503 then
/// a 200, say). Their bodies are taken from bundled cassettes rather than typed again, so they stay
/// faithful to the reference responses.
enum CassetteFixtures {
    /// The compact JSON text of `interactions[0].response.json` of a bundled cassette.
    static func bundledBody(_ relativePath: String) throws -> String {
        let url = PackageLayout.bundledCassettes.appendingPathComponent(relativePath)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let interactions = root?["interactions"] as? [[String: Any]]
        let response = interactions?.first?["response"] as? [String: Any]
        guard let body = response?["json"] else {
            throw FixtureError(message: "\(relativePath): interactions[0].response.json is missing")
        }
        let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
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
