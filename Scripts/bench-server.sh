#!/usr/bin/env bash
# HTTPServer (issue 3) and `mockweather serve` (issues 4 and 26) against nginx, in one run, from a fresh clone:
#   Scripts/bench-server.sh
# Builds release, installs wrk and nginx-light with apt if missing, then in one run:
#   - time from exec to the first 200, for every server (mockweather with 10,000 generated cassettes,
#     from its start-up snapshot);
#   - the same wrk runs (`wrk -t2 -c64 --latency` and `wrk -t1 -c1 --latency`) against
#       httpserver-bench serving Scripts/bench-body.json    and nginx serving the same file,
#       mockweather with the bundled cassettes (q=Seoul)    and nginx serving the Seoul body as a file,
#       mockweather with 10,000 generated cassettes (q=city5000, and a `near` lookup);
#   - mockweather serve --tls (issue 46) answering the same request over HTTPS on kept-alive connections
#     (wrk's own TLS), and with a new connection, so a new handshake, for every request;
#   - server CPU per request of each (utime+stime over the requests wrk counted), printed beside the
#     req/s ratios: the same cost, steadier on a shared VM;
#   - peak RSS of httpserver-bench and nginx, and RSS of mockweather after 1M requests with the journal on.
# Every target takes its turn in each round (background load hits them alike); the figures are medians
# over the rounds. `uptime` load is printed before, between rounds and after, so readers can judge noise.
# Exits 1 if a target is missed.
#
# With BENCH_BASELINE=REV it then runs Scripts/bench-cpu.sh REV: server CPU per request of this checkout
# against that revision, within BENCH_CPU_MAX_PERCENT (3) percent.
#
# Environment: BENCH_DURATION (5s per wrk run), BENCH_ROUNDS (5), BENCH_STARTUP_ROUNDS (5),
# BENCH_CASSETTES (10000), BENCH_RSS_REQUESTS (1000000), BENCH_BASELINE, BENCH_CPU_MAX_PERCENT.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
SCRIPTS="$ROOT/Scripts"
DURATION="${BENCH_DURATION:-5s}"
ROUNDS="${BENCH_ROUNDS:-5}"
STARTUP_ROUNDS="${BENCH_STARTUP_ROUNDS:-5}"
CASSETTES="${BENCH_CASSETTES:-10000}"
RSS_REQUESTS="${BENCH_RSS_REQUESTS:-1000000}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-server.XXXXXX")"
RESULTS="$WORK/results.tsv"  # kind, name, scenario, value
: >"$RESULTS"

declare -A PIDS
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

load() { uptime | sed 's/.*load average/load average/'; }

# --- tools ------------------------------------------------------------------------------------------
# shellcheck source=Scripts/bench-common.sh
source "$SCRIPTS/bench-common.sh"
bench_install_tools

# --- build and data ---------------------------------------------------------------------------------
echo "== swift build -c release (httpserver-bench, mockweather)"
swift build -c release --product httpserver-bench 2>&1 | tail -1
swift build -c release --product mockweather 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)"

python3 "$SCRIPTS/generate-cassettes.py" "$WORK/generated" "$CASSETTES" >/dev/null
bench_nginx_root
# Files changed in the last 2 s are not trusted by a start-up snapshot (docs/ARCHITECTURE.md#start-up-
# snapshots): the generated set settles before the first start.
sleep 2

FIRST200="$SCRIPTS/first200.py"  # exec to the first 200, in milliseconds; the server keeps running

