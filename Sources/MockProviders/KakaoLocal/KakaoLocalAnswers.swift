import Basics
import MockEngine

/// What the dashboard reads of a Kakao Local answer: the place name an app shows ("서울 태평로1가":
/// the province and the neighbourhood of the first document), and for a region or a search result
/// where the answer puts it. An empty answer (at sea) or an error has no summary.
enum KakaoLocalAnswers {
    /// The summary of `body`, or nil when it is not a Kakao answer with a document.
    static func summary(of body: [UInt8]) -> AnswerSummary? {
        guard AnswerSummary.looksLikeJSON(body), let root = try? JSONParser.parse(body),
            let document = root["documents"]?.elements?.first
        else { return nil }
        var summary = AnswerSummary()
        summary.place = placeName(of: document)
        if let x = document["x"].flatMap(number), let y = document["y"].flatMap(number),
            (-90...90).contains(y), (-180...180).contains(x)
        {
            summary.latitude = y
            summary.longitude = x
        }
        return summary.isEmpty ? nil : summary
    }

    /// "서울 태평로1가" for an address document (the 지번 address's names, else the road address's),
    /// "서울특별시 중구 태평로1가" for a region; nil when no name is given.
    static func placeName(of document: JSONValue) -> String? {
        if let region = document["region_type"]?.stringValue, !region.isEmpty {
            return document["address_name"]?.stringValue
        }
        for holder in [document["address"], document["road_address"]] {
            guard let holder, holder.members != nil else { continue }
            let names = ["region_1depth_name", "region_2depth_name", "region_3depth_name"].map {
                holder[$0]?.stringValue?.trimmingASCIIWhitespace() ?? ""
            }
            let local = names[2].isEmpty ? names[1] : names[2]
            let name = [names[0], local].filter { !$0.isEmpty }.joined(separator: " ")
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// A coordinate as Kakao writes it: a number (`coord2regioncode`) or a string (`search/address`).
    private static func number(_ value: JSONValue) -> Double? {
        value.doubleValue ?? value.stringValue.flatMap(NumericText.value(of:))
    }
}
