#!/usr/bin/env python3
"""Writes the bundled Kakao Local cassettes (Cassettes/kakao-local/...).

usage: Scripts/make-kakao-cassettes.py [--check]

One table below holds every point: the places of the Seoul-Daegu route and the SeSAC campus, each
waypoint of the simulator's bundled traces (Scripts/traces/*.json), OpenWeatherMap's Seoul point (on
Sejong-daero's carriageway: no road-name address) and the bundled set's remote-sea point. From it come
  coord2address/route/<place>.json   the route's places and the campus, one file each
  coord2address/trace/<trace>.json   the other waypoints of each bundled trace
  coord2address/no-road-address.json, coord2address/remote-sea.json
  coord2regioncode/<place>.json      Seoul City Hall and the campus (B and H documents)
  search/address-seoul-city-hall.json  the real capture for "서울 중구 세종대로 110" (kakao-local.md §4)
  errors/*.json                      the key states and missing parameters, as the provider's rules answer
Every coordinate interaction answers fixes within RADIUS_KM of its point, the nearest point winning, so
a fix anywhere along the bundled traces gets the district of the waypoint nearest to it. Apart from the
search capture (`documented`) the bodies are `synthetic`: made up in the API's documented shape, with
region names that are the point's real district; parcel and building numbers are made up except where
kakao-local.md gives them. Deterministic: the same script writes the same bytes. With --check it writes
nothing and exits 1 if a file differs from what it would write.
"""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BUNDLED = os.path.join(ROOT, "Cassettes", "kakao-local")
HEADERS = {"Content-Type": "application/json;charset=UTF-8"}
COORD2ADDRESS = "/v2/local/geo/coord2address.json"
COORD2REGIONCODE = "/v2/local/geo/coord2regioncode.json"
SEARCH = "/v2/local/search/address.json"
RADIUS_KM = 12
LONG_PROVINCE = {"서울": "서울특별시", "경기": "경기도", "충남": "충청남도", "충북": "충청북도", "대전": "대전광역시",
                 "경북": "경상북도", "대구": "대구광역시", "세종특별자치시": "세종특별자치시"}

# key, lat, lon, (province, district, neighbourhood), (parcel main, sub), road or None:
# (road name, building main, building sub, building name, zone number).
ROUTE = [
    ("seoul-city-hall", 37.5663174, 126.9779451, ("서울", "중구", "태평로1가"), ("31", ""),
     ("세종대로", "110", "", "서울특별시청", "04524")),
    ("sesac-campus", 37.517829, 126.886270, ("서울", "영등포구", "문래동3가"), ("54", "5"),
     ("선유로9길", "30", "", "", "07271")),
    ("suwon", 37.2831, 127.03783, ("경기", "수원시 팔달구", "인계동"), ("1111", ""),
     ("효원로", "241", "", "수원시청", "16490")),
    ("cheonan", 36.80413, 127.15247, ("충남", "천안시 동남구", "청수동"), ("234", ""),
     ("청수14로", "100", "", "", "31198")),
    ("daejeon", 36.34712, 127.38657, ("대전", "서구", "둔산동"), ("1420", ""),
     ("둔산로", "100", "", "대전광역시청", "35242")),
    ("gimcheon", 36.1369, 128.1158, ("경북", "김천시", "신음동"), ("1000", ""),
     ("시청로", "60", "", "김천시청", "39625")),
    ("gumi", 36.11655, 128.34678, ("경북", "구미시", "송정동"), ("50", ""),
     ("송정대로", "55", "", "구미시청", "39281")),
    ("daegu-city-hall", 35.8714354, 128.6014, ("대구", "중구", "동인동1가"), ("2", "1"),
     ("공평로", "88", "", "대구광역시청", "41911")),
]

