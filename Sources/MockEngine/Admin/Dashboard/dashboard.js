// The mockweather dashboard. Reads only the admin API (the same JSON scripts get):
//   GET /__admin/requests, /__admin/cassettes, /__admin/route, /__admin/health,
//   GET /__admin/events (server-sent events; polling /__admin/requests?since=N when they fail),
//   POST /__admin/reset, /__admin/reload.
// Everything a request carries is put on the page as text (textContent), never as markup.
"use strict";

const MAX_ENTRIES = 2000; // what the page keeps (the server's journal keeps its own number)
const MAX_ROWS = 500; // what the table shows at once, newest first
const POLL_MILLISECONDS = 2000;
const SVG_NS = "http://www.w3.org/2000/svg";

const state = {
  entries: new Map(), // sequence number -> journal entry
  lastSequence: 0,
  fresh: new Set(), // sequences that arrived since the last render (highlighted once)
  toggled: new Set(), // rows whose detail the user opened (or, for unmatched ones, closed)
  cassettes: [], // as listed: at most CASSETTES_SHOWN of those the filter selects
  cassettesMatching: 0,
  lastReload: null,
  route: null,
  health: null,
  events: null,
  pollTimer: null,
  offlineSince: null,
};

// MARK: Small helpers

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  append(node, children);
  return node;
}

/** An SVG element, likewise. */
function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attributes);
  append(node, children);
  return node;
}

