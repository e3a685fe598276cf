import Foundation
import WeatherClient

/// Kakao Local bodies from shared/reference/kakao-local.md, verbatim, and the few synthetic ones the
/// tests need (each says so).
enum KakaoFixtures {
    /// A key shaped like a REST API key (32 hex characters), so literal scrubbing applies.
    static let apiKey = "fedcba9876543210fedcba9876543210"

    /// §2.3: the official coord2address example (x=127.423084873712, y=37.0789561558879).
    static let officialExample = """
        {
          "meta": {
            "total_count": 1
          },
          "documents": [
            {
              "road_address": {
                "address_name": "경기도 안성시 죽산면 죽산초교길 69-4",
                "region_1depth_name": "경기",
                "region_2depth_name": "안성시",
                "region_3depth_name": "죽산면",
                "road_name": "죽산초교길",
                "underground_yn": "N",
                "main_building_no": "69",
                "sub_building_no": "4",
                "building_name": "무지개아파트",
                "zone_no": "17519"
              },
              "address": {
                "address_name": "경기 안성시 죽산면 죽산리 343-1",
                "region_1depth_name": "경기",
                "region_2depth_name": "안성시",
                "region_3depth_name": "죽산면 죽산리",
                "mountain_yn": "N",
                "main_address_no": "343",
                "sub_address_no": "1",
                "zip_code": ""
              }
            }
          ]
        }
        """

    /// §2.4: Seoul City Hall (x=126.977829174031, y=37.5663174209601).
    static let cityHall = """
        {
          "meta": {
            "total_count": 1
          },
          "documents": [
            {
              "road_address": {
                "address_name": "서울특별시 중구 세종대로 110",
                "region_1depth_name": "서울",
                "region_2depth_name": "중구",
                "region_3depth_name": "태평로1가",
                "road_name": "세종대로",
                "underground_yn": "N",
                "main_building_no": "110",
                "sub_building_no": "",
                "building_name": "서울특별시청",
                "zone_no": "04524"
              },
              "address": {
                "address_name": "서울 중구 태평로1가 31",
                "region_1depth_name": "서울",
                "region_2depth_name": "중구",
                "region_3depth_name": "태평로1가",
                "mountain_yn": "N",
                "main_address_no": "31",
                "sub_address_no": "",
                "zip_code": ""
              }
            }
          ]
        }
        """

    /// §2.5 (a): Kyungpook National University, Daegu (x=128.614322336303, y=35.8890974884948).
    static let daegu = """
        {
          "meta": {
            "total_count": 1
          },
          "documents": [
            {
              "road_address": {
                "address_name": "대구광역시 북구 대학로 80",
                "region_1depth_name": "대구",
                "region_2depth_name": "북구",
                "region_3depth_name": "산격동",
                "road_name": "대학로",
                "underground_yn": "N",
                "main_building_no": "80",
                "sub_building_no": "",
                "building_name": "경북대학교",
                "zone_no": "41566"
              },
              "address": {
                "address_name": "대구 북구 산격동 1370-1",
                "region_1depth_name": "대구",
                "region_2depth_name": "북구",
                "region_3depth_name": "산격동",
                "mountain_yn": "N",
                "main_address_no": "1370",
                "sub_address_no": "1",
                "zip_code": ""
              }
            }
          ]
        }
        """

    /// §2.6: a point in the sea or outside Korea.
    static let sea = """
        {
          "meta": {
            "total_count": 0
          },
          "documents": []
        }
        """

    /// §2.4's suggestion for the brief's point 37.5683, 126.9778: City Hall's 지번 address with
    /// `"road_address": null`.
    static let roadAddressNull = """
        {
          "meta": {
            "total_count": 1
          },
          "documents": [
            {
              "road_address": null,
              "address": {
                "address_name": "서울 중구 태평로1가 31",
                "region_1depth_name": "서울",
                "region_2depth_name": "중구",
                "region_3depth_name": "태평로1가",
                "mountain_yn": "N",
                "main_address_no": "31",
                "sub_address_no": "",
                "zip_code": ""
              }
            }
          ]
        }
        """

    /// Synthetic, shaped like §2.3: the SeSAC campus (37.517829, 126.886270) in 문래동3가,
    /// Yeongdeungpo. The lot number is a placeholder and the road address left out (null).
    static let sesacCampus = """
        {"meta":{"total_count":1},"documents":[{"road_address":null,"address":{\
        "address_name":"서울 영등포구 문래동3가 1","region_1depth_name":"서울","region_2depth_name":"영등포구",\
        "region_3depth_name":"문래동3가","mountain_yn":"N","main_address_no":"1","sub_address_no":"","zip_code":""}}]}
        """

