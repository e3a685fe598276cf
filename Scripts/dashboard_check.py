#!/usr/bin/env python3
"""Browser check of the mockweather dashboard (GET /__admin/), driven by Scripts/dashboard-check.sh.

Starts `mockweather serve` on port 0 over a copy of the bundled cassettes, opens the dashboard in
headless Chromium (the Chrome DevTools protocol over --remote-debugging-pipe: no websocket library,
standard library only), drives `replay-location --weather` against the mock, and asserts what a
person watching would see:

  * rows appear without a reload while the drive runs (the page is never reloaded: a marker set on
    the page before the drive is still there at the end), and every journalled request is listed;
  * an unmatched request shows its near-miss diff as a table, and the API key appears nowhere;
  * the filters narrow the table;
  * the map draws a point per request with coordinates, labels places with temperatures, marks the
    latest, and draws the announced route, while the drive is still running;
  * a refused reload shows its problems on the Cassettes tab;
  * with EventSource unavailable the page falls back to polling and still gets new rows;
  * over a second mock with `--synthesize --scenario typhoon-landfall` and requests along Busan →
    Gangneung (OpenWeatherMap by lat/lon, KMA getUltraSrtNcst by cell), the map draws Korea's
    provinces (GET /__admin/basemap), colours each answered point by its temperature with synthetic
    answers hollow, draws the typhoon's track and its centre at the mock clock's time, and moves the
    centre when the clock moves (screenshots map-korea.png and map-korea-dark.png, paths printed);
  * the mock stops gracefully while the page's event stream is open.

Screenshots go to the output directory. Exit status 0 when every check passed, 1 otherwise.
"""

import argparse
import base64
import http.client
import json
import os
import select
import shutil
import ssl
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

TRACE = "Scripts/traces/seoul-to-daegu.json"
API_KEY = "dashboard-check-secret-key-0123456789"


class CheckFailed(Exception):
    pass


