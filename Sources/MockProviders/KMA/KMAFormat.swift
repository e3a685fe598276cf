import MockEngine

/// The two forms the service answers in (`dataType`): XML unless the request asks for JSON, the
/// value compared without case (`json`, `Json`); anything else is XML, as the live service does.
enum KMAFormat: Sendable, Hashable {
    case xml
    case json

    /// The form `query` asks for.
    init(_ query: QueryParameters) {
        self = query["datatype"]?.trimmingASCIIWhitespace().lowercased() == "json" ? .json : .xml
    }

    /// The `Content-Type` the service sends a body of this form with.
    var contentType: String {
        switch self {
        case .xml: "text/xml;charset=UTF-8"
        case .json: "application/json;charset=UTF-8"
        }
    }
}
