#!/usr/bin/env bash
# Start-up with large cassette sets (issue 26), against nginx, in one run:
#   Scripts/bench-startup.sh
# Builds mockweather in release, installs nginx-light and wrk with apt if missing, generates 10,000 and
# 100,000 cassettes (Scripts/generate-cassettes.py: one city each, the bundled Seoul answer), then:
#   - time from exec to the first 200 for nginx (the Seoul body as a file) and for `mockweather serve`
#     with the bundled set, 10,000 and 100,000 cassettes (BENCH_STARTUP_ROUNDS rounds, medians; the
#     100,000 set BENCH_LARGE_ROUNDS rounds), and the bundled set once more by the container image's
#     binary (`--static-swift-stdlib`, Scripts/container-build.sh). These are warm starts: each binary
#     has a start-up snapshot folder of its own in the run's scratch directory (docs/ARCHITECTURE.md#
#     start-up-snapshots), written by one priming start per set before the rounds. Cold starts (every
#     file decoded, `--snapshot-dir off`) are timed too, one round each, and printed beside them;
#   - the server's RSS and peak RSS right after that first 200;
#   - lookup cost with 100,000 cassettes against the bundled set: server CPU per request
#     (utime+stime over /__admin/health's count) under `wrk -t1 -c1` for BENCH_DURATION, both with
#     --no-answer-memo (else the repeated request is answered from the memo, not looked up).
# Prints every target with PASS or MISS and exits 1 if one is missed.
#
# Environment: BENCH_STARTUP_ROUNDS (5), BENCH_LARGE_ROUNDS (2), BENCH_DURATION (5s).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
SCRIPTS="$ROOT/Scripts"
ROUNDS="${BENCH_STARTUP_ROUNDS:-5}"
LARGE_ROUNDS="${BENCH_LARGE_ROUNDS:-2}"
DURATION="${BENCH_DURATION:-5s}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-startup.XXXXXX")"
RESULTS="$WORK/results.tsv"  # kind, name, value
: >"$RESULTS"

declare -A PIDS
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# shellcheck source=Scripts/bench-common.sh
source "$SCRIPTS/bench-common.sh"
bench_install_tools

# The container image's binary (Swift runtime and Foundation linked in, Scripts/container-build.sh) is
# timed beside the plain release build: no dynamic linking of the Swift libraries at exec. Built first,
# since both builds link into the same release directory and the plain one must be linked last.
echo "== Scripts/container-build.sh (the image's binary, --static-swift-stdlib)"
"$SCRIPTS/container-build.sh" 2>&1 | tail -1
STATIC_BIN="$WORK/static"
mkdir -p "$STATIC_BIN"
cp -R "$ROOT/.build/container/dist/." "$STATIC_BIN/"
echo "== swift build -c release --product mockweather"
swift build -c release --product mockweather 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)"

echo "== generating 10,000 and 100,000 cassettes (Scripts/generate-cassettes.py)"
python3 "$SCRIPTS/generate-cassettes.py" "$WORK/10k" 10000 >/dev/null
python3 "$SCRIPTS/generate-cassettes.py" "$WORK/100k" 100000 >/dev/null
bench_nginx_root

# Files changed in the last 2 s are not trusted by a snapshot (they are read again each start): the
# generated sets settle before the first start.
sleep 2
SNAPSHOTS="--snapshot-dir $WORK/snapshots"
# The lookup stage sets it to --no-answer-memo: a repeated request would otherwise be answered
# without being looked up at all (docs/ARCHITECTURE.md#the-answer-memo).
SERVE_EXTRA=""
command_bundled() { echo "$BIN/mockweather serve --cassettes $ROOT/Cassettes --port $1 $SNAPSHOTS $SERVE_EXTRA"; }
command_static() { echo "$STATIC_BIN/mockweather serve --cassettes $ROOT/Cassettes --port $1 $SNAPSHOTS-static"; }
command_mock10k() { echo "$BIN/mockweather serve --cassettes $WORK/10k --port $1 $SNAPSHOTS"; }
command_mock100k() { echo "$BIN/mockweather serve --cassettes $WORK/100k --port $1 $SNAPSHOTS $SERVE_EXTRA"; }
command_cold10k() { echo "$BIN/mockweather serve --cassettes $WORK/10k --port $1 --snapshot-dir off"; }
command_cold100k() { echo "$BIN/mockweather serve --cassettes $WORK/100k --port $1 --snapshot-dir off"; }
declare -A FIRST_PATH=(
    [nginx]="/data/2.5/weather?q=Seoul" [bundled]="/data/2.5/weather?q=Seoul&appid=x"
    [static]="/data/2.5/weather?q=Seoul&appid=x"
    [mock10k]="/data/2.5/weather?q=city5000&appid=x" [mock100k]="/data/2.5/weather?q=city50000&appid=x"
    [cold10k]="/data/2.5/weather?q=city5000&appid=x" [cold100k]="/data/2.5/weather?q=city50000&appid=x"
)
declare -A PORT