# The waypoints of Scripts/traces/*.json that are not route places: mostly expressway carriageway,
# so no road-name address (the API answers `road_address: null` on a road's surface).
TRACES = {
    "seoul-to-daegu": [
        (37.5545, 126.9855, ("서울", "중구", "회현동1가"), ("100", "")),
        (37.5398, 126.9986, ("서울", "용산구", "한남동"), ("810", "")),
        (37.5262, 127.0134, ("서울", "서초구", "잠원동"), ("70", "")),
        (37.5145, 127.0211, ("서울", "강남구", "논현동"), ("1", "")),
        (37.4846, 127.033, ("서울", "서초구", "양재동"), ("20", "")),
        (37.4665, 127.0402, ("서울", "서초구", "원지동"), ("360", "")),
        (37.4023, 127.0957, ("경기", "성남시 분당구", "삼평동"), ("680", "")),
        (37.3235, 127.1039, ("경기", "용인시 수지구", "죽전동"), ("1000", "")),
        (37.2789, 127.1072, ("경기", "용인시 기흥구", "신갈동"), ("60", "")),
        (37.215, 127.075, ("경기", "화성시", "반송동"), ("90", "")),
        (37.156, 127.089, ("경기", "오산시", "부산동"), ("300", "")),
        (37.059, 127.115, ("경기", "안성시", "원곡면 칠곡리"), ("200", "")),
        (37.0086, 127.1539, ("경기", "안성시", "원곡면 지문리"), ("370", "")),
        (36.916, 127.169, ("충남", "천안시 서북구", "입장면 가산리"), ("150", "")),
        (36.83, 127.177, ("충남", "천안시 동남구", "안서동"), ("300", "")),
        (36.763, 127.227, ("충남", "천안시 동남구", "목천읍 신계리"), ("40", "")),
        (36.663, 127.348, ("충북", "청주시 흥덕구", "오송읍 봉산리"), ("500", "")),
        (36.535, 127.405, ("세종특별자치시", "", "부강면 부강리"), ("700", "")),
        (36.446, 127.428, ("대전", "대덕구", "신탄진동"), ("140", "")),
        (36.377, 127.437, ("대전", "대덕구", "송촌동"), ("400", "")),
        (36.331, 127.448, ("대전", "동구", "용운동"), ("500", "")),
        (36.305, 127.564, ("충북", "옥천군", "옥천읍 금구리"), ("100", "")),
        (36.176, 127.773, ("충북", "영동군", "영동읍 설계리"), ("300", "")),
        (36.23, 127.919, ("충북", "영동군", "황간면 마산리"), ("200", "")),
        (36.216, 128.004, ("경북", "김천시", "봉산면 광천리"), ("100", "")),
        (35.993, 128.413, ("경북", "칠곡군", "석적읍 중리"), ("600", "")),
        (35.939, 128.516, ("대구", "북구", "국우동"), ("1000", "")),
        (35.905, 128.574, ("대구", "북구", "태전동"), ("300", "")),
    ],
    "seoul-city-hall-walk": [
        (37.5672, 126.9768, ("서울", "중구", "태평로1가"), ("60", "")),
        (37.5676, 126.9752, ("서울", "중구", "정동"), ("5", "1")),
        (37.566, 126.9748, ("서울", "중구", "정동"), ("1", "")),
        (37.5648, 126.9756, ("서울", "중구", "정동"), ("15", "")),
        (37.5645, 126.9775, ("서울", "중구", "서소문동"), ("37", "")),
        (37.5652, 126.9786, ("서울", "중구", "태평로1가"), ("31", "")),
    ],
}

# OpenWeatherMap's "Seoul" point, on Sejong-daero's carriageway (kakao-local.md §2.4's suggestion).
NO_ROAD = (37.5683, 126.9778, ("서울", "중구", "태평로1가"), ("84", ""))
SEA = (35.5, 124.5)

REGIONS = {
    # B and H: names and codes from the City Hall capture's b_code/h_code (kakao-local.md §3); the
    # representative points are made up inside the dong.
    "seoul-city-hall": (37.5663174, 126.9779451, [
        ("B", "서울특별시", "중구", "태평로1가", "1114010300", 126.97722, 37.56701),
        ("H", "서울특별시", "중구", "명동", "1114055000", 126.98522, 37.56092)]),
    "sesac-campus": (37.517829, 126.886270, [
        ("B", "서울특별시", "영등포구", "문래동3가", "1156011900", 126.88411, 37.51671),
        ("H", "서울특별시", "영등포구", "문래동", "1156071000", 126.88950, 37.51809)]),
}

# The real capture for "서울 중구 세종대로 110", verbatim (kakao-local.md §4, [K9]).
SEARCH_BODY = {
    "documents": [{
        "address": {
            "address_name": "서울 중구 태평로1가 31", "b_code": "1114010300", "h_code": "1114055000",
            "main_address_no": "31", "mountain_yn": "N", "region_1depth_name": "서울", "region_2depth_name": "중구",
            "region_3depth_h_name": "명동", "region_3depth_name": "태평로1가", "sub_address_no": "",
            "x": "126.977829174031", "y": "37.5663174209601"},
        "address_name": "서울 중구 세종대로 110", "address_type": "ROAD_ADDR",
        "road_address": {
            "address_name": "서울 중구 세종대로 110", "building_name": "서울특별시청", "main_building_no": "110",
            "region_1depth_name": "서울", "region_2depth_name": "중구", "region_3depth_name": "태평로1가",
            "road_name": "세종대로", "sub_building_no": "", "underground_yn": "N", "x": "126.977829174031",
            "y": "37.5663174209601", "zone_no": "04524"},
        "x": "126.977829174031", "y": "37.5663174209601"}],
    "meta": {"is_end": True, "pageable_count": 1, "total_count": 1},
}