class DevTools:
    """The Chrome DevTools protocol over the pipe pair Chromium opens on fds 3 and 4."""

    def __init__(self, chromium, user_data_dir, width, height):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def child_fds():
            # Chromium reads commands on fd 3 and writes answers on fd 4. Both ends are first moved
            # out of the way, so neither is overwritten when a pipe end already sits on 3 or 4.
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        arguments = [
            chromium,
            "--headless=new",
            "--remote-debugging-pipe",
            f"--user-data-dir={user_data_dir}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--mute-audio",
            f"--window-size={width},{height}",
            "about:blank",
        ]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen(
            arguments,
            # Python's own descriptors are close-on-exec, so only 0-2 and the two made inheritable
            # in child_fds reach Chromium (close_fds would close 3 and 4 after child_fds ran).
            close_fds=False,
            preexec_fn=child_fds,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []
        self.session = None

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CheckFailed("Chromium did not answer in time")
            ready, _, _ = select.select([self._from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise CheckFailed("Chromium closed the DevTools pipe (did it crash?)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=True, timeout=30):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise CheckFailed(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def open_page(self, width, height, mobile=False, before_load=None):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call(
            "Target.attachToTarget", {"targetId": target, "flatten": True}, session=False
        )["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )
        if before_load:
            self.call("Page.addScriptToEvaluateOnNewDocument", {"source": before_load})
        return target

    def close_page(self, target):
        self.call("Target.closeTarget", {"targetId": target}, session=False)
        self.session = None

    def navigate(self, url):
        self.call("Page.navigate", {"url": url})

    def evaluate(self, expression):
        result = self.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
        )
        if "exceptionDetails" in result:
            raise CheckFailed(f"page script failed: {expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=20):
        """Polls `expression` in the page until it is truthy; the check fails after `timeout` s."""
        deadline = time.monotonic() + timeout
        last_error = ""
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except CheckFailed as error:  # the page is still loading: its elements are not there yet
                value, last_error = None, f"; last error: {error}"
            if value:
                return value
            time.sleep(0.1)
        raise CheckFailed(f"timed out after {timeout} s waiting until {what} ({expression}){last_error}")

    def screenshot(self, path, selector=None):
        params = {"format": "png", "captureBeyondViewport": False}
        if selector:
            box = self.evaluate(
                f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                " return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; })()"
            )
            params["clip"] = {**box, "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=5)
        except (CheckFailed, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Check:
    def __init__(self):
        self.passed = []

    def that(self, condition, description):
        if not condition:
            raise CheckFailed(description)
        self.passed.append(description)
        print(f"  ✓ {description}", flush=True)


def http_get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def start_mock(binary, cassettes, workdir, extra=(), name="mock"):
    port_file = os.path.join(workdir, f"{name}.port")
    log = open(os.path.join(workdir, f"{name}.log"), "wb")
    process = subprocess.Popen(
        # --exit-on-stdin-eof: should this script die, the mock goes with it when the pipe closes.
        [binary, "serve", "--port", "0", "--port-file", port_file, "--cassettes", cassettes, "--exit-on-stdin-eof", *extra],
        stdin=subprocess.PIPE,
        stdout=log,
        stderr=subprocess.STDOUT,
        # The local CA is made in the check's own folder, never in the user's.
        env={**os.environ, "MOCKWEATHER_CA_DIR": os.path.join(workdir, "ca")},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise CheckFailed(f"mockweather serve exited with {process.returncode}; see {log.name}")
        if os.path.exists(port_file):
            with open(port_file) as file:
                text = file.read().strip()
            if text:
                return process, int(text)
        time.sleep(0.05)
    raise CheckFailed("mockweather serve did not write its port in 30 s")


# A drive from Busan to Gangneung along the east coast: (name, latitude, longitude).
EAST_COAST = [
    ("Busan City Hall", 35.1796, 129.0756),
    ("Ulsan", 35.5384, 129.3114),
    ("Pohang", 36.0190, 129.3435),
    ("Uljin", 36.9930, 129.4004),
    ("Samcheok", 37.4499, 129.1652),
    ("Gangneung station", 37.7640, 128.8996),
]
# The typhoon preset's own clock (its notes): 02:00 in Korea, the storm south of the coast.
TYPHOON_CLOCK = "2026-09-06T02:00:00+09:00"


def kma_cell(latitude, longitude):
    """The KMA grid cell (nx, ny) of a point: the service's Lambert conformal conic, 5 km cells."""
    import math

    radius, grid = 6371.00877 / 5.0, 1.0
    degree = math.pi / 180
    first, second, origin_lon, origin_lat = 30 * degree, 60 * degree, 126 * degree, 38 * degree
    n = math.log(math.cos(first) / math.cos(second)) / math.log(
        math.tan(math.pi / 4 + second / 2) / math.tan(math.pi / 4 + first / 2)
    )
    f = math.tan(math.pi / 4 + first / 2) ** n * math.cos(first) / n
    ro = radius * f / math.tan(math.pi / 4 + origin_lat / 2) ** n
    ra = radius * f / math.tan(math.pi / 4 + latitude * degree / 2) ** n
    theta = (longitude * degree - origin_lon) * n
    x = ra * math.sin(theta) / grid + 43
    y = (ro - ra * math.cos(theta)) / grid + 136
    return int(x + 0.5), int(y + 0.5)


def check_korea_map(arguments, cassettes, workdir, browser, check):
    """The map of Korea over a synthesized typhoon; returns the mock it started, for cleanup."""
    mock, port = start_mock(
        os.path.join(arguments.bin, "mockweather"), cassettes, workdir,
        extra=["--synthesize", "--scenario", "typhoon-landfall", "--clock", TYPHOON_CLOCK], name="typhoon-mock",
    )
    base = f"http://127.0.0.1:{port}"
    try:
        outlines = urllib.request.urlopen(f"{base}/__admin/basemap", timeout=10)
        provinces = json.loads(outlines.read())["features"]
        check.that(
            outlines.headers["Content-Type"].startswith("application/geo+json") and len(provinces) == 17,
            f"GET /__admin/basemap serves the 17 provinces as GeoJSON ({len(provinces)})",
        )
        page = browser.open_page(1280, 900)
        browser.navigate(f"{base}/__admin/#map")
        browser.wait_for("document.getElementById('connection').dataset.state === 'live'", "the typhoon mock's stream is live")
        browser.wait_for("document.querySelectorAll('#map-svg path.province').length === 17", "the provinces are drawn")
        browser.wait_for("document.querySelector('#map-svg circle.typhoon-centre') !== null", "the typhoon is drawn before any request")
        land = browser.evaluate(
            "(() => { const r = document.querySelector('#map-svg g.basemap').getBoundingClientRect();"
            " const m = document.getElementById('map-svg').getBoundingClientRect();"
            " return [r.left - m.left, m.right - r.right, r.top - m.top, m.bottom - r.bottom, r.width, m.width]; })()"
        )
        check.that(
            min(land[:4]) >= -1 and land[4] > land[5] / 4,
            f"with no request the map is fitted to Korea: all of it in view ({land[4]:.0f} of {land[5]:.0f} px wide)",
        )
        korean = browser.evaluate("[...document.querySelectorAll('#map-svg text.province-label')].map(t => t.textContent)")
        check.that(any("도" in name for name in korean), f"the provinces are named in Korean ({len(korean)}: {korean[:4]})")
        path = os.path.join(arguments.out, "map-korea-default.png")
        browser.screenshot(path, selector="#panel-map")
        print(f"  screenshot: {os.path.abspath(path)}")

        for name, latitude, longitude in EAST_COAST:
            urllib.request.urlopen(
                f"{base}/data/2.5/weather?lat={latitude}&lon={longitude}&units=metric&appid={API_KEY}", timeout=10
            ).read()
            nx, ny = kma_cell(latitude, longitude)
            urllib.request.urlopen(
                f"{base}/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst?serviceKey={API_KEY}&pageNo=1"
                f"&numOfRows=10&dataType=JSON&base_date=20260906&base_time=0100&nx={nx}&ny={ny}",
                timeout=10,
            ).read()
        journal = http_get(f"{base}/__admin/requests")["requests"]
        coloured = [e for e in journal if e["coordinates"] and e["answer"] and "temperature" in e["answer"]]
        synthetic = [e for e in coloured if (e["matched"] or "").startswith("synthetic: ")]
        check.that(len(coloured) == 2 * len(EAST_COAST), f"every request along the coast was answered with a temperature ({len(coloured)})")
        check.that(len(synthetic) > 0, f"{len(synthetic)} of them from the synthetic world")
        browser.wait_for(f"document.querySelectorAll('#map-svg circle.point').length === {len(coloured)}", "every answered point arrives on the map")
        colours = browser.evaluate(
            "[...document.querySelectorAll('#map-svg circle.point')].map(c => [c.classList.contains('synthetic'),"
            " getComputedStyle(c).getPropertyValue('--c').trim(), Number(c.dataset.celsius)])"
        )
        check.that(all(colour.startswith("rgb(") for _, colour, _ in colours), "every point is coloured by its temperature")
        check.that(len({colour for _, colour, _ in colours}) >= 3, f"the colours differ with the temperature ({len({c for _, c, _ in colours})} colours)")
        hollow = sum(1 for synthetic_point, _, _ in colours if synthetic_point)
        # Every cell and point of this coast is the world's (the staged storm at Busan answers only
        # serviceKey=mock-rain); the drive from Seoul above shows recorded answers filled.
        check.that(hollow == len(synthetic) and len(colours) - hollow == len(coloured) - len(synthetic),
                   f"synthetic answers are hollow ({hollow}), recorded ones filled ({len(colours) - hollow})")
        fills = browser.evaluate(
            "[...document.querySelectorAll('#map-svg circle.point')].map(c => [c.classList.contains('synthetic'),"
            " getComputedStyle(c).fill, getComputedStyle(c).getPropertyValue('--c').trim()])"
        )
        sea = browser.evaluate("getComputedStyle(document.getElementById('map-svg')).backgroundColor")
        check.that(
            all(fill == (sea if hollow_point else colour) for hollow_point, fill, colour in fills),
            f"a hollow marker is filled with the sea ({sea}), a filled one with its temperature's colour",
        )
        check.that(browser.evaluate("document.querySelector('#map-svg g.legend') !== null"), "the map has a legend")
        track = browser.evaluate("document.querySelector('#map-svg .kind-typhoon polyline.typhoon-track').getAttribute('points').split(' ').length")
        check.that(track == 9, f"the typhoon's whole track is drawn ({track} fixes)")
        before = browser.wait_for("document.querySelector('#map-svg circle.typhoon-centre')?.dataset.typhoonAt", "the typhoon's centre is drawn")
        check.that(before == "2026-09-05T17:00:00.000Z", f"the centre is where the storm is at the clock's time ({before})")
        path = os.path.join(arguments.out, "map-korea.png")
        browser.screenshot(path, selector="#panel-map")
        print(f"  screenshot: {os.path.abspath(path)}")

        request = urllib.request.Request(
            f"{base}/__admin/clock", method="PUT", data=json.dumps({"fixedAt": "2026-09-06T07:00:00+09:00"}).encode(),
            headers={"Content-Type": "application/json"},
        )
        urllib.request.urlopen(request, timeout=10).read()
        after = browser.wait_for(
            "(t => t !== '2026-09-05T17:00:00.000Z' && t)(document.querySelector('#map-svg circle.typhoon-centre')?.dataset.typhoonAt)",
            "the centre moves when the clock does",
        )
        check.that(after == "2026-09-05T22:00:00.000Z", f"the clock's change moved the typhoon without a reload ({after})")
        browser.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = os.path.join(arguments.out, "map-korea-dark.png")
        browser.screenshot(dark, selector="#panel-map")
        print(f"  screenshot: {os.path.abspath(dark)}")
        browser.close_page(page)
        return mock
    except BaseException:
        stop_mock(mock)
        raise


def stop_mock(mock):
    if mock.poll() is None:
        mock.send_signal(signal.SIGINT)
        try:
            mock.wait(timeout=15)
        except subprocess.TimeoutExpired:
            mock.kill()
            mock.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the directory with mockweather and replay-location")
    parser.add_argument("--out", required=True, help="where the screenshots go")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    arguments = parser.parse_args()
    if not arguments.chromium:
        print("dashboard-check: no chromium on PATH", file=sys.stderr)
        return 2
    os.makedirs(arguments.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="mockweather-dashboard-check-")
    cassettes = os.path.join(workdir, "cassettes")
    shutil.copytree("Cassettes", cassettes)
    mock, port = start_mock(os.path.join(arguments.bin, "mockweather"), cassettes, workdir)
    base = f"http://127.0.0.1:{port}"
    browser = DevTools(arguments.chromium, os.path.join(workdir, "profile"), 1280, 900)
    check = Check()
    replay = None
    typhoon_mock = None
    try:
        print(f"dashboard-check: mock on {base}, screenshots in {arguments.out}")

        print("Requests, live")
        page = browser.open_page(1280, 900)
        browser.navigate(f"{base}/__admin/#requests")
        browser.wait_for("document.getElementById('connection').dataset.state === 'live'", "the event stream is live")
        browser.evaluate("window.__notReloaded = true")
        check.that(browser.evaluate("document.querySelectorAll('#request-rows tr.entry').length") == 0, "the table starts empty")

        replay_log = open(os.path.join(workdir, "replay.log"), "wb")
        replay = subprocess.Popen(
            [
                os.path.join(arguments.bin, "replay-location"), TRACE, "--speed", "400", "--interval", "120",
                "--weather", base,
            ],
            stdout=replay_log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "OPENWEATHERMAP_API_KEY": API_KEY},
        )
        browser.wait_for("document.querySelectorAll('#request-rows tr.entry').length >= 5", "rows arrive during the drive")
        check.that(replay.poll() is None, "rows appeared while replay-location was still driving")
        check.that(browser.evaluate("window.__notReloaded === true"), "the rows arrived without a page reload")

        print("Map, mid-drive")
        browser.evaluate("location.hash = 'map'")
        browser.wait_for("document.querySelectorAll('#map-svg circle.point').length >= 40", "the map shows points", timeout=60)
        browser.wait_for("document.querySelector('#map-svg polyline.route') !== null", "the route is drawn")
        browser.wait_for("[...document.querySelectorAll('#map-svg text.label')].some(t => /°C/.test(t.textContent))", "a label shows a temperature")
        mid_points = browser.evaluate("document.querySelectorAll('#map-svg circle.point').length")
        browser.screenshot(os.path.join(arguments.out, "map-mid-drive.png"))
        check.that(replay.poll() is None, f"the mid-drive map was taken while the drive went on ({mid_points} points so far)")

        replay.wait(timeout=120)
        check.that(replay.returncode == 0, "replay-location --weather finished cleanly")
        journal = http_get(f"{base}/__admin/requests")
        total = len(journal["requests"])
        with_coordinates = [entry for entry in journal["requests"] if entry["coordinates"]]
        browser.wait_for(
            f"document.querySelectorAll('#map-svg circle.point').length >= {len(with_coordinates)}",
            "every request with coordinates is on the map",
        )
        check.that(len(with_coordinates) > mid_points, f"the map kept growing after the mid-drive shot ({len(with_coordinates)} requests with coordinates)")
        latest_sequence = max(entry["sequence"] for entry in with_coordinates + [e for e in journal["requests"] if e["answer"] and e["answer"].get("lat") is not None])
        check.that(
            browser.evaluate("Number(document.querySelector('#map-svg [data-latest]').dataset.latest)") == latest_sequence,
            f"the latest request (#{latest_sequence}) is the emphasised point",
        )
        places = browser.evaluate("[...document.querySelectorAll('#map-svg text.label')].map(t => t.textContent)")
        check.that(any("Daegu" in label for label in places), f"the map labels the places the mock answered: {places[:6]}")
        route = http_get(f"{base}/__admin/route")["route"]
        check.that(route is not None and len(route["points"]) >= 30, "replay-location announced the trace's route to the mock")
        browser.screenshot(os.path.join(arguments.out, "map.png"))

        print("Requests, unmatched")
        unmatched_url = f"{base}/data/2.5/weather?q=Gyeongju&units=metric&appid={API_KEY}"
        try:
            urllib.request.urlopen(unmatched_url, timeout=10)
        except urllib.error.HTTPError as error:
            check.that(error.code == 501, "an unknown city gets the mock's 501")
        browser.evaluate("location.hash = 'requests'")
        browser.wait_for(
            "[...document.querySelectorAll('#request-rows tr.detail table.diff tr.fail')].some(r => r.textContent.includes('Gyeongju'))",
            "the unmatched request shows its diff",
        )
        rows = browser.evaluate("document.querySelectorAll('#request-rows tr.entry').length")
        check.that(rows == total + 1, f"every journalled request is listed ({rows} rows)")
        diff = browser.evaluate(
            "[...document.querySelector('#request-rows tr.detail table.diff').rows].map(r => [...r.cells].map(c => c.textContent))"
        )
        check.that(diff[0][:3] == ["Rule", "This request", "Closest cassette expects"], "the diff is a table of rule, request and cassette")
        check.that(any(row[0] == "q" and row[1] == "Gyeongju" and row[3] == "✗" for row in diff[1:]), f"the failing rule is marked: {diff}")
        check.that(API_KEY not in browser.evaluate("document.body.innerText"), "the API key appears nowhere on the page")

        print("HTTPS through the mock as a proxy")
        ca_file = os.path.join(workdir, "ca.pem")
        subprocess.run(
            [os.path.join(arguments.bin, "mockweather"), "ca", "export", "--pem", ca_file],
            check=True, capture_output=True, env={**os.environ, "MOCKWEATHER_CA_DIR": os.path.join(workdir, "ca")},
        )
        connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=30, context=ssl.create_default_context(cafile=ca_file))
        connection.set_tunnel("api.openweathermap.org", 443)
        connection.request("GET", f"/data/2.5/weather?q=Seoul&appid={API_KEY}")
        answer = connection.getresponse()
        check.that(answer.status == 200 and b'"Seoul"' in answer.read(), "an HTTPS request through the mock is answered")
        connection.close()
        browser.wait_for(
            "document.getElementById('counts').textContent.includes('HTTPS: 1 tunnels (api.openweathermap.org 1)')",
            "the counts line shows the tunnel and its host",
        )
        check.that(API_KEY not in browser.evaluate("document.body.innerText"), "the API key appears nowhere after HTTPS either")
        check.that(browser.evaluate("window.__notReloaded === true"), "still no page reload")
        browser.screenshot(os.path.join(arguments.out, "requests.png"))
        browser.screenshot(os.path.join(arguments.out, "unmatched-diff.png"), selector="#request-rows tr.detail")

        browser.evaluate("document.getElementById('filter-outcome').value = 'unmatched'; document.getElementById('filter-outcome').dispatchEvent(new Event('input'))")
        filtered = browser.evaluate("[...document.querySelectorAll('#request-rows tr.entry')].map(r => r.classList.contains('unmatched'))")
        check.that(filtered == [True], "the unmatched filter leaves the one unmatched row")
        browser.evaluate(
            "{ document.getElementById('filter-outcome').value = 'all'; const p = document.getElementById('filter-path');"
            " p.value = 'Gyeongju'; p.dispatchEvent(new Event('input')); }"
        )
        check.that(browser.evaluate("document.querySelectorAll('#request-rows tr.entry').length") == 1, "the path filter finds the request by its query")
        browser.evaluate("{ const p = document.getElementById('filter-path'); p.value = ''; p.dispatchEvent(new Event('input')); }")

        print("Cassettes, a refused reload")
        broken = os.path.join(cassettes, "broken.json")
        with open(broken, "w") as file:
            file.write('{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"method": "GET"}}]}\n')
        browser.evaluate("location.hash = 'cassettes'")
        browser.wait_for("document.querySelectorAll('#cassette-list article.cassette').length > 10", "the cassettes are listed")
        bundled_count = http_get(f"{base}/__admin/health")["cassettes"]
        listed = browser.evaluate("document.querySelectorAll('#cassette-list article.cassette').length")
        more = browser.evaluate("(document.getElementById('cassettes-more') || {}).textContent || ''")
        check.that(listed == 100 and f"Showing 100 of {bundled_count}" in more,
                   f"100 of the {bundled_count} cassettes are listed, and the page says so ({listed}: {more!r})")
        browser.evaluate("{ const f = document.getElementById('filter-cassettes'); f.value = 'Seoul'; f.dispatchEvent(new Event('input')); }")
        browser.wait_for("document.getElementById('cassettes-more') === null", "the name filter asks the server again")
        shown = browser.evaluate("[...document.querySelectorAll('#cassette-list article.cassette h3')].map((h) => h.firstChild.textContent)")
        check.that(0 < len(shown) < 100 and all("seoul" in name.lower() for name in shown),
                   f"the filter lists only cassettes named after Seoul ({len(shown)})")
        browser.evaluate("{ const f = document.getElementById('filter-cassettes'); f.value = ''; f.dispatchEvent(new Event('input')); }")
        browser.wait_for("document.getElementById('cassettes-more') !== null", "clearing the filter lists the first 100 again")
        browser.evaluate("document.getElementById('reload-button').click()")
        browser.wait_for("(document.querySelector('#reload-status .banner.bad') || {}).textContent?.includes('broken.json')", "the refused reload shows its problems")
        check.that(browser.evaluate("document.querySelector('#tab-cassettes .badge') !== null"), "the Cassettes tab is flagged")
        browser.screenshot(os.path.join(arguments.out, "cassettes.png"))
        os.remove(broken)

        print("Phone-sized window")
        browser.call("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        browser.evaluate("location.hash = 'requests'")
        wide = browser.evaluate("document.documentElement.scrollWidth")
        check.that(wide <= 390, f"the page fits a 390 px wide screen (scroll width {wide})")
        browser.screenshot(os.path.join(arguments.out, "phone-requests.png"))
        browser.evaluate("location.hash = 'map'")
        browser.screenshot(os.path.join(arguments.out, "phone-map.png"))
        browser.close_page(page)

        print("Fallback without server-sent events")
        page = browser.open_page(1280, 900, before_load="delete window.EventSource;")
        browser.navigate(f"{base}/__admin/#requests")
        browser.wait_for("document.getElementById('connection').textContent.includes('polling')", "the page falls back to polling")
        # The page says "polling" before its first load of the journal has arrived: count the rows only
        # once every journalled request is on the page, or a slow first load is taken for the new row.
        before = http_get(f"{base}/__admin/health")["requests"]
        browser.wait_for(f"document.querySelectorAll('#request-rows tr.entry').length === {before}", "the journal is on the page")
        urllib.request.urlopen(f"{base}/data/2.5/weather?q=Seoul&appid={API_KEY}", timeout=10).read()
        browser.wait_for(f"document.querySelectorAll('#request-rows tr.entry').length === {before + 1}", "the polled row arrives")
        check.that(True, "without EventSource, polling brings new rows")
        browser.close_page(page)

        print("Map of Korea, a typhoon, Busan to Gangneung")
        typhoon_mock = check_korea_map(arguments, cassettes, workdir, browser, check)
        stop_mock(typhoon_mock)

        print("Shutdown with a live stream open")
        page = browser.open_page(1280, 900)
        browser.navigate(f"{base}/__admin/")
        browser.wait_for("document.getElementById('connection').dataset.state === 'live'", "the event stream is live again")
        mock.send_signal(signal.SIGINT)
        try:
            mock.wait(timeout=15)
        except subprocess.TimeoutExpired:
            raise CheckFailed("the mock did not stop within 15 s while a browser held its event stream")
        check.that(mock.returncode == 0, "the mock stopped gracefully with the page's stream open")
        print(f"dashboard-check: all {len(check.passed)} checks passed")
        return 0
    except CheckFailed as failure:
        print(f"dashboard-check: FAILED: {failure}", file=sys.stderr)
        for name in ("mock.log", "replay.log", "typhoon-mock.log"):
            path = os.path.join(workdir, name)
            if os.path.exists(path):
                with open(path, errors="replace") as file:
                    tail = file.read()[-2000:]
                print(f"--- {name} (end)\n{tail}", file=sys.stderr)
        try:
            browser.screenshot(os.path.join(arguments.out, "failure.png"))
            print(f"dashboard-check: the page at the failure: {arguments.out}/failure.png", file=sys.stderr)
        except Exception:
            pass
        return 1
    finally:
        if replay and replay.poll() is None:
            replay.kill()
            replay.wait()
        browser.close()
        stop_mock(mock)
        if typhoon_mock:
            stop_mock(typhoon_mock)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