function setAttributes(node, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const API = "/__admin/";

async function getJSON(path) {
  const response = await fetch(API + path, { cache: "no-store" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

function formatTemperature(answer) {
  if (!answer || typeof answer.temperature !== "number") return null;
  const unit = answer.temperatureUnit || "";
  return `${answer.temperature.toFixed(1)}${unit === "K" ? " K" : unit}`;
}

function formatTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso || "";
  const pad = (value, width = 2) => String(value).padStart(width, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function formatMilliseconds(value) {
  if (typeof value !== "number") return "";
  return value < 1 ? `${value.toFixed(3)} ms` : value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
}

/** Where a request is on the map: its own lat/lon, else where the answer puts the place. */
function positionOf(entry) {
  if (entry.coordinates) return { lat: entry.coordinates.lat, lon: entry.coordinates.lon, byAnswer: false };
  const answer = entry.answer;
  if (answer && typeof answer.lat === "number" && typeof answer.lon === "number") {
    return { lat: answer.lat, lon: answer.lon, byAnswer: true };
  }
  return null;
}

let renderScheduled = false;
/** Coalesces renders: a burst of events draws once per frame. */
function scheduleRender() {
  if (renderScheduled) return;
  renderScheduled = true;
  requestAnimationFrame(() => {
    renderScheduled = false;
    renderCounts();
    renderRequests();
    renderMap();
    state.fresh.clear();
  });
}

// MARK: Tabs

const TABS = ["requests", "cassettes", "map"];

/** Shows the tab the URL's hash names (`#map`); panels are `panel-…`, so the hash never scrolls. */
function showTab() {
  const wanted = location.hash.replace("#", "");
  const current = TABS.includes(wanted) ? wanted : "requests";
  for (const name of TABS) {
    document.getElementById(`panel-${name}`).hidden = name !== current;
    document.getElementById(`tab-${name}`).setAttribute("aria-selected", String(name === current));
  }
  document.body.dataset.tab = current;
}

// MARK: Requests

function addEntries(entries, isLive) {
  for (const entry of entries) {
    if (state.entries.has(entry.sequence)) continue;
    state.entries.set(entry.sequence, entry);
    state.lastSequence = Math.max(state.lastSequence, entry.sequence);
    if (isLive) state.fresh.add(entry.sequence);
  }
  // Map iteration order is insertion order; entries arrive oldest first, so the oldest go first.
  while (state.entries.size > MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value);
  if (entries.length > 0) scheduleRender();
}

function matchesFilters(entry) {
  const outcome = document.getElementById("filter-outcome").value;
  const cassette = document.getElementById("filter-cassette").value;
  const path = document.getElementById("filter-path").value.trim().toLowerCase();
  if (outcome === "matched" && entry.unmatched) return false;
  if (outcome === "unmatched" && !entry.unmatched) return false;
  if (cassette && entry.cassette !== cassette) return false;
  if (path && !`${entry.path}?${entry.query || ""}`.toLowerCase().includes(path)) return false;
  return true;
}

function isDetailOpen(entry) {
  // Unmatched requests show their near-miss diff unless closed; others open on a click.
  return entry.unmatched !== state.toggled.has(entry.sequence);
}

function renderRequests() {
  const all = [...state.entries.values()].sort((a, b) => b.sequence - a.sequence);
  const shown = all.filter(matchesFilters);
  const body = document.getElementById("request-rows");
  const rows = [];
  for (const entry of shown.slice(0, MAX_ROWS)) {
    rows.push(requestRow(entry));
    if (isDetailOpen(entry)) rows.push(detailRow(entry));
  }
  body.replaceChildren(...rows);
  document.getElementById("requests-empty").hidden = all.length > 0;
  const summary = shown.length === all.length ? `${all.length} shown` : `${shown.length} of ${all.length} shown`;
  document.getElementById("filter-summary").textContent =
    shown.length > MAX_ROWS ? `${summary} (newest ${MAX_ROWS} listed)` : summary;
  updateCassetteFilter();
}

function requestRow(entry) {
  const statusClass = `status-${String(entry.status).charAt(0)}`;
  const answeredBy = entry.unmatched
    ? [el("span", { class: "tag bad" }, "unmatched"), entry.nearMiss ? el("span", { class: "muted" }, ` closest: ${entry.nearMiss}`) : null]
    : [
        // The engine labels every answer from the synthetic world "synthetic: <scenario>, seed <n> (...)".
        (entry.matched || "").startsWith("synthetic: ") ? el("span", { class: "tag" }, "synthetic") : null,
        el("span", { class: "mono" }, entry.matched || ""),
      ];
  const row = el(
    "tr",
    {
      class: ["entry", entry.unmatched ? "unmatched" : "", state.fresh.has(entry.sequence) ? "fresh" : ""].join(" ").trim(),
      "data-sequence": entry.sequence,
      "aria-expanded": String(isDetailOpen(entry)),
      title: "Click for details",
    },
    el("td", { class: "num muted" }, entry.sequence),
    el("td", { class: "mono" }, formatTime(entry.time)),
    el("td", { class: "mono" }, entry.method),
    el(
      "td",
      { class: "path mono" },
      entry.path,
      entry.query ? el("span", { class: "query" }, `?${entry.query}`) : null
    ),
    el(
      "td",
      { class: `num ${statusClass}` },
      entry.status,
      entry.fault ? el("span", { class: "tag" }, entry.fault) : null
    ),
    el(
      "td",
      { class: "num mono" },
      formatMilliseconds(entry.durationMs),
      entry.delayMs > 0 ? el("span", { class: "tag" }, `+${entry.delayMs} ms delay`) : null
    ),
    el("td", {}, answeredBy)
  );
  row.addEventListener("click", () => {
    if (state.toggled.has(entry.sequence)) state.toggled.delete(entry.sequence);
    else state.toggled.add(entry.sequence);
    renderRequests();
  });
  return row;
}

function detailRow(entry) {
  const parts = [];
  if (entry.unmatched) {
    parts.push(
      el("h3", {}, entry.nearMiss ? `No cassette matched. Closest: ${entry.nearMiss}` : "No cassette matched (no cassettes are loaded)")
    );
    if (entry.nearMissRules && entry.nearMissRules.length > 0) parts.push(diffTable(entry.nearMissRules));
  }
  const facts = el("dl", { class: "facts" });
  const fact = (name, value) => {
    if (value === undefined || value === null || value === "") return;
    facts.append(el("dt", {}, name), el("dd", { class: "mono" }, value));
  };
  fact("Request", `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""}`);
  fact("Time", entry.time);
  fact("Status", String(entry.status));
  fact("Duration", formatMilliseconds(entry.durationMs));
  if (entry.coordinates) fact("Coordinates", `${entry.coordinates.lat}, ${entry.coordinates.lon}`);
  if (entry.answer) {
    const answer = entry.answer;
    const said = [answer.place, formatTemperature(answer), answer.condition, answer.airQualityIndex ? `AQI ${answer.airQualityIndex}` : null]
      .filter(Boolean)
      .join(" · ");
    fact("Answer", said);
  }
  fact("Answered by", entry.matched);
  fact("Delay", entry.delayMs > 0 ? `${entry.delayMs} ms` : null);
  fact("Fault", entry.fault);
  parts.push(facts);
  return el("tr", { class: "detail", "data-detail-of": entry.sequence }, el("td", { colspan: 7 }, parts));
}

function diffTable(rules) {
  const rows = rules.map((rule) =>
    el(
      "tr",
      { class: rule.passed ? "pass" : "fail" },
      el("td", { class: "mono" }, rule.rule),
      el("td", { class: "mono" }, rule.requested ?? "(missing)"),
      el("td", { class: "mono" }, rule.expected ?? ""),
      el("td", { class: "verdict", title: rule.passed ? "matches" : rule.difference }, rule.passed ? "✓" : "✗")
    )
  );
  return el(
    "table",
    { class: "diff" },
    el("thead", {}, el("tr", {}, el("th", {}, "Rule"), el("th", {}, "This request"), el("th", {}, "Closest cassette expects"), el("th", {}, ""))),
    el("tbody", {}, rows)
  );
}

function updateCassetteFilter() {
  const select = document.getElementById("filter-cassette");
  const names = new Set(state.cassettes.map((cassette) => cassette.name));
  for (const entry of state.entries.values()) if (entry.cassette) names.add(entry.cassette);
  const wanted = [...names].sort();
  const present = [...select.options].slice(1).map((option) => option.value);
  if (wanted.join("\n") === present.join("\n")) return;
  const selected = select.value;
  select.replaceChildren(el("option", { value: "" }, "any"), ...wanted.map((name) => el("option", { value: name }, name)));
  select.value = wanted.includes(selected) ? selected : "";
}

function renderCounts() {
  const health = state.health;
  const parts = [];
  if (health) {
    parts.push(`${health.requests} requests`, `${health.matched} matched`, `${health.unmatched} unmatched`);
    parts.push(`${health.cassettes} cassettes (${health.interactions} interactions)`);
    // A fixed clock changes what time-dependent answers say, so the page says where it stands.
    if (health.clock && health.clock.fixed) parts.push(`clock fixed at ${health.clock.now}`);
  } else {
    parts.push(`${state.entries.size} requests`);
  }
  document.getElementById("counts").textContent = parts.join(" · ");
}

async function loadRequests() {
  const answer = await getJSON("requests");
  state.entries.clear();
  state.lastSequence = 0;
  addEntries(answer.requests, false);
  scheduleRender();
}

async function loadHealth() {
  try {
    state.health = await getJSON("health");
    renderCounts();
  } catch {
    // The connection indicator already says when the server is gone.
  }
}

// MARK: Live updates

function setConnection(mode, text) {
  const badge = document.getElementById("connection");
  badge.dataset.state = mode;
  badge.textContent = text;
}

/** Server-sent events first; polling whenever they are unavailable or down for a few seconds. */
function connectEvents() {
  if (!("EventSource" in window)) {
    startPolling("polling (no EventSource in this browser)");
    return;
  }
  const events = new EventSource(`${API}events?since=${state.lastSequence}`);
  state.events = events;
  events.addEventListener("open", () => {
    stopPolling();
    state.offlineSince = null;
    setConnection("live", "live");
  });
  events.addEventListener("request", (event) => {
    const entry = JSON.parse(event.data);
    if (!state.entries.has(entry.sequence) && state.health) bumpCounts(entry);
    addEntries([entry], true);
  });
  events.addEventListener("missed", () => loadRequests().catch(() => {}));
  events.addEventListener("reset", () => {
    state.toggled.clear();
    loadRequests().catch(() => {});
    loadCassettes().catch(() => {});
    loadHealth();
  });
  events.addEventListener("cassettes", () => {
    loadCassettes().catch(() => {});
    loadHealth();
  });
  events.addEventListener("route", () => loadRoute().catch(() => {}));
  events.addEventListener("clock", (event) => {
    if (!state.health) return;
    state.health.clock = JSON.parse(event.data);
    renderCounts();
  });
  events.addEventListener("error", () => {
    // EventSource retries by itself; meanwhile, poll so the page stays current if only events fail.
    state.offlineSince ??= Date.now();
    setConnection("connecting", "reconnecting…");
    if (events.readyState === EventSource.CLOSED) startPolling("polling");
    else setTimeout(() => state.offlineSince && Date.now() - state.offlineSince >= 4000 && startPolling("polling"), 4500);
  });
}

function bumpCounts(entry) {
  state.health.requests += 1;
  if (entry.unmatched) state.health.unmatched += 1;
  else state.health.matched += 1;
}

function startPolling(label) {
  if (state.pollTimer) return;
  setConnection("connecting", label);
  const poll = async () => {
    try {
      const answer = await getJSON(`requests?since=${state.lastSequence}`);
      addEntries(answer.requests, true);
      await loadHealth();
      if (state.pollTimer) setConnection("connecting", label);
    } catch {
      setConnection("offline", "server unreachable");
    }
  };
  state.pollTimer = setInterval(poll, POLL_MILLISECONDS);
  poll();
}

function stopPolling() {
  if (!state.pollTimer) return;
  clearInterval(state.pollTimer);
  state.pollTimer = null;
}

// MARK: Cassettes

// The server filters by name and sends at most this many: a set of 100,000 cassettes would be tens of
// megabytes of listing, and as many cards.
const CASSETTES_SHOWN = 100;

async function loadCassettes() {
  const filter = document.getElementById("filter-cassettes").value.trim();
  const query = new URLSearchParams({ limit: String(CASSETTES_SHOWN) });
  if (filter) query.set("name", filter);
  const answer = await getJSON("cassettes?" + query);
  // A slower answer to an earlier filter must not replace a later one.
  if (document.getElementById("filter-cassettes").value.trim() !== filter) return;
  state.cassettes = answer.cassettes;
  state.cassettesMatching = answer.matching;
  state.lastReload = answer.lastReload;
  renderCassettes(filter);
  updateCassetteFilter();
}

function renderCassettes(filter) {
  const list = state.cassettes;
  const more = state.cassettesMatching - list.length;
  document.getElementById("cassette-list").replaceChildren(
    more > 0
      ? el("p", { id: "cassettes-more", class: "muted" }, `Showing ${list.length} of ${state.cassettesMatching} cassettes${filter ? " matching the filter" : ""}: type in the filter to narrow them.`)
      : null,
    ...list.map(cassetteCard),
    list.length === 0 ? el("p", { class: "empty" }, filter ? "No cassette matches the filter." : "No cassettes are loaded.") : null
  );
  renderReloadStatus();
}

let cassetteFilterTimer = null;
function cassetteFilterChanged() {
  clearTimeout(cassetteFilterTimer);
  cassetteFilterTimer = setTimeout(() => loadCassettes().catch(() => {}), 150);
}

function renderReloadStatus() {
  const reload = state.lastReload;
  const holder = document.getElementById("reload-status");
  const tab = document.getElementById("tab-cassettes");
  tab.querySelector(".badge")?.remove();
  if (!reload) {
    holder.replaceChildren();
    return;
  }
  if (reload.succeeded) {
    holder.replaceChildren(el("div", { class: "banner ok" }, `Last reload (${reload.time}) succeeded: the files on disk are being served.`));
    return;
  }
  tab.append(el("span", { class: "badge", title: "the last reload was refused" }, reload.problems.length));
  holder.replaceChildren(
    el(
      "div",
      { class: "banner bad", role: "alert" },
      el("strong", {}, `Last reload (${reload.time}) was refused; still serving the previous cassettes. `),
      `${reload.problems.length} problem${reload.problems.length === 1 ? "" : "s"}:`,
      el("ul", {}, reload.problems.map((problem) => el("li", { class: "mono" }, problem.description || problem.message)))
    )
  );
}

function cassetteCard(cassette) {
  const meta = [cassette.file, cassette.recordedAt ? `recorded ${cassette.recordedAt}` : null, cassette.notes].filter(Boolean).join(" · ");
  const rows = cassette.interactions.map((interaction, index) => {
    const request = interaction.request;
    const query = Object.entries(request.query || {})
      .map(([name, value]) => (value === null ? `!${name}` : `${name}=${value}`))
      .join("&");
    const near = request.near ? ` near ${request.near.lat},${request.near.lon} (${request.near.radiusKm} km)` : "";
    const responses = (interaction.responses || []).map((response) => {
      const extras = [response.delayMs ? `${response.delayMs} ms` : null, response.fault].filter(Boolean).join(", ");
      return extras ? `${response.status} (${extras})` : String(response.status);
    });
    let sequence = "";
    if (interaction.position) {
      const position = interaction.position;
      sequence = `next: response ${position.next + 1} of ${position.count} · served ${position.served}`;
    }
    return el(
      "tr",
      {},
      el("td", { class: "num muted" }, index),
      el("td", { class: "mono path" }, `${request.method} ${request.path}${query ? `?${query}` : ""}${near}`),
      el("td", { class: "mono" }, interaction.sequence ? `sequence: ${responses.join(" → ")}` : responses.join(", "), sequence ? el("div", { class: "muted" }, sequence) : null),
      el("td", {}, describeExpect(interaction))
    );
  });
  return el(
    "article",
    { class: "cassette" },
    el("h3", { class: "mono" }, cassette.name, el("span", { class: `source source-${cassette.source}` }, cassette.source)),
    el("div", { class: "meta" }, meta),
    el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        {},
        el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "Request"), el("th", {}, "Responses"), el("th", {}, "Expect"))),
        el("tbody", {}, rows)
      )
    )
  );
}