def joined(*parts):
    return " ".join(p for p in parts if p)


def address_document(regions, parcel, road):
    province, district, local = regions
    number = parcel[0] + (f"-{parcel[1]}" if parcel[1] else "")
    address = {
        "address_name": joined(province, district, local, number), "region_1depth_name": province,
        "region_2depth_name": district, "region_3depth_name": local, "mountain_yn": "N",
        "main_address_no": parcel[0], "sub_address_no": parcel[1], "zip_code": ""}
    road_address = None
    if road:
        name, main, sub, building, zone = road
        # The road address names the neighbourhood without its 리 (a 읍/면 alone), as the API does.
        building_number = main + (f"-{sub}" if sub else "")
        road_address = {
            "address_name": joined(LONG_PROVINCE[province], district, name, building_number),
            "region_1depth_name": province, "region_2depth_name": district,
            "region_3depth_name": local.split(" ")[0], "road_name": name, "underground_yn": "N",
            "main_building_no": main, "sub_building_no": sub, "building_name": building, "zone_no": zone}
    return {"road_address": road_address, "address": address}


def place_name(regions):
    province, district, local = regions
    return joined(province, local or district)


def coordinate_request(path, lat, lon, radius=RADIUS_KM):
    return {"method": "GET", "path": path, "query": {"input_coord": None},
            "near": {"lat": lat, "lon": lon, "radiusKm": radius}}


def address_interaction(lat, lon, regions, parcel, road, radius=RADIUS_KM):
    document = address_document(regions, parcel, road)
    expect = {"name": place_name(regions), "region1": regions[0], "region2": regions[1], "region3": regions[2],
              "roadAddress": document["road_address"]["address_name"] if road else "(none)", "count": 1}
    return {"request": coordinate_request(COORD2ADDRESS, lat, lon, radius),
            "response": {"status": 200, "headers": HEADERS,
                         "json": {"meta": {"total_count": 1}, "documents": [document]}},
            "expect": expect}


def cassette(source, notes, interactions):
    return {"format": "mockweather-cassette/1", "source": source, "notes": notes, "interactions": interactions}


def error_interaction(path, query, headers, status, error_type, message, kind, near=None, shown=None):
    request = {"method": "GET", "path": path}
    if query:
        request["query"] = query
    if near:
        request["near"] = near
    request["headers"] = headers
    body = json.dumps({"errorType": error_type, "message": message}, ensure_ascii=False, separators=(",", ":"))
    return {"request": request, "response": {"status": status, "headers": HEADERS, "text": body},
            "expect": {"error": kind, "message": shown or message}}


