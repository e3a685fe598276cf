import Basics
import MockEngine

/// A HAR 1.2 archive (HTTP Archive, the JSON format browser dev tools, Proxyman, Charles and mitmproxy
/// save captures in), reduced to what mockweather imports: who wrote it and, per entry, the request,
/// the response if there was one, and enough of the source to point at a field when something is wrong.
struct HARArchive: Sendable {
    /// `log.creator`: the tool that wrote the archive.
    var creator: HARCreator
    /// `log.entries` that could be read, in file order (each keeps its index).
    var entries: [HAREntry]
    /// Turns offsets into line and column for problems found after reading (body decoding).
    var lineMap: LineMap
}

/// One `log.entries[i]`: an exchange as the tool saw it.
struct HAREntry: Sendable {
    /// The position in `log.entries`, as every message names it (`$.log.entries[3]`).
    var index: Int
    /// `startedDateTime` in milliseconds since 1970, UTC.
    var startedMilliseconds: Int64
    var request: HARRequest
    /// Nil when the archive has no response object, or a `null` one.
    var response: HARResponse?
    /// Chrome and mitmproxy mark WebSocket entries `_resourceType: "websocket"` and keep the frames in
    /// `_webSocketMessages`.
    var isWebSocketByExtension: Bool
    /// `_error` (Chrome, mitmproxy) or the response's `_error`: why no response came, when known.
    var error: String?
    /// The `_mockweather` member of an entry mockweather exported (replay details HAR has no field for).
    var mockweather: JSONValue?
    /// Byte offset of the entry object.
    var offset: Int

    /// `$.log.entries[3]`.
    var path: JSONPath { JSONPath.root.appending("log").appending("entries").appending(index) }
}

/// `entry.request`.
struct HARRequest: Sendable {
    var method: String
    /// Absolute URL, query included (HAR's `queryString` is derived from it and not read).
    var url: String
    /// `HTTP/1.1`, `HTTP/2.0`, `h2`, `http/2.0`, `h3`, ...: never matters for replay.
    var httpVersion: String
    var headers: [HeaderField]
    var urlOffset: Int
}

/// `entry.response`.
struct HARResponse: Sendable {
    /// 0 is how Chrome, Firefox and mitmproxy write "no response" (a failed or blocked request).
    var status: Int
    var headers: [HeaderField]
    var content: HARContent
    var offset: Int
}

/// `entry.response.content`: the body, decoded from the transfer (chunks, usually compression) by
/// the tool, as text or `encoding: base64`; `text` is absent when the tool did not keep the body.
struct HARContent: Sendable {
    /// `content.size`, when given and not -1.
    var size: Int?
    var mimeType: String?
    var text: String?
    var encoding: String?
    var offset: Int
    var textOffset: Int?
}
