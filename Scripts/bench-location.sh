#!/usr/bin/env bash
# replay-location's two speed targets (issue 6), each against a baseline run in the same script:
#   Scripts/bench-location.sh
#
# 1. Instant mode: the Seoul-to-Daegu trace at a 0.1 s interval (~127,000 fixes), JSON lines to /dev/null.
#    Prints fixes per second as measured by `--stats` (the emission loop: sampling, noise, encoding,
#    writing) by the wall clock and per second of processor time, and for the whole process (start-up and
#    trace loading included). Target: >= 1,000,000 fixes/s (the wall-clock median). Baseline: an awk
#    program that emits the same number of JSON lines for the same waypoints by linear interpolation (no
#    great circles, no noise, no timestamps), the cheapest generator one could write; the ratio says how
#    far above that floor of "just printing lines" we are. On a machine busy with other work the wall clock
#    mostly measures the wait for a processor; the processor-time rates (ours and awk's) do not.
# 2. Realtime mode: 10 s at 10 Hz (`--speed 1 --interval 0.1 --duration 10`), p99 lateness of each
#    emission against its absolute schedule, from `--stats`. Target: <= 2 ms. Baseline: the same
#    schedule in Python with time.sleep to each deadline, the usual way such a loop is written.
#
# Each measurement runs BENCH_RUNS times (default 5) and the median and best are printed; the machine
# may be shared, so look at the best run as well as the median. Requires python3 (for the baseline).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
TRACE="$ROOT/Scripts/traces/seoul-to-daegu.json"
RUNS="${BENCH_RUNS:-5}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-location.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

command -v python3 >/dev/null || {
    echo "bench-location: python3 is needed for the baselines (apt-get install python3)" >&2
    exit 69
}

echo "== swift build -c release --product replay-location"
swift build -c release --product replay-location 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)/replay-location"

now_ns() { date +%s%N; }

# median and best (max for rates, min for latencies) of the numbers on standard input
summarise() { # $1 = max|min
    sort -g | awk -v pick="$1" '{ v[NR] = $1 } END {
        median = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        best = (pick == "max") ? v[NR] : v[1]
        printf "%.6g %.6g\n", median, best }'
}

# --- 1. instant ---------------------------------------------------------------------------------------
echo
echo "== instant: $(basename "$TRACE") at 0.1 s, JSON lines to /dev/null, $RUNS runs"
: >"$WORK/loop" && : >"$WORK/process" && : >"$WORK/loop-cpu"
for _ in $(seq "$RUNS"); do
    start=$(now_ns)
    "$BIN" "$TRACE" --instant --interval 0.1 --stats >/dev/null 2>"$WORK/stats"
    end=$(now_ns)
    fixes=$(sed -E 's/^replay-location: ([0-9]+) fixes.*/\1/' "$WORK/stats")
    sed -E 's/.* s, ([0-9]+) fixes\/s; processor.*/\1/' "$WORK/stats" >>"$WORK/loop"
    sed -E 's/.*processor [0-9.]+ s, ([0-9]+) fixes\/s.*/\1/' "$WORK/stats" >>"$WORK/loop-cpu"
    awk -v n="$fixes" -v ns=$((end - start)) 'BEGIN { printf "%.0f\n", n / (ns / 1e9) }' >>"$WORK/process"
done
read -r loop_median loop_best < <(summarise max <"$WORK/loop")
read -r cpu_median cpu_best < <(summarise max <"$WORK/loop-cpu")
read -r process_median process_best < <(summarise max <"$WORK/process")

# The baseline's input: each waypoint's position, the speed of the leg leaving it and its pause.
python3 - "$TRACE" >"$WORK/legs" <<'PYTHON'
import json, sys
trace = json.load(open(sys.argv[1]))
for waypoint in trace["waypoints"]:
    print(waypoint["lat"], waypoint["lon"], waypoint.get("speedKmh", trace.get("speedKmh", 72)),
          waypoint.get("pauseSeconds", 0))