echo "== priming: one start per set writes its start-up snapshot (written after the first 200, before exit)"
for name in bundled static mock10k mock100k; do
    start_server "$name"
    stop_server "$name"
    sed -n '/start-up snapshot/p' "$WORK/$name.pid.err" | cut -c1-100
done
: >"$RESULTS"
echo "== cold starts (--snapshot-dir off), one round each"
for name in cold10k cold100k; do
    start_server "$name"
    stop_server "$name"
done
echo "== load before: $(uptime | sed 's/.*load average/load average/') ($(nproc) cores)"
echo "== start-up to the first 200: $ROUNDS rounds (nginx, bundled, bundled by the image's binary, 10,000), $LARGE_ROUNDS of 100,000"
for round in $(seq "$ROUNDS"); do
    names=(nginx bundled static mock10k)
    ((round <= LARGE_ROUNDS)) && names+=(mock100k)
    for name in "${names[@]}"; do
        start_server "$name"
        stop_server "$name"
    done
    echo "   round $round: $(uptime | sed 's/.*load average/load average/')"
done

echo "== lookup: server CPU per request under wrk -t1 -c1 for $DURATION, bundled and 100,000"
SERVE_EXTRA="--no-answer-memo"
for name in bundled mock100k; do
    start_server "$name"
    printf 'lookup\t%s\t%s\n' "$name" "$(cpu_per_request "$name")" >>"$RESULTS"
    stop_server "$name"
done

python3 - "$RESULTS" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
def median(kind, name):
    values = [float(value) for k, n, value in rows if k == kind and n == name]
    return statistics.median(values) if values else float("nan")
print(f"{'server':<10}{'first 200':>11}{'RSS':>10}{'peak RSS':>10}")
for name in ("nginx", "bundled", "static", "mock10k", "mock100k", "cold10k", "cold100k"):
    print(f"{name:<10}{median('startup', name):>9.1f}ms{median('rss', name) / 1024:>7.1f}MiB"
          f"{median('peak', name) / 1024:>7.1f}MiB")
print(f"lookup, server CPU per request (c1): bundled {median('lookup', 'bundled'):.2f} µs, "
      f"100,000 {median('lookup', 'mock100k'):.2f} µs")
nginx = median("startup", "nginx")
checks = [
    ("start-up to the first 200, bundled / nginx", median("startup", "bundled") / nginx, 2.0, "x"),
    ("start-up to the first 200, bundled, the image's binary (--static-swift-stdlib) / nginx",
     median("startup", "static") / nginx, 2.0, "x"),
    ("start-up to the first 200, 10,000 cassettes / nginx", median("startup", "mock10k") / nginx, 10.0, "x"),
    ("start-up to the first 200, 100,000 cassettes", median("startup", "mock100k") / 1000, 1.0, " s"),
    ("peak RSS with 100,000 cassettes", median("peak", "mock100k") / 1024, 200.0, " MiB"),
    ("lookup with 100,000 cassettes / bundled (CPU per request)",
     median("lookup", "mock100k") / median("lookup", "bundled"), 1.2, "x"),
]
missed = 0
for label, value, target, unit in checks:
    ok = value <= target
    missed += not ok
    print(f"  {'PASS' if ok else 'MISS'} {label}: {value:.2f}{unit} (target <= {target:g}{unit})")
sys.exit(1 if missed else 0)
PY