# --- servers ----------------------------------------------------------------------------------------
# command_NAME PORT prints the command line of server NAME; PATH_NAME is what its first 200 asks for.
command_httpserver() { echo "$BIN/httpserver-bench --body $SCRIPTS/bench-body.json --port $1"; }
# The mock's start-up snapshots in the run's scratch directory, primed by one start each below: the
# start-ups timed are warm ones (Scripts/bench-startup.sh times cold ones too).
command_mock() { echo "$BIN/mockweather serve --cassettes $ROOT/Cassettes --port $1 --snapshot-dir $WORK/snapshots"; }
# The 10,000-cassette servers and mock-nomemo, the bundled set's twin they are compared with, answer
# every request by looking it up (--no-answer-memo): the repeated request would otherwise come from the
# answer memo and the ratios would not measure lookup (docs/ARCHITECTURE.md#the-answer-memo).
command_mock10k() {
    echo "$BIN/mockweather serve --cassettes $WORK/generated --port $1 --snapshot-dir $WORK/snapshots --no-answer-memo"
}
# The same set over HTTPS (--tls) with a CA in the run's scratch directory, made by its first start.
command_mocktls() {
    echo "$BIN/mockweather serve --cassettes $ROOT/Cassettes --port $1 --snapshot-dir $WORK/snapshots --tls --ca-dir $WORK/ca"
}
command_mocknomemo() {
    echo "$BIN/mockweather serve --cassettes $ROOT/Cassettes --port $1 --snapshot-dir $WORK/snapshots --no-answer-memo"
}
declare -A FIRST_PATH=(
    [httpserver]="/" [nginx]="/data/2.5/weather?q=Seoul" [mock]="/data/2.5/weather?q=Seoul"
    [mock10k]="/data/2.5/weather?q=city5000" [mocknomemo]="/data/2.5/weather?q=Seoul"
    [mocktls]="/data/2.5/weather?q=Seoul"
)
SERVERS=(httpserver nginx mock mock10k)

declare -A PORT
start_server() {  # NAME: starts it on a fresh port, records the first-200 time
    local name="$1" port ms
    port="$(free_port)"
    # shellcheck disable=SC2046
    ms="$(python3 "$FIRST200" "$WORK/$name.pid" "$port" "${FIRST_PATH[$name]}" $("command_$name" "$port"))"
    PORT[$name]="$port"
    PIDS[$name]="$(cat "$WORK/$name.pid")"
    printf 'startup\t%s\t-\t%s\n' "$name" "$ms" >>"$RESULTS"
}
echo "== priming the mock's start-up snapshots (one start each, not timed)"
for name in mock mock10k; do
    start_server "$name"
    stop_server "$name"
done
: >"$RESULTS"
echo "== load before: $(load) ($(nproc) cores)"
echo "== start-up to the first 200, $STARTUP_ROUNDS rounds (mockweather with $CASSETTES cassettes as mock10k)"
for round in $(seq "$STARTUP_ROUNDS"); do
    for name in "${SERVERS[@]}"; do
        start_server "$name"
        stop_server "$name"
    done
done
for name in "${SERVERS[@]}" mocknomemo mocktls; do start_server "$name"; done
# nginx's RSS counts its master and workers.
NGINX_PIDS="${PIDS[nginx]} $(pgrep -P "${PIDS[nginx]}" | tr '\n' ' ')"

# --- throughput and latency -------------------------------------------------------------------------
# target name, server, path[, how: https on kept-alive connections, or https-new with a new connection
# and handshake for every request]; every one gets the same wrk runs.
TARGETS=(
    "httpserver httpserver /"
    "nginx nginx /"
    "nginx-seoul nginx /data/2.5/weather?q=Seoul&appid=x"
    "mock mock /data/2.5/weather?q=Seoul&appid=x"
    "mock-nomemo mocknomemo /data/2.5/weather?q=Seoul&appid=x"
    "mock10k mock10k /data/2.5/weather?q=city5000&appid=x"
    "mock10k-near mock10k /data/2.5/weather?lat=-59.55&lon=-178.5&appid=x"
    "mock-tls mocktls /data/2.5/weather?q=Seoul&appid=x https"
    "mock-tls-new mocktls /data/2.5/weather?q=Seoul&appid=x https-new"
)
url_of() {  # server path how: the URL wrk asks
    case "$3" in
        https | https-new) echo "https://127.0.0.1:${PORT[$1]}$2" ;;
        *) echo "http://127.0.0.1:${PORT[$1]}$2" ;;
    esac
}
closing() {  # how: "close" when every request takes a connection (and a handshake) of its own
    [[ "$1" == https-new ]] && echo close || echo keep-alive
}
to_us() {  # wrk's latency with unit (812.00us, 1.20ms, 1.01s) in microseconds
    awk -v v="$1" 'BEGIN {
        if (v ~ /us$/) { sub(/us$/, "", v); print v + 0 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); print v * 1000 }
        else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000000 }
        else print v }'
}
run_wrk() {  # target threads connections duration url [close: a connection per request]
    local out closing=()
    # wrk's -H wants the space after the colon.
    [[ "${6:-}" == close ]] && closing=(-H "Connection: close")
    out="$(wrk -t"$2" -c"$3" -d"$4" --latency "${closing[@]}" "$5")"
    if grep -q "Non-2xx\|Socket errors" <<<"$out"; then
        echo "   warning: $1: $(grep "Non-2xx\|Socket errors" <<<"$out" | tr -s ' ')"
    fi
    RPS="$(awk '/^Requests\/sec:/ { print $2 }' <<<"$out")"
    REQUESTS="$(awk '/requests in/ { print $1 }' <<<"$out")"
    P50="$(to_us "$(awk '$1 == "50%" { print $2 }' <<<"$out")")"
    P99="$(to_us "$(awk '$1 == "99%" { print $2 }' <<<"$out")")"
}
CLOCK_TICKS="$(getconf CLK_TCK)"
server_ticks() {  # SERVER: utime+stime of the server's process and its children (nginx's workers), in ticks
    local pid total=0
    for pid in "${PIDS[$1]}" $(pgrep -P "${PIDS[$1]}" || true); do
        total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}