function describeExpect(interaction) {
  const expectations = interaction.sequence
    ? (interaction.responses || []).map((response) => response.expect).filter(Boolean)
    : [interaction.expect || (interaction.responses || [])[0]?.expect].filter(Boolean);
  if (expectations.length === 0) return el("span", { class: "muted" }, "none");
  return expectations.map((expect) => {
    const parts = [];
    if (expect.name) parts.push(expect.name);
    if (typeof expect.celsius === "number") parts.push(`${expect.celsius} °C`);
    if (expect.error) parts.push(`error: ${expect.error}`);
    if (expect.message) parts.push(`“${expect.message}”`);
    // The rest of the vocabulary (Cassettes/README.md): hourly counts, aqi, timezone, …
    for (const [key, value] of Object.entries(expect)) {
      if (!["name", "celsius", "error", "message"].includes(key)) parts.push(`${key}: ${value}`);
    }
    return el("div", {}, parts.length > 0 ? parts.join(" · ") : "(empty)");
  });
}

async function post(path) {
  const response = await fetch(API + path, { method: "POST", cache: "no-store" });
  let body = null;
  try {
    body = await response.json();
  } catch {
    // A non-JSON answer is reported by its status alone.
  }
  return { status: response.status, body };
}

async function resetServer() {
  const result = document.getElementById("action-result");
  try {
    const { status } = await post("reset");
    result.textContent = status === 200 ? "Reset: the journal is empty and sequences start over." : `Reset failed: HTTP ${status}`;
    state.toggled.clear();
    await Promise.all([loadRequests(), loadCassettes(), loadHealth()]);
  } catch (error) {
    result.textContent = `Reset failed: ${error.message}`;
  }
}