def files():
    out = {}
    for key, lat, lon, regions, parcel, road in ROUTE:
        out[f"coord2address/route/{key}.json"] = cassette(
            "synthetic",
            f"coord2address for {key} ({lat}, {lon}): the district it is in, in the API's documented shape "
            "(made up by Scripts/make-kakao-cassettes.py; the numbers are illustrative). Answers fixes within "
            f"{RADIUS_KM} km; the nearest bundled point wins.",
            [address_interaction(lat, lon, regions, parcel, road)])
    for trace, points in TRACES.items():
        out[f"coord2address/trace/{trace}.json"] = cassette(
            "synthetic",
            f"coord2address for each waypoint of Scripts/traces/{trace}.json that is not a route place, so a "
            "fix anywhere on the trace gets the district of the nearest waypoint. Made up in the API's shape by "
            "Scripts/make-kakao-cassettes.py: the districts are the points' own, the parcel numbers illustrative; "
            "on the carriageway there is no road-name address (road_address null).",
            [address_interaction(lat, lon, regions, parcel, None) for lat, lon, regions, parcel in points])
    lat, lon, regions, parcel = NO_ROAD
    out["coord2address/no-road-address.json"] = cassette(
        "synthetic",
        "OpenWeatherMap's Seoul point, on Sejong-daero's carriageway: a 지번 address and road_address null, "
        "which the API answers where no building stands (kakao-local.md §2.4, §6). A 100 m circle, so "
        "only fixes on the road itself get it.",
        [address_interaction(lat, lon, regions, parcel, None, radius=0.1)])
    out["coord2address/remote-sea.json"] = cassette(
        "synthetic",
        "The Yellow Sea point of the bundled set: 200 with no document, as the API answers at sea or outside "
        "Korea (kakao-local.md §2.6).",
        [{"request": coordinate_request(COORD2ADDRESS, SEA[0], SEA[1], 50),
          "response": {"status": 200, "headers": HEADERS, "json": {"meta": {"total_count": 0}, "documents": []}},
          "expect": {"count": 0}}])
    for key, (lat, lon, regions) in REGIONS.items():
        documents = [{"region_type": t, "address_name": joined(p, d, n), "region_1depth_name": p,
                      "region_2depth_name": d, "region_3depth_name": n, "region_4depth_name": "", "code": code,
                      "x": x, "y": y} for t, p, d, n, code, x, y in regions]
        request = coordinate_request(COORD2REGIONCODE, lat, lon, 1)
        request["query"]["output_coord"] = None
        out[f"coord2regioncode/{key}.json"] = cassette(
            "synthetic",
            f"coord2regioncode for {key}: its 법정동 (B) and 행정동 (H), long-form names, x and y as numbers "
            "(kakao-local.md §3). Made up by Scripts/make-kakao-cassettes.py.",
            [{"request": request, "response": {"status": 200, "headers": HEADERS,
                                                "json": {"meta": {"total_count": 2}, "documents": documents}},
              "expect": {"count": 2, "legalCode": regions[0][4], "administrativeCode": regions[1][4]}}])
    out["search/address-seoul-city-hall.json"] = cassette(
        "documented",
        "The real search/address answer for \"서울 중구 세종대로 110\" (kakao-local.md §4, [K9]), verbatim.",
        [{"request": {"method": "GET", "path": SEARCH,
                      "query": {"query": "서울 중구 세종대로 110", "analyze_type": None, "page": None, "size": None}},
          "response": {"status": 200, "headers": HEADERS, "json": SEARCH_BODY},
          "expect": {"count": 1, "name": "서울 중구 세종대로 110", "zoneNo": "04524"}}])
    city_hall = {"lat": 37.5663174, "lon": 126.9779451, "radiusKm": 1}
    key = {"Authorization": "*"}
    out["errors/key-states.json"] = cassette(
        "documented",
        "The dapi host's answers to each key state (kakao-local.md §5.2), byte for byte. The provider's rules "
        "answer them on every path whatever the cassettes (Cassettes/README.md, Kakao Local); these staged "
        "copies document them and drive the contract suite. 'KakaoAK null' echoes the key it could not read "
        "(the journal, log and HAR show it masked, and so does a correct client's error: its expect says so); "
        "the 429's status is unconfirmed.",
        [error_interaction(COORD2ADDRESS, None, {"Authorization": None}, 401, "AccessDeniedError",
                           "cannot find Authorization : KakaoAK header", "unauthorized", city_hall),
         error_interaction(COORD2ADDRESS, None, {"Authorization": "KakaoAK null"}, 401, "AccessDeniedError",
                           "wrong appKey(null) format", "unauthorized", city_hall,
                           shown="wrong appKey(***) format"),
         error_interaction(COORD2ADDRESS, None, {"Authorization": "KakaoAK disabled-service"}, 403,
                           "NotAuthorizedError", "App(mockweather) disabled OPEN_MAP_AND_LOCAL service.",
                           "forbidden", city_hall),
         error_interaction(COORD2ADDRESS, None, {"Authorization": "KakaoAK throttled"}, 429, "RequestThrottled",
                           "API limit has been exceeded.", "rateLimited", city_hall)])
    out["errors/missing-parameters.json"] = cassette(
        "documented",
        "400 MissingParameter for a request without a required parameter, as the provider's rules answer it "
        "on every path (kakao-local.md §5.2: the search's message is observed; 'y parameter required' for "
        "coord2address follows it and is unconfirmed).",
        [error_interaction(COORD2ADDRESS, {"x": "126.9779451", "y": None}, key, 400, "MissingParameter",
                           "y parameter required", "invalidRequest"),
         error_interaction(SEARCH, {"query": None}, key, 400, "MissingParameter", "query parameter required",
                           "invalidRequest")])
    return out


def render(value):
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    differing = []
    for name, value in sorted(files().items()):
        path = os.path.join(BUNDLED, name)
        text = render(value)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == text:
            continue
        differing.append(name)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check and differing:
        print("Cassettes/kakao-local differs from Scripts/make-kakao-cassettes.py: " + ", ".join(differing))
        return 1
    if not check:
        print(f"wrote {len(differing)} file(s) under Cassettes/kakao-local")
    return 0


if __name__ == "__main__":
    sys.exit(main())