echo "== warm-up: 1 s of wrk -t2 -c64 against each target"
for target in "${TARGETS[@]}"; do
    read -r name server path how <<<"$target"
    run_wrk "$name" 2 64 1s "$(url_of "$server" "$path" "$how")" "$(closing "$how")"
done
for round in $(seq "$ROUNDS"); do
    echo "== round $round of $ROUNDS: wrk -t2 -c64 and -t1 -c1, -d$DURATION --latency, each target in turn ($(load))"
    for scenario in "c64 2 64" "c1 1 1"; do
        read -r label threads connections <<<"$scenario"
        for target in "${TARGETS[@]}"; do
            read -r name server path how <<<"$target"
            ticks="$(server_ticks "$server")"
            run_wrk "$name" "$threads" "$connections" "$DURATION" "$(url_of "$server" "$path" "$how")" \
                "$(closing "$how")"
            ticks=$(($(server_ticks "$server") - ticks))
            printf 'rps\t%s\t%s\t%s\np50\t%s\t%s\t%s\np99\t%s\t%s\t%s\n' "$name" "$label" "$RPS" \
                "$name" "$label" "$P50" "$name" "$label" "$P99" >>"$RESULTS"
            # Server CPU per request in microseconds: stable on a shared VM where req/s is not.
            awk -v n="$name" -v l="$label" -v t="$ticks" -v hz="$CLOCK_TICKS" -v r="$REQUESTS" \
                'BEGIN { if (r > 0) printf "cpu\t%s\t%s\t%.3f\n", n, l, t * 1000000 / hz / r }' >>"$RESULTS"
        done
    done
done

# --- memory -----------------------------------------------------------------------------------------
status_kib() {  # field pids...: sum of a /proc/PID/status field (VmHWM, VmRSS) in KiB
    local field="$1" total=0 pid kib
    shift
    for pid in "$@"; do
        kib="$(awk -v f="$field:" '$1 == f { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)"
        total=$((total + ${kib:-0}))
    done
    echo "$total"
}
# shellcheck disable=SC2086
printf 'rss\thttpserver\tpeak\t%s\nrss\tnginx\tpeak\t%s\n' "$(status_kib VmHWM "${PIDS[httpserver]}")" \
    "$(status_kib VmHWM $NGINX_PIDS)" >>"$RESULTS"
stop_server httpserver
stop_server nginx
stop_server mock10k
stop_server mocknomemo
stop_server mocktls
echo "== mockweather (bundled): RSS after $RSS_REQUESTS requests with the journal on (default 1,000 entries)"
served() {  # requests mockweather has answered, from its admin API
    python3 -c 'import json, sys, urllib.request; print(json.load(urllib.request.urlopen(sys.argv[1]))["requests"])' \
        "http://127.0.0.1:${PORT[mock]}/__admin/health"
}
while (($(served) < RSS_REQUESTS)); do
    wrk -t2 -c64 -d5s "http://127.0.0.1:${PORT[mock]}/data/2.5/weather?q=Seoul&appid=x" >/dev/null
