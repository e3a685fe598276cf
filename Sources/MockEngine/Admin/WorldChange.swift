import Basics
import WeatherWorld

/// Reads a `PUT /__admin/world` body: `{"scenario": "cold-wave"}` (a bundled preset, by name),
/// `{"scenario": {…a mockweather-scenario/1 document…}}`, either with `"seed": N`, `{"seed": N}` alone
/// (the current scenario, or the climatology, under another seed), or `{"synthesize": false}`. A file
/// path is never taken: the admin API does not read files a request names.
enum WorldChange {
    /// The members a body may have.
    static let members = ["synthesize", "scenario", "seed"]

    /// The choice `body` asks for (nil turns synthesis off), given the world in force.
    static func choice(from body: [UInt8], current: World?, board: WorldBoard) throws(WorldChangeError)
        -> WorldChoice?
    {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            let position = LineMap(body).position(ofOffset: error.offset)
            throw WorldChangeError(
                path: "$", message: "not JSON: \(error.message) at line \(position.line), column \(position.column)")
        }
        guard let found = root.members, !found.isEmpty else {
            throw WorldChangeError(
                path: "$",
                message: "expected an object with scenario, seed or synthesize, found \(root.typeDescription)")
        }
        for member in found where !members.contains(member.key) {
            throw WorldChangeError(
                path: "$.\(member.key)",
                message: "unknown member" + Suggestions.didYouMean(member.key, among: members))
        }
        if let synthesize = root["synthesize"] {
            guard case .bool(let on) = synthesize.kind else {
                throw WorldChangeError(path: "$.synthesize", message: "expected true or false")
            }
            if !on {
                guard found.count == 1 else {
                    throw WorldChangeError(path: "$", message: "\"synthesize\": false takes no scenario or seed")
                }
                return nil
            }
        }
        var choice = current.map { WorldChoice(scenario: $0.scenario, seed: $0.seed) } ?? WorldChoice()
        if let seed = root["seed"] {
            guard let text = seed.numberText, let value = UInt64(text), value <= WorldChoice.largestSeed else {
                throw WorldChangeError(
                    path: "$.seed", message: "expected a whole number from 0 to \(WorldChoice.largestSeed)")
            }
            choice.seed = value
        }
        if let scenario = root["scenario"] {
            if let name = scenario.stringValue {
                choice.scenario = try board.preset(named: name)
            } else if scenario.members != nil {
                choice.scenario = try decode(scenario)
            } else {
                throw WorldChangeError(path: "$.scenario", message: "expected a preset's name or a scenario object")
            }
        }
        return choice
    }

    /// A scenario given inline, its problems said as the decoder says them.
    private static func decode(_ scenario: JSONValue) throws(WorldChangeError) -> Scenario {
        do {
            return try ScenarioDecoder.decode(scenario.compactBytes, name: "inline", file: "$.scenario")
        } catch {
            throw WorldChangeError(path: "$.scenario", message: error.description)
        }
    }
}

/// What was wrong with a `PUT /__admin/world` body: the JSON path and why.
struct WorldChangeError: Error, Sendable, Equatable, CustomStringConvertible {
    var path: String
    var message: String

    var description: String { "world \(path): \(message)" }
}
