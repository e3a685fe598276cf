import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// Cassettes constrain headers with the same rules as query parameters: a value (trimmed, exact), any
/// value (`"*"`), or none (`null`); names compare without case.
@Suite struct HeaderMatchingTests {
    private func file(_ headers: String, body: String) -> (String, String) {
        (
            "h.json",
            cassetteJSON(
                #"{"request": {"path": "/data/2.5/weather", "query": {"q": "seoul"}, "headers": \#(headers)}, "response": {"status": 200, "json": \#(body)}}"#
            )
        )
    }

    @Test func aHeaderValueMustBeEqualAndItsNameIsCaseInsensitive() async throws {
        try await withMock(.cassettes([file(#"{"Accept-Language": "ko"}"#, body: #"{"name":"서울"}"#)]), mode: .router) {
            harness in
            let korean = try await harness.respond("/data/2.5/weather?q=Seoul", headers: ["accept-language": " ko "])
            #expect(korean.status == 200)
            let english = try await harness.respond("/data/2.5/weather?q=Seoul", headers: ["Accept-Language": "en"])
            #expect(english.status == 501)
            #expect(english.text.contains("header accept-language: en ≠ ko"), "\(english.text)")
            let none = try await harness.respond("/data/2.5/weather?q=Seoul")
            #expect(none.text.contains("header accept-language: missing, expected ko"), "\(none.text)")
        }
    }

    @Test func anyValueAndAbsenceAreRulesToo() async throws {
        try await withMock(
            .cassettes([
                file(#"{"X-Debug": "*"}"#, body: #"{"name":"debug"}"#),
                (
                    "plain.json",
                    cassetteJSON(
                        #"{"request": {"path": "/data/2.5/weather", "query": {"q": "seoul"}, "headers": {"X-Debug": null}}, "response": {"status": 200, "json": {"name":"plain"}}}"#
                    )
                ),
            ]), mode: .router
        ) { harness throws in
            #expect(
                try await harness.respond("/data/2.5/weather?q=Seoul", headers: ["X-Debug": "1"]).jsonObject?["name"]
                    as? String
                    == "debug")
            #expect(try await harness.respond("/data/2.5/weather?q=Seoul").jsonObject?["name"] as? String == "plain")
        }
    }

    @Test func aBadHeaderConstraintIsAProblemWithItsPath() {
        let found = problems([file(#"{"Bad Name": "x", "X-Number": 5}"#, body: "{}")])
        #expect(
            found.map(\.jsonPath) == [
                "$.interactions[0].request.headers['Bad Name']", "$.interactions[0].request.headers['X-Number']",
            ] || found.count == 2, "\(found)")
        #expect(found.contains { $0.message.contains("invalid header name") })
        #expect(found.contains { $0.message.contains("expected a string, \"*\" (any value) or null") })
    }

    @Test func theSameRequestWithOtherHeaderRulesIsAnotherRequest() {
        let found = problems([
            file(#"{"Accept": "application/json"}"#, body: "{}"),
            (
                "other.json",
                cassetteJSON(
                    #"{"request": {"path": "/data/2.5/weather", "query": {"q": "seoul"}, "headers": {"Accept": "text/xml"}}, "response": {"status": 200, "json": {}}}"#
                )
            ),
        ])
        #expect(found.isEmpty, "\(found)")
    }
}
