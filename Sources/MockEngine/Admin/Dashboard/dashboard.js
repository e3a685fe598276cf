// The mockweather dashboard. Reads only the admin API (the same JSON scripts get):
//   GET /__admin/requests, /__admin/cassettes, /__admin/route, /__admin/health,
//   /__admin/basemap (Korea's provinces, GeoJSON), /__admin/world/events (the scenario on the map),
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
  basemap: null, // the provinces' paths and their bounds (buildBasemap), once loaded
  basemapProblem: null, // why there is no basemap, as the server said
  worldEvents: null, // GET /__admin/world/events: the scenario's events at the clock's time
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
    // Proof that an app's HTTPS arrives: tunnels per host, and refused handshakes (an untrusted CA).
    const tls = health.tls;
    if (tls && tls.tunnels > 0) {
      const hosts = tls.hosts.map((host) => `${host.host} ${host.tunnels}`).join(", ");
      parts.push(`HTTPS: ${tls.tunnels} tunnels (${hosts})`);
      if (tls.failures > 0) parts.push(`${tls.failures} refused handshakes`);
    }
  } else {
    parts.push(`${state.entries.size} requests`);
  }
  const counts = document.getElementById("counts");
  counts.textContent = parts.join(" · ");
  const failed = health && health.tls ? health.tls.hosts.filter((host) => host.lastFailure) : [];
  counts.title = failed.map((host) => `${host.host}: ${host.lastFailure}`).join("\n");
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
    // The typhoon is where the clock says: its events move with it.
    loadWorldEvents();
    if (!state.health) return;
    state.health.clock = JSON.parse(event.data);
    renderCounts();
  });
  events.addEventListener("world", () => loadWorldEvents());
  events.addEventListener("tls", (event) => {
    if (!state.health) return;
    state.health.tls = JSON.parse(event.data);
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

/**
 * The provinces' outlines (GET /__admin/basemap, GeoJSON), read once: the server answers 304 to a
 * repeat, so the browser keeps them. Without them (a 404: no regions in this program) the map draws
 * the route and requests on the bare graticule, as before, and the caption says why.
 */
async function loadBasemap() {
  try {
    const response = await fetch(`${API}basemap`, { cache: "no-cache" });
    const body = await response.json();
    if (!response.ok) {
      state.basemapProblem = body.error || `HTTP ${response.status}`;
    } else {
      state.basemap = buildBasemap(body);
      state.basemapProblem = null;
    }
  } catch (error) {
    state.basemapProblem = error.message;
  }
  scheduleRender();
}

/** The scenario's events at the mock clock's time (GET /__admin/world/events); none without a world. */
async function loadWorldEvents() {
  try {
    state.worldEvents = await getJSON("world/events");
  } catch {
    state.worldEvents = null;
  }
  scheduleRender();
}

/**
 * One SVG group of the provinces' paths, in degrees (x = longitude, y = -latitude), placed by a
 * transform at each render: the paths are built once however often the map is redrawn.
 */
function buildBasemap(collection) {
  const group = svg("g", { class: "basemap" });
  const bounds = { south: Infinity, north: -Infinity, west: Infinity, east: -Infinity };
  let provinces = 0;
  const labels = [];
  for (const feature of collection.features || []) {
    const geometry = feature && feature.geometry;
    if (!geometry) continue;
    const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.type === "MultiPolygon" ? geometry.coordinates : [];
    const parts = [];
    let largest = null;
    for (const polygon of polygons) {
      const centre = ringCentre(polygon[0] || []);
      if (centre && (!largest || centre.area > largest.area)) largest = centre;
      // The outer ring alone: a province's hole is another province, drawn with its own outline, and
      // the slivers simplification leaves between districts would draw as lines inland.
      for (const ring of polygon.slice(0, 1)) {
        ring.forEach(([lon, lat], index) => {
          parts.push(`${index === 0 ? "M" : "L"}${lon.toFixed(4)},${(-lat).toFixed(4)}`);
          bounds.south = Math.min(bounds.south, lat);
          bounds.north = Math.max(bounds.north, lat);
          bounds.west = Math.min(bounds.west, lon);
          bounds.east = Math.max(bounds.east, lon);
        });
        parts.push("Z");
      }
    }
    if (parts.length === 0) continue;
    const properties = feature.properties || {};
    const name = properties.name || properties.name_en || properties.code || "";
    group.append(svg("path", { class: "province", d: parts.join(""), "data-name": name }, name ? svg("title", {}, name) : null));
    if (name && largest) labels.push({ text: name, lat: largest.lat, lon: largest.lon });
    provinces += 1;
  }
  return { group, bounds, provinces, labels };
}

/** A ring's area (square degrees) and its centroid: where a province's name goes, on its main part. */
function ringCentre(ring) {
  let area = 0, x = 0, y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    area += cross;
    x += (ring[j][0] + ring[i][0]) * cross;
    y += (ring[j][1] + ring[i][1]) * cross;
  }
  if (Math.abs(area) < 1e-9) return null;
  return { area: Math.abs(area / 2), lon: x / (3 * area), lat: y / (3 * area) };
}

/** About how wide `text` is in pixels at `size`: Hangul and other wide scripts take a full em. */
function textWidth(text, size) {
  let width = 0;
  for (const character of text) width += character.codePointAt(0) >= 0x1100 ? size : size * 0.58;
  return width;
}

/**
 * Places labels that must not hide the weather's: each is tried right of, left of, above and below
 * its point, and put where it overlaps nothing placed. A label marked `always` takes its first place
 * when none is free; the others are left out.
 */
function placeLabels(pending, placed) {
  const nodes = [];
  for (const label of pending) {
    const width = textWidth(label.text, label.size), height = label.size + 4;
    const candidates = [
      { x: label.x + 12, y: label.y + 4, anchor: "start", left: label.x + 12 },
      { x: label.x - 12, y: label.y + 4, anchor: "end", left: label.x - 12 - width },
      { x: label.x, y: label.y - 12, anchor: "middle", left: label.x - width / 2 },
      { x: label.x, y: label.y + 20, anchor: "middle", left: label.x - width / 2 },
    ].map((candidate) => ({ ...candidate, box: { left: candidate.left, right: candidate.left + width, top: candidate.y - height + 3, bottom: candidate.y + 3 } }));
    const inside = (box) => box.left >= 2 && box.right <= MAP_WIDTH - 2 && box.top >= 2 && box.bottom <= MAP_HEIGHT - 2;
    const free = candidates.find((candidate) => inside(candidate.box) && !placed.some((other) => overlaps(candidate.box, other)));
    const chosen = free || (label.always ? candidates.find((candidate) => inside(candidate.box)) || candidates[0] : null);
    if (!chosen) continue;
    placed.push(chosen.box);
    nodes.push(svg("text", { class: label.className, x: chosen.x, y: chosen.y, "text-anchor": chosen.anchor }, label.text));
  }
  return nodes;
}

// South Korea with Jeju and Ulleungdo: where the map looks when nothing else says where to look.
const KOREA = { south: 33.0, north: 38.7, west: 124.6, east: 131.0 };

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
  // About 30 km: one point alone still shows the coast and towns around it.
  const minimumSpan = 0.3;
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
    // What places a path drawn in degrees (x = longitude, y = -latitude) on this map.
    transform: `matrix(${shrink * scale} 0 0 ${scale} ${offsetX - west * shrink * scale} ${MAP_HEIGHT - offsetY + south * scale})`,
    kilometresPerPixel: 111.32 / scale,
  };
}