done
printf 'rss\tmock\tafter\t%s\nrequests\tmock\tafter\t%s\n' "$(status_kib VmRSS "${PIDS[mock]}")" "$(served)" >>"$RESULTS"
stop_server mock
echo "== load after: $(load)"

# --- report -----------------------------------------------------------------------------------------
status=0
python3 - "$RESULTS" "$ROUNDS" "$STARTUP_ROUNDS" "$CASSETTES" <<'PY' || status=1
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
rounds, startup_rounds, cassettes = sys.argv[2], sys.argv[3], int(sys.argv[4])
values = {}
for kind, name, scenario, value in rows:
    values.setdefault((kind, name, scenario), []).append(float(value))
def median(kind, name, scenario="-"):
    return statistics.median(values[(kind, name, scenario)])

print()
print(f"medians of {rounds} rounds (req/s, latency) and {startup_rounds} start-ups; every figure from this one run")
print(f"{'target':<14}{'c64 req/s':>11}{'c64 p50':>10}{'c64 p99':>10}{'c1 req/s':>10}{'c1 p50':>9}{'c1 p99':>9}"
      f"{'first 200':>11}   runs (c64 req/s)")
names = ["httpserver", "nginx", "nginx-seoul", "mock", "mock-nomemo", "mock10k", "mock10k-near", "mock-tls", "mock-tls-new"]
server_of = {"nginx-seoul": "nginx", "mock10k-near": "mock10k", "mock-nomemo": "mocknomemo", "mock-tls": "mocktls",
             "mock-tls-new": "mocktls"}
for name in names:
    startup = median("startup", server_of.get(name, name))
    runs = " ".join(f"{v:.0f}" for v in values[("rps", name, "c64")])
    print(f"{name:<14}{median('rps', name, 'c64'):>11.0f}{median('p50', name, 'c64'):>8.0f}us"
          f"{median('p99', name, 'c64'):>8.0f}us{median('rps', name, 'c1'):>10.0f}{median('p50', name, 'c1'):>7.0f}us"
          f"{median('p99', name, 'c1'):>7.0f}us{startup:>9.1f}ms   {runs}")
print("(mock10k serves %d generated cassettes; its first 200 is the start-up with all of them loaded;" % cassettes)
print(" mock-nomemo and both mock10k look up every request: --no-answer-memo)")
print()

failed = False
def check(description, value, comparison, target, unit="", aside=""):
    global failed
    ok = value >= target if comparison == ">=" else value <= target
    failed = failed or not ok
    print(f"  {'ok  ' if ok else 'MISS'} {description:<52}{value:>8.2f}{unit} (target {comparison} {target}{unit}){aside}")

def check_ratio(description, kind, a, b, scenario, comparison, target):
    aside = f"   ratio of medians {ratio_of_medians(kind, a, b, scenario):.2f}"
    check(description, ratio(kind, a, b, scenario), comparison, target, aside=aside)

def ratio(kind, a, b, scenario):
    """The median over rounds of a's figure over b's from the same round: the two ran back to back,
    so load that drifts between rounds cancels out (the ratio of the medians is printed beside it)."""
    pairs = zip(values[(kind, a, scenario)], values[(kind, b, scenario)])
    return statistics.median(x / y for x, y in pairs if y > 0)

def ratio_of_medians(kind, a, b, scenario):
    return median(kind, a, scenario) / median(kind, b, scenario)

