import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

@Suite struct WatchTests {
    @Test func aChangedFileIsReloadedAndAnInvalidOneKeepsTheOldSet() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        let events = CollectedLog()
        let watcher = CassetteWatcher(store: store) { events.write(line: "\($0)") }

        #expect(watcher.checkForChanges() == nil)

        try directory.write("daegu.json", cassetteJSON(interaction(query: #"{"q": "daegu"}"#)))
        #expect(watcher.checkForChanges() == .reloaded(cassettes: 2, interactions: 2))
        #expect(
            store.library.match(
                ReplayRequest(method: "GET", path: "/data/2.5/weather", query: "q=daegu", providers: Providers.all))
                != nil)

        try directory.write("daegu.json", cassetteJSON(interaction(query: #"{"q": "daegu", "units": 7}"#)) + "oops")
        guard case .refused(let reason) = watcher.checkForChanges() else {
            Issue.record("an invalid change must be refused")
            return
        }
        #expect(reason.contains("daegu.json"))
        #expect(store.library.cassettes.count == 2)
        #expect(
            store.library.match(
                ReplayRequest(method: "GET", path: "/data/2.5/weather", query: "q=daegu", providers: Providers.all))
                != nil)
        #expect(events.lines.count == 2)
    }

    @Test func aRemovedFileIsNoticed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("a.json", cassetteJSON(interaction(query: #"{"q": "a"}"#)))
        try directory.write("b.json", cassetteJSON(interaction(query: #"{"q": "b"}"#)))
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        let watcher = CassetteWatcher(store: store) { _ in }
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("b.json"))
        #expect(watcher.checkForChanges() == .reloaded(cassettes: 1, interactions: 1))
    }
}