function niceStep(span, wanted) {
  const steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 45, 90];
  return steps.find((step) => span / step <= wanted) ?? 90;
}

// MARK: Map colours

// The temperature scale, °C: blue through pale yellow to dark red, the same in light and dark.
const TEMPERATURE_STOPS = [
  [-20, [49, 54, 149]],
  [-10, [69, 117, 180]],
  [0, [145, 191, 219]],
  [10, [254, 224, 144]],
  [20, [252, 141, 89]],
  [30, [215, 48, 39]],
  [40, [120, 0, 30]],
];

/** The answer's temperature in °C, whatever unit the request asked for; null without one. */
function celsius(answer) {
  if (!answer || typeof answer.temperature !== "number") return null;
  if (answer.temperatureUnit === "K") return answer.temperature - 273.15;
  if (answer.temperatureUnit === "°F") return ((answer.temperature - 32) * 5) / 9;
  return answer.temperature;
}

function temperatureColour(degrees) {
  const stops = TEMPERATURE_STOPS;
  const t = Math.min(Math.max(degrees, stops[0][0]), stops[stops.length - 1][0]);
  let index = 1;
  while (index < stops.length - 1 && stops[index][0] < t) index += 1;
  const [low, lowColour] = stops[index - 1], [high, highColour] = stops[index];
  const f = (t - low) / (high - low);
  const channel = (i) => Math.round(lowColour[i] + (highColour[i] - lowColour[i]) * f);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/** `rain`, `snow` or null, from the answer's weather (OpenWeatherMap's `main`, KMA's PTY name). */
function precipitationOf(answer) {
  const condition = ((answer && answer.condition) || "").toLowerCase();
  if (/snow|sleet|flurr/.test(condition)) return "snow";
  if (/rain|drizzle|shower|thunder/.test(condition)) return "rain";
  return null;
}

/** The engine labels every answer from the synthetic world "synthetic: <scenario>, seed <n> (...)". */
function isSynthetic(entry) {
  return (entry.matched || "").startsWith("synthetic: ");
}

/** Sets a colour through the CSSOM (the page's Content-Security-Policy refuses style attributes). */
function tint(node, colour) {
  if (colour) node.style.setProperty("--c", colour);
  return node;
}

// MARK: Map drawing

function renderMap() {
  const map = document.getElementById("map-svg");
  const caption = document.getElementById("map-caption");
  fitMapToWindow(map);
  const located = [...state.entries.values()]
    .map((entry) => ({ entry, position: positionOf(entry) }))
    .filter((item) => item.position)
    .sort((a, b) => a.entry.sequence - b.entry.sequence);
  const routePoints = state.route ? state.route.points : [];
  const events = (state.worldEvents && state.worldEvents.events) || [];
  renderEventList(events);
  const fitted = [...located.map((item) => item.position), ...routePoints];
  // A storm near the drive is what the drive meets: keep its centre in view too.
  const storms = events.filter((event) => event.kind === "typhoon" && event.position).map((event) => event.position);
  if (fitted.length > 0) fitted.push(...storms);
  if (fitted.length === 0 && !state.basemap && events.length === 0) {
    map.replaceChildren(
      svg("text", { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2, "text-anchor": "middle", class: "empty-label" }, "No request with coordinates yet: requests with lat and lon appear here at their place.")
    );
    caption.textContent = state.basemapProblem ? `No basemap: ${state.basemapProblem}` : "";
    return;
  }
  // Korea by default; the route and the requests once there are any.
  const bounds = state.basemap && state.basemap.provinces > 0 ? state.basemap.bounds : KOREA;
  const project = projection(
    fitted.length > 0 ? fitted : [{ lat: bounds.south, lon: bounds.west }, { lat: bounds.north, lon: bounds.east }]
  );
  const layers = [];
  // Filled once the weather's labels are placed: a province's name gives way to them.
  const provinceLabels = svg("g", { class: "province-labels" });
  if (state.basemap) {
    state.basemap.group.setAttribute("transform", project.transform);
    layers.push(state.basemap.group, provinceLabels);
  }
  layers.push(graticule(project));
  const eventLabels = [];
  layers.push(eventLayer(events, project, eventLabels));

  if (routePoints.length > 0) {
    layers.push(
      svg("polyline", { class: "route", points: routePoints.map((point) => `${project.x(point.lon).toFixed(1)},${project.y(point.lat).toFixed(1)}`).join(" ") })
    );
    for (const point of routePoints.filter((point) => point.name)) {
      layers.push(svg("circle", { class: "waypoint", cx: project.x(point.lon), cy: project.y(point.lat), r: 3 }));
    }
  }

  const byRequest = located.filter((item) => !item.position.byAnswer);
  layers.push(drivenPath(byRequest, project));

  for (const { entry, position } of located) {
    const degrees = celsius(entry.answer);
    const synthetic = isSynthetic(entry);
    const x = project.x(position.lon), y = project.y(position.lat);
    const precipitation = entry.unmatched ? null : precipitationOf(entry.answer);
    if (precipitation) layers.push(svg("circle", { class: `precipitation ${precipitation}`, cx: x, cy: y, r: 9 }));
    const classes = [
      "point",
      entry.unmatched ? "unmatched" : synthetic ? "synthetic" : "recorded",
      degrees === null ? "no-temperature" : "",
      position.byAnswer ? "by-answer" : "",
    ].join(" ").trim();
    const point = svg(
      "circle",
      { class: classes, cx: x, cy: y, r: 5, "data-sequence": entry.sequence, "data-celsius": degrees === null ? null : degrees.toFixed(1) },
      svg("title", {}, pointTitle(entry))
    );
    layers.push(tint(point, degrees === null || entry.unmatched ? null : temperatureColour(degrees)));
  }

  const placed = [];
  if (located.length > 0) {
    // One label per place, at its latest request; the latest request of all gets the big one.
    const latest = located[located.length - 1];
    const latestByPlace = new Map();
    for (const item of located) latestByPlace.set(placeKey(item), item);
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
      if (!isLatest && placed.some((other) => overlaps(box, other))) return null;
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
    const latestDegrees = celsius(latest.entry.answer);
    const latestClasses = ["latest", latest.entry.unmatched ? "unmatched" : isSynthetic(latest.entry) ? "synthetic" : "recorded"];
    layers.push(svg("circle", { class: "latest-ring", cx: lx, cy: ly, r: 11 }));
    // The latest marker covers its point's rain or snow ring: it gets its own, outside it.
    const latestPrecipitation = latest.entry.unmatched ? null : precipitationOf(latest.entry.answer);
    if (latestPrecipitation) layers.push(svg("circle", { class: `precipitation ${latestPrecipitation}`, cx: lx, cy: ly, r: 12 }));
    layers.push(
      tint(
        svg("circle", { class: latestClasses.join(" "), cx: lx, cy: ly, r: 8, "data-latest": latest.entry.sequence }, svg("title", {}, pointTitle(latest.entry))),
        latestDegrees === null || latest.entry.unmatched ? null : temperatureColour(latestDegrees)
      )
    );
    layers.push(...labels.filter(Boolean));
  }
  // Waypoint names last, only where no weather label is: the weather is what the map is for.
  for (const point of routePoints.filter((point) => point.name)) {
    const width = point.name.length * 6.2;
    const onLeft = project.x(point.lon) + 6 + width > MAP_WIDTH - 4;
    const x = onLeft ? project.x(point.lon) - 6 : project.x(point.lon) + 6, y = project.y(point.lat) + 14;
    const box = { left: onLeft ? x - width : x, top: y - 11, right: onLeft ? x : x + width, bottom: y + 2 };
    if (placed.some((other) => overlaps(box, other))) continue;
    placed.push(box);
    layers.push(svg("text", { class: "waypoint-label", x, y, "text-anchor": onLeft ? "end" : "start" }, point.name));
  }
  const legendBox = legend(located);
  placed.push(legendBox.box, { left: MAP_WIDTH - 190, right: MAP_WIDTH, top: 0, bottom: 50 });
  layers.push(svg("g", { class: "event-labels" }, placeLabels(eventLabels, placed)));
  if (state.basemap) {
    const names = state.basemap.labels.map((label) => ({ text: label.text, x: project.x(label.lon), y: project.y(label.lat), size: 12, className: "province-label" }));
    provinceLabels.append(...placeLabels(names, placed));
  }
  layers.push(scaleBar(project), legendBox.group);
  map.replaceChildren(...layers);

  const parts = [];
  if (located.length === 0) parts.push("No request with coordinates yet");
  else parts.push(`${byRequest.length} request${byRequest.length === 1 ? "" : "s"} with coordinates`);
  if (located.length > byRequest.length) parts.push(`${located.length - byRequest.length} placed by the answer's coordinates (dashed outline)`);
  const synthetic = located.filter((item) => isSynthetic(item.entry)).length;
  if (synthetic > 0) parts.push(`${synthetic} answered from the synthetic world (hollow)`);
  if (state.route) parts.push(`route: ${state.route.name || "unnamed"} (${routePoints.length} points)`);
  if (located.length > 0) {
    const latest = located[located.length - 1];
    parts.push(`latest: #${latest.entry.sequence} ${labelLines(latest.entry).join(" ")}`);
  }
  if (state.basemapProblem) parts.push(`no basemap: ${state.basemapProblem}`);
  caption.textContent = parts.join(" · ");
}

function overlaps(box, other) {
  return box.left < other.right && box.right > other.left && box.top < other.bottom && box.bottom > other.top;
}

// Farther apart than this, two requests in a row are not a step of a drive (an app also asks about its
// destination or a saved city), and no segment joins them.
const DRIVE_STEP_KILOMETRES = 25;

/** The drive as answered: a segment to each request with a temperature, in that temperature's colour. */
function drivenPath(items, project) {
  const group = svg("g", { class: "driven-path" });
  let previous = null;
  for (const item of items) {
    const degrees = item.entry.unmatched ? null : celsius(item.entry.answer);
    if (degrees === null) continue;
    const x = project.x(item.position.lon), y = project.y(item.position.lat);
    const step = previous ? Math.hypot(x - previous.x, y - previous.y) * project.kilometresPerPixel : Infinity;
    if (step <= DRIVE_STEP_KILOMETRES) {
      group.append(tint(svg("line", { class: "driven", x1: previous.x, y1: previous.y, x2: x, y2: y }), temperatureColour(degrees)));
    }
    previous = { x, y };
  }
  return group;
}

const EVENT_NAMES = {
  typhoon: "Typhoon",
  "rain-band": "Rain band",
  "cold-wave": "Cold wave",
  "heat-wave": "Heat wave",
  "heavy-snow": "Heavy snow",
  "fine-dust": "Fine dust",
  "clear-spell": "Clear spell",
};

/** What an event's label says: its name and its strength. */
function eventTitle(event) {
  const name = EVENT_NAMES[event.kind] || event.kind;
  switch (event.kind) {
    case "typhoon": return `${name} ${event.name}`;
    case "cold-wave": return `${name} −${event.anomaly} °C`;
    case "heat-wave": return `${name} +${event.anomaly} °C`;
    case "heavy-snow": return `${name} ${event.rate} mm/h`;
    case "fine-dust": return `${name} PM10 ${event.pm10} µg/m³`;
    case "rain-band": return `${name} ${event.peakRate} mm/h`;
    default: return name;
  }
}

/** `09-05 15:00Z`: the mock clock's times are UTC, as the admin API gives them. */
function shortTime(iso) {
  const match = /^\d{4}-(\d\d-\d\d)T(\d\d:\d\d)/.exec(iso || "");
  return match ? `${match[1]} ${match[2]}Z` : iso || "";
}

/** The scenario's events under the map's drawing: areas, bands, tracks, and a typhoon's centre now. */
function eventLayer(events, project, labels) {
  const group = svg("g", { class: "events" });
  const pixels = (kilometres) => kilometres / project.kilometresPerPixel;
  for (const event of events) {
    const timing = event.active ? "active" : "inactive";
    const title = `${eventTitle(event)}: ${shortTime(event.start)} → ${shortTime(event.end)}${event.active ? " (now)" : ""}`;
    const layer = svg("g", { class: `event kind-${event.kind} ${timing}`, "data-kind": event.kind }, svg("title", {}, title));
    if (event.area) {
      const area = event.area;
      let labelX, labelY;
      if (area.shape === "circle") {
        const cx = project.x(area.lon), cy = project.y(area.lat), r = pixels(area.radiusKm);
        layer.append(svg("circle", { class: "event-area", cx, cy, r }));
        [labelX, labelY] = [cx, cy - r + 16];
      } else {
        const x = project.x(area.west), y = project.y(area.north);
        layer.append(svg("rect", { class: "event-area", x, y, width: project.x(area.east) - x, height: project.y(area.south) - y }));
        [labelX, labelY] = [(x + project.x(area.east)) / 2, y + 16];
      }
      labels.push({ text: eventTitle(event), x: labelX, y: Math.max(14, labelY), size: 12, className: `event-label kind-${event.kind} ${timing}`, always: true });
    } else if (event.kind === "rain-band" && Array.isArray(event.line)) {
      const points = event.line.map(([lat, lon]) => `${project.x(lon).toFixed(1)},${project.y(lat).toFixed(1)}`).join(" ");
      layer.append(svg("polyline", { class: "band-cloud", points, "stroke-width": 2 * pixels(event.cloudHalfWidthKm) }));
      layer.append(svg("polyline", { class: "band-rain", points, "stroke-width": 2 * pixels(event.halfWidthKm) }));
      layer.append(svg("polyline", { class: "front-line", points }));
      const [lat, lon] = event.line[Math.floor(event.line.length / 2)];
      labels.push({ text: eventTitle(event), x: project.x(lon), y: project.y(lat), size: 12, className: `event-label kind-${event.kind} ${timing}`, always: true });
    } else if (event.kind === "typhoon" && Array.isArray(event.track)) {
      const points = event.track.map((fix) => `${project.x(fix.lon).toFixed(1)},${project.y(fix.lat).toFixed(1)}`).join(" ");
      layer.append(svg("polyline", { class: "typhoon-track", points }));
      for (const fix of event.track) {
        layer.append(
          svg("circle", { class: "typhoon-fix", cx: project.x(fix.lon), cy: project.y(fix.lat), r: 3 }, svg("title", {}, `${shortTime(fix.time)} · ${fix.centralPressure} hPa · ${fix.maximumWind} m/s`))
        );
      }
      const position = event.position;
      if (position) {
        const x = project.x(position.lon), y = project.y(position.lat);
        layer.append(svg("circle", { class: "typhoon-wind", cx: x, cy: y, r: pixels(position.radiusOfMaximumWindKm) }));
        layer.append(svg("circle", { class: "typhoon-centre", cx: x, cy: y, r: 7, "data-typhoon-at": position.time }));
        const text = `${eventTitle(event)} · ${Math.round(position.centralPressure)} hPa · ${Math.round(position.maximumWind)} m/s`;
        labels.push({ text, x, y, size: 12, className: `event-label kind-typhoon typhoon-label ${timing}`, always: true });
      } else {
        const first = event.track[0];
        const text = `${eventTitle(event)} (not now: ${shortTime(event.start)} → ${shortTime(event.end)})`;
        labels.push({ text, x: project.x(first.lon), y: project.y(first.lat), size: 12, className: `event-label kind-typhoon ${timing}`, always: true });
      }
    }
    group.append(layer);
  }
  return group;
}

/** The legend: the temperature scale, and what a marker's fill, outline and ring say. */
function legend(located) {
  const width = 214, x = 12;
  const hasPrecipitation = located.some((item) => !item.entry.unmatched && precipitationOf(item.entry.answer));
  const rows = [
    ["recorded", "recorded answer"],
    ["synthetic", "synthetic answer"],
    ["no-temperature", "no temperature"],
    ["unmatched", "unmatched"],
  ];
  if (hasPrecipitation) rows.push(["rain", "rain or shower"], ["snow", "snow"]);
  const height = 56 + rows.length * 18;
  const y = MAP_HEIGHT - height - 24;
  const group = svg("g", { class: "legend", transform: `translate(${x} ${y})` });
  const box = { left: x, right: x + width, top: y, bottom: y + height };
  group.append(svg("rect", { class: "legend-box", x: 0, y: 0, width, height, rx: 6 }));
  group.append(svg("text", { class: "legend-title", x: 10, y: 16 }, "Temperature (°C)"));
  const low = TEMPERATURE_STOPS[0][0], high = TEMPERATURE_STOPS[TEMPERATURE_STOPS.length - 1][0];
  const barWidth = width - 20, step = 2;
  for (let t = low; t < high; t += step) {
    const bx = 10 + ((t - low) / (high - low)) * barWidth;
    group.append(tint(svg("rect", { class: "legend-swatch", x: bx, y: 22, width: (barWidth * step) / (high - low) + 0.5, height: 10 }), temperatureColour(t + step / 2)));
  }
  for (const t of [low, 0, 20, high]) {
    group.append(svg("text", { class: "legend-tick", x: 10 + ((t - low) / (high - low)) * barWidth, y: 45, "text-anchor": "middle" }, String(t)));
  }
  rows.forEach(([kind, text], index) => {
    const cy = 62 + index * 18;
    const sample = ["rain", "snow"].includes(kind)
      ? svg("circle", { class: `precipitation ${kind}`, cx: 18, cy, r: 7 })
      : tint(svg("circle", { class: `sample ${kind === "no-temperature" ? "recorded no-temperature" : kind}`, cx: 18, cy, r: 5 }), ["recorded", "synthetic"].includes(kind) ? temperatureColour(15) : null);
    group.append(sample, svg("text", { class: "legend-text", x: 32, y: cy + 4 }, text));
  });
  return { group, box };
}

/** The events as a list under the map, with their spans: what the map shows faded is not happening now. */
function renderEventList(events) {
  const list = document.getElementById("map-events");
  if (!list) return;
  const world = state.worldEvents && state.worldEvents.world;
  const items = events.map((event) => {
    const now = event.active ? el("span", { class: "tag" }, "now") : el("span", { class: "muted" }, " (not at the clock's time)");
    let where = "";
    if (event.kind === "typhoon" && event.position) where = ` · centre ${event.position.lat.toFixed(2)}° N ${event.position.lon.toFixed(2)}° E, ${Math.round(event.position.centralPressure)} hPa`;
    return el("li", { "data-kind": event.kind }, `${eventTitle(event)}: ${shortTime(event.start)} → ${shortTime(event.end)}${where}`, now);
  });
  const heading = world
    ? `${world} at ${shortTime(state.worldEvents.at)}${events.length === 0 ? ": no events" : ""}`
    : "";
  list.replaceChildren(...(heading ? [el("li", { class: "muted" }, heading)] : []), ...items);
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
    await Promise.all([loadRequests(), loadCassettes(), loadRoute(), loadHealth(), loadBasemap(), loadWorldEvents()]);
  } catch (error) {
    setConnection("offline", `cannot reach the admin API: ${error.message}`);
  }
  connectEvents();
  window.addEventListener("resize", scheduleRender);
  // Counts from the server now and then, in case events were missed while the page slept.
  setInterval(loadHealth, 10000);
  // A clock on real time moves the scenario's events without telling anyone: follow it each minute.
  setInterval(() => state.health && state.health.clock && !state.health.clock.fixed && loadWorldEvents(), 60000);
}

start();
