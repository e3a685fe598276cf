package import Basics

/// A HAR 1.2 archive (HTTP Archive, the JSON format browser dev tools, Proxyman, Charles and mitmproxy
/// save captures in), reduced to what mockweather imports: who wrote it and, per entry, the request,
/// the response if there was one, and enough of the source to point at a field when something is wrong.
package struct HARArchive: Sendable {
    /// `log.creator`: the tool that wrote the archive.
    package var creator: HARCreator
    /// `log.entries` that could be read, in file order (each keeps its index).
    package var entries: [HAREntry]
    /// Turns offsets into line and column for problems found after reading (body decoding).
    package var lineMap: LineMap
}

/// One `log.entries[i]`: an exchange as the tool saw it.
package struct HAREntry: Sendable {
    /// The position in `log.entries`, as every message names it (`$.log.entries[3]`).
    package var index: Int
    /// `startedDateTime` in milliseconds since 1970, UTC.
    package var startedMilliseconds: Int64
    /// `request`: what the client sent.
    package var request: HARRequest
    /// Nil when the archive has no response object, or a `null` one.
    package var response: HARResponse?
    /// Chrome and mitmproxy mark WebSocket entries `_resourceType: "websocket"` and keep the frames in
    /// `_webSocketMessages`.
    package var isWebSocketByExtension: Bool
    /// `_error` (Chrome, mitmproxy) or the response's `_error`: why no response came, when known.
    package var error: String?
    /// The `_mockweather` member of an entry mockweather exported (replay details HAR has no field for).
    package var mockweather: JSONValue?
    /// Byte offset of the entry object.
    package var offset: Int

    /// `$.log.entries[3]`.
    package var path: JSONPath { JSONPath.root.appending("log").appending("entries").appending(index) }
}

/// `entry.request`.
package struct HARRequest: Sendable {
    /// `request.method`, a token (`GET`, `CONNECT`, ...).
    package var method: String
    /// Absolute URL, query included (HAR's `queryString` is derived from it and not read).
    package var url: String
    /// `HTTP/1.1`, `HTTP/2.0`, `h2`, `http/2.0`, `h3`, ...: never matters for replay.
    package var httpVersion: String
    /// `request.headers`, in order.
    package var headers: [HeaderField]
    /// Byte offset of the `url` value, for problems with the URL.
    package var urlOffset: Int
}

/// `entry.response`.
package struct HARResponse: Sendable {
    /// 0 is how Chrome, Firefox and mitmproxy write "no response" (a failed or blocked request).
    package var status: Int
    /// `response.headers`, in order.
    package var headers: [HeaderField]
    /// `response.content`: the body.
    package var content: HARContent
    /// Byte offset of the response object.
    package var offset: Int
}

/// `entry.response.content`: the body, decoded from the transfer (chunks, usually compression) by
/// the tool, as text or `encoding: base64`; `text` is absent when the tool did not keep the body.
package struct HARContent: Sendable {
    /// `content.size`, when given and not -1.
    package var size: Int?
    /// `content.mimeType`, as the tool wrote it.
    package var mimeType: String?
    /// `content.text`: the body as text, or base64 with ``encoding``.
    package var text: String?
    /// `content.encoding`: `base64`, or nil for text.
    package var encoding: String?
    /// Byte offset of the content object.
    package var offset: Int
    /// Byte offset of the `text` value, when there is one.
    package var textOffset: Int?
}