PYTHON
: >"$WORK/baseline" && : >"$WORK/baseline-cpu"
TIMEFORMAT='%3U %3S'
for _ in $(seq "$RUNS"); do
    start=$(now_ns)
    { time awk -v interval=0.1 -v countfile="$WORK/baseline-count" '
        { lat[NR] = $1; lon[NR] = $2; speed[NR] = $3 / 3.6; pause[NR] = $4 }
        END {
            t = 0; emitted = 0; rad = 3.141592653589793 / 180
            for (i = 1; i < NR; i++) {
                dy = (lat[i + 1] - lat[i]) * 111195; dx = (lon[i + 1] - lon[i]) * 111195 * cos(lat[i] * rad)
                leg = sqrt(dx * dx + dy * dy) / speed[i]
                for (s = 0; s < pause[i] + leg; s += interval) {
                    f = s < pause[i] ? 0 : (s - pause[i]) / leg
                    printf "{\"elapsed\":%.3f,\"lat\":%.7f,\"lon\":%.7f,\"accuracy\":8.0,\"speed\":%.2f,\"course\":%.1f,\"authorization\":\"authorizedWhenInUse\"}\n", t + s, lat[i] + f * (lat[i + 1] - lat[i]), lon[i] + f * (lon[i + 1] - lon[i]), speed[i], 0
                    emitted++
                }
                t += pause[i] + leg
            }
            print emitted > countfile
        }' "$WORK/legs" >/dev/null; } 2>"$WORK/awk-time"
    end=$(now_ns)
    count="$(cat "$WORK/baseline-count")"
    awk -v n="$count" -v ns=$((end - start)) 'BEGIN { printf "%.0f\n", n / (ns / 1e9) }' >>"$WORK/baseline"
    awk -v n="$count" '{ cpu = $1 + $2; printf "%.0f\n", (cpu > 0) ? n / cpu : 0 }' "$WORK/awk-time" >>"$WORK/baseline-cpu"
done
read -r baseline_median baseline_best < <(summarise max <"$WORK/baseline")
read -r baseline_cpu_median baseline_cpu_best < <(summarise max <"$WORK/baseline-cpu")

printf '  replay-location, emission loop (--stats): median %.0f fixes/s, best %.0f fixes/s\n' "$loop_median" "$loop_best"
printf '    per second of processor time:           median %.0f fixes/s, best %.0f fixes/s\n' "$cpu_median" "$cpu_best"
printf '  replay-location, whole process:           median %.0f fixes/s, best %.0f fixes/s\n' \
    "$process_median" "$process_best"
printf '  baseline (awk, linear interpolation):     median %.0f fixes/s, best %.0f fixes/s (%s lines)\n' \
    "$baseline_median" "$baseline_best" "$(cat "$WORK/baseline-count")"
printf '    per second of processor time:           median %.0f fixes/s, best %.0f fixes/s\n' \
    "$baseline_cpu_median" "$baseline_cpu_best"
awk -v a="$loop_median" -v b="$baseline_median" -v p="$process_median" -v c="$cpu_median" -v d="$baseline_cpu_median" 'BEGIN {
    printf "  ratio: emission loop %.1fx the baseline, whole process %.1fx, per processor second %.1fx\n", a / b, p / b, c / d }'
awk -v a="$loop_median" 'BEGIN {
    printf "  target >= 1,000,000 fixes/s (median of the emission loop): %s\n", (a >= 1000000) ? "met" : "MISSED" }'

# --- 2. realtime --------------------------------------------------------------------------------------
echo
echo "== realtime: 10 s at 10 Hz (--speed 1 --interval 0.1 --duration 10), $RUNS runs"
: >"$WORK/p99" && : >"$WORK/p50"
for _ in $(seq "$RUNS"); do
    "$BIN" "$TRACE" --speed 1 --interval 0.1 --duration 10 --stats >/dev/null 2>"$WORK/stats"
    sed -E 's/.*p99 ([0-9.]+) ms.*/\1/' "$WORK/stats" >>"$WORK/p99"
    sed -E 's/.*p50 ([0-9.]+) ms.*/\1/' "$WORK/stats" >>"$WORK/p50"
done
emissions=$(sed -E 's/.* over ([0-9]+) emissions.*/\1/' "$WORK/stats")
read -r p99_median p99_best < <(summarise min <"$WORK/p99")
read -r p50_median _ < <(summarise min <"$WORK/p50")

: >"$WORK/baseline-p99"
for _ in $(seq "$RUNS"); do
    python3 - >>"$WORK/baseline-p99" <<'PYTHON'
import time
start = time.monotonic()
late = []
for k in range(101):
    deadline = start + k * 0.1
    remaining = deadline - time.monotonic()
    if remaining > 0:
        time.sleep(remaining)
    late.append(max(0.0, time.monotonic() - deadline))
late.sort()
print(late[min(len(late) - 1, -(-99 * len(late) // 100) - 1)] * 1000)
PYTHON
done
read -r baseline_p99_median baseline_p99_best < <(summarise min <"$WORK/baseline-p99")

printf '  replay-location: p99 lateness median %.3f ms, best %.3f ms (p50 median %.3f ms) over %s emissions\n' \
    "$p99_median" "$p99_best" "$p50_median" "$emissions"
printf '  baseline (python time.sleep to each deadline): p99 median %.3f ms, best %.3f ms\n' \
    "$baseline_p99_median" "$baseline_p99_best"
awk -v a="$p99_median" -v b="$baseline_p99_median" 'BEGIN {
    printf "  ratio: p99 %.2fx the baseline'"'"'s\n", (b > 0) ? a / b : 0
    printf "  target p99 <= 2 ms (median over runs): %s\n", (a <= 2) ? "met" : "MISSED" }'
echo
echo "  load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