async function reloadCassettes() {
  const result = document.getElementById("action-result");
  result.textContent = "Reloading…";
  try {
    const { status, body } = await post("reload");
    if (status === 200) {
      result.textContent = `Reloaded ${body.cassettes} cassettes (${body.interactions} interactions).`;
    } else if (body && body.problems) {
      result.textContent = `Reload refused (${body.problems.length} problems); still serving the previous cassettes.`;
    } else {
      result.textContent = `Reload failed: HTTP ${status}`;
    }
    await Promise.all([loadCassettes(), loadHealth()]);
  } catch (error) {
    result.textContent = `Reload failed: ${error.message}`;
  }
}

// MARK: Map

async function loadRoute() {
  const answer = await getJSON("route");
  state.route = answer.route;
  scheduleRender();
}

// The map's drawing size in SVG units: landscape on a wide window, portrait on a phone, so labels
// stay readable there (the SVG is scaled to the window's width). Set by renderMap.
let MAP_WIDTH = 1000;
let MAP_HEIGHT = 640;

function fitMapToWindow(map) {
  const isNarrow = (map.clientWidth || window.innerWidth) < 640;
  [MAP_WIDTH, MAP_HEIGHT] = isNarrow ? [520, 720] : [1000, 640];
  map.setAttribute("viewBox", `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`);
}
const MAP_MARGIN = 56;