    /// §3: Kakao's SDK fixture for coord2regioncode (B and H, x/y numbers, long-form names).
    static let regionCodes = """
        {
          "meta": { "total_count": 2 },
          "documents": [
            {
              "region_type": "B",
              "address_name": "경기도 성남시 분당구 삼평동",
              "region_1depth_name": "경기도",
              "region_2depth_name": "성남시 분당구",
              "region_3depth_name": "삼평동",
              "region_4depth_name": "",
              "code": "4113510900",
              "x": 127.10459896729914,
              "y": 37.40269721785548
            },
            {
              "region_type": "H",
              "address_name": "경기도 성남시 분당구 삼평동",
              "region_1depth_name": "경기도",
              "region_2depth_name": "성남시 분당구",
              "region_3depth_name": "삼평동",
              "region_4depth_name": "",
              "code": "4113565500",
              "x": 127.1163593869371,
              "y": 37.40612091848614
            }
          ]
        }
        """

    /// §4: the real search/address capture for "서울 중구 세종대로 110" (keys alphabetical).
    static let searchCityHall = """
        {
          "documents": [
            {
              "address": {
                "address_name": "서울 중구 태평로1가 31",
                "b_code": "1114010300",
                "h_code": "1114055000",
                "main_address_no": "31",
                "mountain_yn": "N",
                "region_1depth_name": "서울",
                "region_2depth_name": "중구",
                "region_3depth_h_name": "명동",
                "region_3depth_name": "태평로1가",
                "sub_address_no": "",
                "x": "126.977829174031",
                "y": "37.5663174209601"
              },
              "address_name": "서울 중구 세종대로 110",
              "address_type": "ROAD_ADDR",
              "road_address": {
                "address_name": "서울 중구 세종대로 110",
                "building_name": "서울특별시청",
                "main_building_no": "110",
                "region_1depth_name": "서울",
                "region_2depth_name": "중구",
                "region_3depth_name": "태평로1가",
                "road_name": "세종대로",
                "sub_building_no": "",
                "underground_yn": "N",
                "x": "126.977829174031",
                "y": "37.5663174209601",
                "zone_no": "04524"
              },
              "x": "126.977829174031",
              "y": "37.5663174209601"
            }
          ],
          "meta": {
            "is_end": true,
            "pageable_count": 1,
            "total_count": 1
          }
        }
        """

    /// §2.6: the empty-result shape of Kakao's search endpoints.
    static let searchNothing = #"{"documents":[],"meta":{"is_end":true,"pageable_count":0,"total_count":0}}"#

    // Error bodies of §5.2, exactly as the reference lists them.
    static let missingHeaderBody =
        #"{"errorType":"AccessDeniedError","message":"cannot find Authorization : KakaoAK header"}"#
    static let wrongFormatNullBody = #"{"errorType":"AccessDeniedError","message":"wrong appKey(null) format"}"#
    static let cannotFindAppKeyBody = #"{"errorType":"AccessDeniedError","message":"cannot find appkey"}"#
    static let ipMismatchedBody = #"{"errorType":"AccessDeniedError","message":"ip mismatched! callerIp=203.0.113.7"}"#
    static let kaHeaderBody =
        #"{"errorType":"AccessDeniedError","message":"KA Header is required but neither os nor origin field is given"}"#
    static let disabledServiceBody =
        #"{"errorType":"NotAuthorizedError","message":"App(Seoul_NightSpots_Agent) disabled OPEN_MAP_AND_LOCAL service."}"#
    static let missingParameterBody = #"{"errorType":"MissingParameter","message":"query parameter required"}"#
    static let invalidArgumentBody = #"{"errorType":"InvalidArgument","message":"page is more than max"}"#
    static let throttledBody = #"{"errorType":"RequestThrottled","message":"API limit has been exceeded."}"#
    /// §5.1: Kakao's other dialect (kapi), decoded defensively.
    static let codeDialectBody = #"{"code":-401,"msg":"this access token does not exist"}"#

    /// `json` decoded as `type` with a plain decoder, as an app holding a stored body would.
    static func decode<Model: Decodable>(_ type: Model.Type, _ json: String) throws -> Model {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}

extension KakaoLocalClient {
    /// A client for tests: a fixed fake key, no environment, the given transport.
    static func testing(
        _ transport: InMemoryTransport,
        apiKey: String? = KakaoFixtures.apiKey,
        baseURL: URL = URL(string: "http://127.0.0.1:8080")!,
        environment: [String: String] = [:],
        logger: (@Sendable (String) -> Void)? = nil
    ) -> KakaoLocalClient {
        KakaoLocalClient(
            apiKey: apiKey, baseURL: baseURL, transport: transport, environment: environment, logger: logger)
    }
}
