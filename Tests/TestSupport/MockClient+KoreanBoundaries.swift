extension MockClient {
    /// Asks the mock (started with `--synthesize`) for one answer from Korea's boundaries, so that they
    /// are read before a test's clients time out: the first such answer reads them, about a second in a
    /// debug build and many under the thread sanitizer, and a drive's requests wait 10 s at most.
    ///
    /// - Throws: ``HarnessError/notInMode(_:_:)`` without a port, or
    ///   ``HarnessError/unexpectedAnswer(_:)`` when the answer is not Busan City Hall's region.
    package func readKoreanBoundaries() async throws {
        let answer = try await RawHTTPClient(port: try port, readTimeoutMilliseconds: 300_000).exchange(
            method: "GET", "/v2/local/geo/coord2regioncode.json?x=129.0750&y=35.1798",
            headers: ["Authorization: KakaoAK 0123456789abcdef0123456789abcdef"])
        guard answer.text.contains("2647010200") else {
            throw HarnessError.unexpectedAnswer("Korea's boundaries did not answer Busan City Hall: \(answer.text)")
        }
    }
}