/** An equirectangular projection fitted to the points: longitude shrunk by cos(latitude). */
function projection(points) {
  let south = Infinity, north = -Infinity, west = Infinity, east = -Infinity;
  for (const point of points) {
    south = Math.min(south, point.lat);
    north = Math.max(north, point.lat);
    west = Math.min(west, point.lon);
    east = Math.max(east, point.lon);
  }
  const minimumSpan = 0.02; // about 2 km: one point alone still gets a sensible scale
  if (north - south < minimumSpan) [south, north] = [(south + north) / 2 - minimumSpan / 2, (south + north) / 2 + minimumSpan / 2];
  if (east - west < minimumSpan) [west, east] = [(west + east) / 2 - minimumSpan / 2, (west + east) / 2 + minimumSpan / 2];
  const shrink = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const scale = Math.min((MAP_WIDTH - 2 * MAP_MARGIN) / ((east - west) * shrink), (MAP_HEIGHT - 2 * MAP_MARGIN) / (north - south));
  const offsetX = (MAP_WIDTH - (east - west) * shrink * scale) / 2;
  const offsetY = (MAP_HEIGHT - (north - south) * scale) / 2;
  return {
    x: (lon) => offsetX + (lon - west) * shrink * scale,
    y: (lat) => MAP_HEIGHT - offsetY - (lat - south) * scale,
    lon: (x) => west + (x - offsetX) / (shrink * scale),
    lat: (y) => south + (MAP_HEIGHT - offsetY - y) / scale,
    kilometresPerPixel: 111.32 / scale,
  };
}

