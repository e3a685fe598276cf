#!/usr/bin/env python3
"""Draws the weather-condition icons the mock serves at /img/wn/{code}.png, @2x and @4x.

usage: draw-icons.py OUT.json     (writes one cassette; run by Scripts/make-bundled-cassettes.py)

The API's real artwork is not ours to ship, so these are our own drawings of the same 18 codes
(01-04, 09-11, 13, 50; d for day, n for night): a sun or a moon, clouds, rain, a bolt, a snowflake,
mist. Pure Python (zlib for PNG), deterministic: the same script always writes the same bytes.
Sizes are the API's: 50x50 (no suffix), 100x100 (@2x), 200x200 (@4x), RGBA on transparent.
"""
import base64
import json
import math
import struct
import sys
import zlib

SUN = (248, 181, 0)
MOON = (226, 222, 190)
CLOUD = (214, 222, 232)
DARK_CLOUD = (150, 160, 174)
RAIN = (58, 123, 213)
BOLT = (250, 200, 20)
SNOW = (120, 180, 235)
MIST = (170, 178, 188)


def circle(cx, cy, r):
    return (lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r), (cx - r, cy - r, cx + r, cy + r)


def capsule(ax, ay, bx, by, r):
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy

    def inside(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        px, py = ax + t * dx - x, ay + t * dy - y
        return px * px + py * py <= r * r

    return inside, (min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r)


def polygon(points):
    def inside(x, y):
        result = False
        j = len(points) - 1
        for i in range(len(points)):
            (xi, yi), (xj, yj) = points[i], points[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                result = not result
            j = i
        return result

    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return inside, (min(xs), min(ys), max(xs), max(ys))


def union(*shapes):
    tests = [s[0] for s in shapes]
    boxes = [s[1] for s in shapes]
    return (lambda x, y: any(t(x, y) for t in tests)), (
        min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def minus(shape, hole):
    return (lambda x, y: shape[0](x, y) and not hole[0](x, y)), shape[1]


def sun(cx, cy, r):
    rays = []
    for k in range(8):
        angle = k * math.pi / 4
        rays.append(capsule(cx + math.cos(angle) * r * 1.35, cy + math.sin(angle) * r * 1.35,
                            cx + math.cos(angle) * r * 1.75, cy + math.sin(angle) * r * 1.75, r * 0.12))
    return [(SUN, union(circle(cx, cy, r), *rays))]


def moon(cx, cy, r):
    return [(MOON, minus(circle(cx, cy, r), circle(cx + r * 0.55, cy - r * 0.35, r * 0.85)))]


def cloud(cx, cy, scale, color):
    s = scale
    return [(color, union(circle(cx - 0.16 * s, cy + 0.02 * s, 0.13 * s), circle(cx + 0.02 * s, cy - 0.08 * s, 0.18 * s),
                          circle(cx + 0.18 * s, cy + 0.03 * s, 0.12 * s),
                          capsule(cx - 0.16 * s, cy + 0.08 * s, cx + 0.18 * s, cy + 0.08 * s, 0.08 * s)))]


def sky(code):
    night = code.endswith("n")
    return moon if night else sun


def layers(code):
    kind = code[:2]
    body = sky(code)
    if kind == "01":
        return body(0.5, 0.5, 0.22)
    if kind == "02":
        return body(0.4, 0.4, 0.17) + cloud(0.56, 0.62, 1.0, CLOUD)
    if kind == "03":
        return cloud(0.5, 0.55, 1.3, CLOUD)
    if kind == "04":
        return cloud(0.6, 0.45, 1.0, DARK_CLOUD) + cloud(0.45, 0.6, 1.2, CLOUD)
    drops = [(RAIN, capsule(x, 0.74, x - 0.05, 0.86, 0.025)) for x in (0.36, 0.5, 0.64)]
    if kind == "09":
        return cloud(0.6, 0.38, 1.0, DARK_CLOUD) + cloud(0.48, 0.5, 1.15, CLOUD) + drops
    if kind == "10":
        return body(0.36, 0.34, 0.15) + cloud(0.55, 0.52, 1.15, CLOUD) + drops
    if kind == "11":
        bolt = polygon([(0.52, 0.58), (0.40, 0.78), (0.49, 0.78), (0.43, 0.95), (0.62, 0.70), (0.53, 0.70), (0.60, 0.58)])
        return cloud(0.5, 0.42, 1.3, DARK_CLOUD) + [(BOLT, bolt)]
    if kind == "13":
        arms = []
        for k in range(3):
            angle = k * math.pi / 3 + math.pi / 2
            dx, dy = math.cos(angle) * 0.3, math.sin(angle) * 0.3
            arms.append(capsule(0.5 - dx, 0.5 - dy, 0.5 + dx, 0.5 + dy, 0.035))
        return [(SNOW, union(*arms, circle(0.5, 0.5, 0.07)))]
    if kind == "50":
        return [(MIST, union(*[capsule(0.22 + 0.06 * (i % 2), y, 0.78 - 0.06 * (i % 2), y, 0.035)
                               for i, y in enumerate((0.32, 0.44, 0.56, 0.68))]))]
    raise ValueError(code)


def render(code, size, samples=3):
    pixels = bytearray(size * size * 4)
    offsets = [(i + 0.5) / samples for i in range(samples)]
    for color, (inside, box) in layers(code):
        x0, y0 = max(0, int(box[0] * size) - 1), max(0, int(box[1] * size) - 1)
        x1, y1 = min(size, int(box[2] * size) + 2), min(size, int(box[3] * size) + 2)
        for py in range(y0, y1):
            for px in range(x0, x1):
                hits = sum(1 for oy in offsets for ox in offsets if inside((px + ox) / size, (py + oy) / size))
                if not hits:
                    continue
                alpha = hits / (samples * samples)
                i = (py * size + px) * 4
                below = pixels[i + 3] / 255
                out = alpha + below * (1 - alpha)
                for c in range(3):
                    pixels[i + c] = round((color[c] * alpha + pixels[i + c] * below * (1 - alpha)) / out)
                pixels[i + 3] = round(out * 255)
    return png(size, size, pixels)


def png(width, height, pixels):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(pixels[y * width * 4:(y + 1) * width * 4]) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


CODES = [f"{n}{d}" for n in ("01", "02", "03", "04", "09", "10", "11", "13", "50") for d in ("d", "n")]
SIZES = [("", 50), ("@2x", 100), ("@4x", 200)]


def cassette():
    interactions = []
    for code in CODES:
        for suffix, size in SIZES:
            interactions.append({
                "request": {"method": "GET", "path": f"/img/wn/{code}{suffix}.png"},
                "response": {"status": 200, "headers": {"Content-Type": "image/png"},
                             "base64": base64.b64encode(render(code, size)).decode("ascii")},
                "expect": {"contentType": "image/png", "width": size, "height": size},
            })
    return {"format": "mockweather-cassette/1", "source": "synthetic",
            "notes": "Weather-condition icons drawn by Scripts/draw-icons.py (our own artwork, not the API's): "
                     "/img/wn/{code}.png is 50x50, @2x 100x100, @4x 200x200, PNG RGBA, for the 18 codes 01d-50n. "
                     "Regenerate with Scripts/make-bundled-cassettes.py; do not edit by hand.",
            "interactions": interactions}


if __name__ == "__main__":
    with open(sys.argv[1], "w") as f:
        json.dump(cassette(), f, indent=1, ensure_ascii=False)
        f.write("\n")
