/// The synthetic world (docs/ARCHITECTURE.md#the-world): a pure, deterministic model of the atmosphere
/// that gives, for a seed, a scenario, a place and an instant, one consistent state. It knows no HTTP
/// and no API: providers turn its states into their own answers.
///
/// The same seed, scenario, clock start, place and instant give the same values on every run and every
/// machine: the noise is seeded integer hashing, never a random generator or the system's time.
package struct World: Sendable {
    /// Chooses which weather passes: a different seed gives different weather over the same climate.
    package var seed: UInt64
    /// The events laid over the climatology.
    package var scenario: Scenario
    /// Unix seconds the scenario's relative times count from: the mock clock's reading when the server
    /// started.
    package var clockStart: Int64

    /// A world of `scenario` under `seed`, its relative times counted from `clockStart`.
    package init(seed: UInt64, scenario: Scenario = .climatology, clockStart: Int64) {
        self.seed = seed
        self.scenario = scenario
        self.clockStart = clockStart
    }

    /// How answers name this world: `typhoon-landfall, seed 7`.
    package var label: String { "\(scenario.name), seed \(seed)" }
}

/// A warning in force at a place, from the scenario's events (One Call's `alerts`).
package struct ActiveAlert: Sendable, Hashable {
    package var alert: ScenarioAlert
    /// Unix seconds.
    package var start: Int64
    /// Unix seconds.
    package var end: Int64
}