function niceStep(span, wanted) {
  const steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 45, 90];
  return steps.find((step) => span / step <= wanted) ?? 90;
}

function renderMap() {
  const map = document.getElementById("map-svg");
  const caption = document.getElementById("map-caption");
  fitMapToWindow(map);
  const located = [...state.entries.values()]
    .map((entry) => ({ entry, position: positionOf(entry) }))
    .filter((item) => item.position)
    .sort((a, b) => a.entry.sequence - b.entry.sequence);
  const routePoints = state.route ? state.route.points : [];
  const all = [...located.map((item) => item.position), ...routePoints];
  if (all.length === 0) {
    map.replaceChildren(
      svg("text", { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2, "text-anchor": "middle", class: "empty-label" }, "No request with coordinates yet: requests with lat and lon appear here at their place.")
    );
    caption.textContent = "";
    return;
  }
  const project = projection(all);
  const layers = [graticule(project), scaleBar(project)];

  if (routePoints.length > 0) {
    layers.push(
      svg("polyline", { class: "route", points: routePoints.map((point) => `${project.x(point.lon).toFixed(1)},${project.y(point.lat).toFixed(1)}`).join(" ") })
    );
    for (const point of routePoints.filter((point) => point.name)) {
      layers.push(svg("circle", { class: "waypoint", cx: project.x(point.lon), cy: project.y(point.lat), r: 3 }));
    }
  }

  const byRequest = located.filter((item) => !item.position.byAnswer);

  for (const { entry, position } of located) {
    const classes = ["point", entry.unmatched ? "unmatched" : "", position.byAnswer ? "by-answer" : ""].join(" ").trim();
    layers.push(
      svg("circle", { class: classes, cx: project.x(position.lon), cy: project.y(position.lat), r: 5, "data-sequence": entry.sequence }, svg("title", {}, pointTitle(entry)))
    );
  }

  // One label per place, at its latest request; the latest request of all gets the big one.
  const latest = located[located.length - 1];
  const latestByPlace = new Map();
  for (const item of located) latestByPlace.set(placeKey(item), item);
  const placed = [];
  const labelFor = (item, isLatest) => {
    const x = project.x(item.position.lon), y = project.y(item.position.lat);
    const lines = labelLines(item.entry);
    const width = Math.max(...lines.map((line) => line.length)) * (isLatest ? 8.5 : 7) + 8;
    const lineHeight = isLatest ? 17 : 14;
    // To the right of the point, or to its left where the right edge would cut the label off.
    const onLeft = x + 10 + width > MAP_WIDTH - 4;
    const textX = onLeft ? x - 10 : x + 10;
    const left = onLeft ? textX - width : textX - 1;
    const box = { left, top: y - lineHeight - 4, right: left + width, bottom: y + (lines.length - 1) * lineHeight + 4 };
    if (!isLatest && placed.some((other) => box.left < other.right && box.right > other.left && box.top < other.bottom && box.bottom > other.top)) return null;
    placed.push(box);
    const anchor = onLeft ? "end" : "start";
    return svg(
      "text",
      { class: isLatest ? "label latest-label" : "label", x: textX, y: y - 4, "text-anchor": anchor, "data-label-of": item.entry.sequence },
      svg("tspan", { class: "temp" }, lines[0]),
      lines[1] ? svg("tspan", { x: textX, dy: lineHeight }, lines[1]) : null
    );
  };
  const labels = [labelFor(latest, true)];
  for (const item of [...latestByPlace.values()].reverse()) if (item !== latest) labels.push(labelFor(item, false));

  const lx = project.x(latest.position.lon), ly = project.y(latest.position.lat);
  layers.push(svg("circle", { class: "latest-ring", cx: lx, cy: ly, r: 11 }));
  layers.push(svg("circle", { class: `latest${latest.entry.unmatched ? " unmatched" : ""}`, cx: lx, cy: ly, r: 8, "data-latest": latest.entry.sequence }, svg("title", {}, pointTitle(latest.entry))));
  layers.push(...labels.filter(Boolean));
  // Waypoint names last, only where no weather label is: the weather is what the map is for.
  for (const point of routePoints.filter((point) => point.name)) {
    const width = point.name.length * 6.2;
    const onLeft = project.x(point.lon) + 6 + width > MAP_WIDTH - 4;
    const x = onLeft ? project.x(point.lon) - 6 : project.x(point.lon) + 6, y = project.y(point.lat) + 14;
    const box = { left: onLeft ? x - width : x, top: y - 11, right: onLeft ? x : x + width, bottom: y + 2 };
    if (placed.some((other) => box.left < other.right && box.right > other.left && box.top < other.bottom && box.bottom > other.top)) continue;
    placed.push(box);
    layers.push(svg("text", { class: "waypoint-label", x, y, "text-anchor": onLeft ? "end" : "start" }, point.name));
  }
  map.replaceChildren(...layers);

  const parts = [`${byRequest.length} request${byRequest.length === 1 ? "" : "s"} with coordinates`];
  if (located.length > byRequest.length) parts.push(`${located.length - byRequest.length} placed by the answer's coordinates (hollow)`);
  if (state.route) parts.push(`route: ${state.route.name || "unnamed"} (${routePoints.length} points)`);
  parts.push(`latest: #${latest.entry.sequence} ${labelLines(latest.entry).join(" ")}`);
  caption.textContent = parts.join(" · ");
}

