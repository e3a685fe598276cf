#!/usr/bin/env bash
# Server CPU per request: `mockweather serve` of this checkout against a baseline revision, in one run.
#   Scripts/bench-cpu.sh REV [MAX_PERCENT]        (Scripts/bench-server.sh runs it with BENCH_BASELINE=REV)
# Builds both in release (the baseline in a temporary git worktree), serves each revision's bundled
# cassettes, and in every round runs `wrk -t2 -c64` for BENCH_DURATION against each in turn, the order
# alternating. CPU per request is the server's utime+stime (from /proc/PID/stat) over the requests its
# /__admin/health counted: stable on a shared VM where req/s is not. Prints every round, the medians and
# the median of per-round ratios; exits 1 when this checkout costs more than MAX_PERCENT (default 3)
# over the baseline.
#
# Environment: BENCH_DURATION (5s per wrk run), BENCH_ROUNDS (7), BENCH_PATH (the bundled Seoul request).
set -euo pipefail

BASELINE="${1:?usage: Scripts/bench-cpu.sh REV [MAX_PERCENT]}"
MAX_PERCENT="${2:-3}"
DURATION="${BENCH_DURATION:-5s}"
ROUNDS="${BENCH_ROUNDS:-7}"
REQUEST="${BENCH_PATH:-/data/2.5/weather?q=Seoul&appid=x}"

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-cpu.XXXXXX")"
declare -A PIDS
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    git -C "$ROOT" worktree remove --force "$WORK/baseline" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

command -v wrk >/dev/null || {
    SUDO=""
    [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
}

echo "== swift build -c release --product mockweather: this checkout and $BASELINE"
swift build -c release --product mockweather 2>&1 | tail -1
git -C "$ROOT" worktree add --detach -q "$WORK/baseline" "$BASELINE"
(cd "$WORK/baseline" && swift build -c release --product mockweather 2>&1 | tail -1)
declare -A BIN=(
    [current]="$(swift build -c release --show-bin-path)/mockweather"
    [baseline]="$(cd "$WORK/baseline" && swift build -c release --show-bin-path)/mockweather"
)
declare -A CASSETTES=([current]="$ROOT/Cassettes" [baseline]="$WORK/baseline/Cassettes")
declare -A PORT

start() {  # NAME
    local name="$1"
    "${BIN[$name]}" serve --cassettes "${CASSETTES[$name]}" --port 0 --port-file "$WORK/$name.port" \
        --journal-size 1000 >/dev/null 2>"$WORK/$name.err" &
    PIDS[$name]=$!
    for _ in $(seq 600); do
        [[ -s "$WORK/$name.port" ]] && break
        sleep 0.05
    done
    PORT[$name]="$(cat "$WORK/$name.port")"
}
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/${PIDS[$1]}/stat"; }
served() {
    python3 -c 'import json, sys, urllib.request; print(json.load(urllib.request.urlopen(sys.argv[1]))["requests"])' \
        "http://127.0.0.1:${PORT[$1]}/__admin/health"
}

start current
start baseline
TICK="$(getconf CLK_TCK)"
echo "== warm-up: 1 s of wrk against each"
for name in current baseline; do wrk -t2 -c64 -d1s "http://127.0.0.1:${PORT[$name]}$REQUEST" >/dev/null; done
: >"$WORK/results.tsv"
for round in $(seq "$ROUNDS"); do
    order=(current baseline)
    ((round % 2 == 0)) && order=(baseline current)
    for name in "${order[@]}"; do
        ticks_before="$(cpu_ticks "$name")"
        requests_before="$(served "$name")"
        wrk -t2 -c64 -d"$DURATION" "http://127.0.0.1:${PORT[$name]}$REQUEST" >"$WORK/wrk.out"
        ticks_after="$(cpu_ticks "$name")"
        requests_after="$(served "$name")"
        # The two health requests are counted too; at tens of thousands per run they do not matter.
        printf '%s\t%s\t%s\t%s\n' "$round" "$name" "$((ticks_after - ticks_before))" \
            "$((requests_after - requests_before))" >>"$WORK/results.tsv"
    done
    echo "   round $round: $(uptime | sed 's/.*load average/load average/')"
done

python3 - "$WORK/results.tsv" "$TICK" "$MAX_PERCENT" "$BASELINE" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1])]
tick, max_percent, baseline = int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
per_round = {}
for round_, name, ticks, requests in rows:
    micros = int(ticks) * 1_000_000 / tick / max(1, int(requests))
    per_round.setdefault(round_, {})[name] = (micros, int(requests))
print(f"{'round':<7}{'current µs/req':>16}{'baseline µs/req':>17}{'ratio':>8}{'current req':>13}{'baseline req':>14}")
ratios = []
for round_, figures in per_round.items():
    current, baseline_figure = figures["current"], figures["baseline"]
    ratios.append(current[0] / baseline_figure[0])
    print(f"{round_:<7}{current[0]:>16.2f}{baseline_figure[0]:>17.2f}{ratios[-1]:>8.3f}{current[1]:>13}{baseline_figure[1]:>14}")
current_median = statistics.median(f["current"][0] for f in per_round.values())
baseline_median = statistics.median(f["baseline"][0] for f in per_round.values())
ratio = statistics.median(ratios)
print(f"medians: this checkout {current_median:.2f} µs/request, {baseline} {baseline_median:.2f} µs/request "
      f"(ratio of medians {current_median / baseline_median:.3f})")
ok = ratio <= 1 + max_percent / 100
print(f"  {'ok  ' if ok else 'MISS'} server CPU per request, this checkout / {baseline}: {ratio:.3f} "
      f"(median of per-round ratios; target <= {1 + max_percent / 100:.2f})")
sys.exit(0 if ok else 1)
PY