print("Ratios are medians of per-round ratios (each pair ran back to back in the same round).")
print("HTTPServer (httpserver-bench) against nginx, same body (issue 3):")
check_ratio("req/s ratio at c64", "rps", "httpserver", "nginx", "c64", ">=", 0.8)
check_ratio("req/s ratio at c1", "rps", "httpserver", "nginx", "c1", ">=", 0.8)
check_ratio("p99 ratio at c64", "p99", "httpserver", "nginx", "c64", "<=", 2)
check_ratio("p99 ratio at c1", "p99", "httpserver", "nginx", "c1", "<=", 2)
check("peak RSS", median("rss", "httpserver", "peak") / 1024, "<=", 20, " MiB")
print(f"       (nginx master and workers: {median('rss', 'nginx', 'peak') / 1024:.1f} MiB)")
print()
print("mockweather serve against nginx serving the Seoul body (issue 4):")
check_ratio("req/s ratio at c64, bundled cassettes", "rps", "mock", "nginx-seoul", "c64", ">=", 0.8)
check_ratio("req/s ratio at c1, bundled cassettes", "rps", "mock", "nginx-seoul", "c1", ">=", 0.8)
check_ratio(f"req/s at c64, {cassettes} cassettes / bundled, no memo", "rps", "mock10k", "mock-nomemo", "c64", ">=", 0.9)
check_ratio(f"req/s at c1, {cassettes} cassettes / bundled, no memo", "rps", "mock10k", "mock-nomemo", "c1", ">=", 0.9)
print(f"       ({cassettes} cassettes, near lookup / bundled at c64: {ratio('rps', 'mock10k-near', 'mock-nomemo', 'c64'):.2f};"
      f" the bundled set without the memo / with it: {ratio('rps', 'mock-nomemo', 'mock', 'c64'):.2f})")
check_ratio(f"start-up to first 200, {cassettes} cassettes / nginx", "startup", "mock10k", "nginx", "-", "<=", 10)
requests = int(median("requests", "mock", "after"))
check(f"RSS after {requests} requests, journal on", median("rss", "mock", "after") / 1024, "<=", 30, " MiB")
print()
print("the replay path, issue 26's targets (same runs):")
check_ratio("req/s ratio at c64, bundled cassettes", "rps", "mock", "nginx-seoul", "c64", ">=", 1.0)
check_ratio("req/s ratio at c1, bundled cassettes", "rps", "mock", "nginx-seoul", "c1", ">=", 1.0)
check_ratio("p99 ratio at c64, bundled cassettes", "p99", "mock", "nginx-seoul", "c64", "<=", 1.5)
check_ratio("p99 ratio at c1, bundled cassettes", "p99", "mock", "nginx-seoul", "c1", "<=", 1.5)
print()
print("HTTPS (serve --tls, issue 46), the same request as 'mock', beside it in every round:")
for scenario in ("c64", "c1"):
    print(f"       {scenario}: req/s mock-tls / mock {ratio('rps', 'mock-tls', 'mock', scenario):.2f}, "
          f"server CPU per request mock-tls {median('cpu', 'mock-tls', scenario):.2f} µs against mock "
          f"{median('cpu', 'mock', scenario):.2f} µs; with a handshake every request {median('cpu', 'mock-tls-new', scenario):.2f} µs "
          f"({median('rps', 'mock-tls-new', scenario):.0f} req/s)")
print()
print("server CPU per request (utime+stime over the requests wrk counted, medians; nginx: master and workers),")
print("steadier than req/s here; the mock's over nginx's is the cost per request behind the req/s ratios:")
for scenario in ("c64", "c1"):
    figures = "  ".join(f"{name} {median('cpu', name, scenario):.2f}" for name in names)
    print(f"       {scenario}: {figures} (µs)")
    print(f"       {scenario}: mock / nginx-seoul {ratio('cpu', 'mock', 'nginx-seoul', scenario):.2f}, "
          f"httpserver / nginx {ratio('cpu', 'httpserver', 'nginx', scenario):.2f}")
print()
print("(2 cores shared by the servers, wrk and anything else running: judge by the load averages printed above.)")
sys.exit(1 if failed else 0)
PY
if [[ -n "${BENCH_BASELINE:-}" ]]; then
    echo
    echo "== server CPU per request against $BENCH_BASELINE (Scripts/bench-cpu.sh)"
    "$SCRIPTS/bench-cpu.sh" "$BENCH_BASELINE" "${BENCH_CPU_MAX_PERCENT:-3}" || status=1
fi
exit "$status"