function placeKey(item) {
  const place = item.entry.answer && item.entry.answer.place;
  return place || `${item.position.lat.toFixed(2)},${item.position.lon.toFixed(2)}`;
}

/** `3.2°C` over `Seoul · Clouds`; an unmatched request says so. */
function labelLines(entry) {
  if (entry.unmatched) return [`${entry.status} unmatched`, entry.path];
  const answer = entry.answer || {};
  const first = formatTemperature(answer) || (answer.airQualityIndex ? `AQI ${answer.airQualityIndex}` : `${entry.status}`);
  const second = [answer.place, answer.condition].filter(Boolean).join(" · ");
  return second ? [first, second] : [first];
}

function pointTitle(entry) {
  return `#${entry.sequence} ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""} → ${entry.status} ${entry.matched || "unmatched"}`;
}

function graticule(project) {
  const group = svg("g", {});
  const west = project.lon(0), east = project.lon(MAP_WIDTH);
  const north = project.lat(0), south = project.lat(MAP_HEIGHT);
  const step = niceStep(Math.max(east - west, north - south), 7);
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  for (let lon = Math.ceil(west / step) * step; lon <= east; lon += step) {
    const x = project.x(lon);
    group.append(svg("line", { class: "grid", x1: x, y1: 0, x2: x, y2: MAP_HEIGHT }));
    group.append(svg("text", { class: "grid-label", x: x + 3, y: MAP_HEIGHT - 6 }, `${lon.toFixed(digits)}°${lon >= 0 ? "E" : "W"}`));
  }
  for (let lat = Math.ceil(south / step) * step; lat <= north; lat += step) {
    const y = project.y(lat);
    group.append(svg("line", { class: "grid", x1: 0, y1: y, x2: MAP_WIDTH, y2: y }));
    group.append(svg("text", { class: "grid-label", x: 4, y: y - 3 }, `${Math.abs(lat).toFixed(digits)}°${lat >= 0 ? "N" : "S"}`));
  }
  return group;
}

function scaleBar(project) {
  const candidates = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];
  const kilometres = candidates.reverse().find((value) => value / project.kilometresPerPixel <= 160) ?? 0.1;
  const length = kilometres / project.kilometresPerPixel;
  const x = MAP_WIDTH - 24 - length, y = 24;
  return svg(
    "g",
    {},
    svg("line", { class: "scale", x1: x, y1: y, x2: x + length, y2: y }),
    svg("line", { class: "scale", x1: x, y1: y - 5, x2: x, y2: y + 5 }),
    svg("line", { class: "scale", x1: x + length, y1: y - 5, x2: x + length, y2: y + 5 }),
    svg("text", { class: "scale-label", x: x + length / 2, y: y + 18, "text-anchor": "middle" }, `${kilometres} km`)
  );
}

// MARK: Start

async function start() {
  showTab();
  window.addEventListener("hashchange", showTab);
  for (const id of ["filter-outcome", "filter-cassette", "filter-path"]) {
    document.getElementById(id).addEventListener("input", renderRequests);
  }
  document.getElementById("filters").addEventListener("submit", (event) => event.preventDefault());
  document.getElementById("filter-cassettes").addEventListener("input", cassetteFilterChanged);
  document.getElementById("reset-button").addEventListener("click", resetServer);
  document.getElementById("reload-button").addEventListener("click", reloadCassettes);
  try {
    await Promise.all([loadRequests(), loadCassettes(), loadRoute(), loadHealth()]);
  } catch (error) {
    setConnection("offline", `cannot reach the admin API: ${error.message}`);
  }
  connectEvents();
  window.addEventListener("resize", scheduleRender);
  // Counts from the server now and then, in case events were missed while the page slept.
  setInterval(loadHealth, 10000);
}

start();
