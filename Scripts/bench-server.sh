#!/usr/bin/env bash
# HTTPServer against nginx, in one run, from a fresh clone:
#   Scripts/bench-server.sh
# Builds release, installs wrk and nginx-light with apt if missing, serves Scripts/bench-body.json
# (~500 bytes of JSON) through each server, and for each prints: time from exec to the first 200,
# req/s, p50 and p99 latency at 64 connections and at 1 connection (wrk --latency), and peak RSS.
# Then the ratios against nginx and whether the targets hold (issue 3): >= 0.8x nginx req/s at c64
# and c1, p99 <= 2x nginx, RSS <= 20 MiB.
#
# All servers run side by side and take turns under wrk, scenario by scenario, so background load
# hits them alike. Adding a server (e.g. `mockweather serve`): write start_NAME (start it on port $1,
# set SERVER_PID and RSS_PIDS) and add NAME to SERVERS. Environment: BENCH_DURATION (default 5s).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
SCRIPTS="$ROOT/Scripts"
BODY="$SCRIPTS/bench-body.json"
DURATION="${BENCH_DURATION:-5s}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-server.XXXXXX")"
SERVERS=(httpserver nginx)
BASELINE=nginx

SERVER_PID=""
RSS_PIDS=""
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

# --- tools ------------------------------------------------------------------------------------------
NGINX="$(command -v nginx || true)"
[[ -z "$NGINX" && -x /usr/sbin/nginx ]] && NGINX=/usr/sbin/nginx
missing=()
command -v wrk >/dev/null || missing+=(wrk)
[[ -n "$NGINX" ]] || missing+=(nginx-light)
if ((${#missing[@]})); then
    echo "== installing ${missing[*]} with apt"
    SUDO=""
    [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
fi

# --- build ------------------------------------------------------------------------------------------
echo "== swift build -c release --product httpserver-bench"
swift build -c release --product httpserver-bench 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)/httpserver-bench"

# --- servers ----------------------------------------------------------------------------------------
start_httpserver() {
    "$BIN" --body "$BODY" --port "$1" >"$WORK/httpserver.log" 2>&1 &
    SERVER_PID=$!
    RSS_PIDS="$SERVER_PID"
}

start_nginx() {
    mkdir -p "$WORK/nginx"
    sed -e "s|@PORT@|$1|g" -e "s|@SCRIPTS@|$SCRIPTS|g" -e "s|@WORK@|$WORK/nginx|g" \
        "$SCRIPTS/bench-nginx.conf" >"$WORK/nginx/nginx.conf"
    "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" &
    SERVER_PID=$!
    RSS_PIDS="$SERVER_PID"  # workers are added once it answers
}

# --- measuring --------------------------------------------------------------------------------------
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

now_us() { local t="${EPOCHREALTIME/./}"; echo "$t"; }

# Polls with bash's /dev/tcp (no process per attempt) until a GET answers 200; prints microseconds.
wait_for_first_200() {
    local port="$1" started="$2" deadline=$(( $(now_us) + 30000000 )) status
    while (( $(now_us) < deadline )); do
        if { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
            printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
            status=""
            read -r -t 2 _ status _ <&3 || true
            exec 3<&- 3>&-
            if [[ "$status" == "200" ]]; then
                echo $(( $(now_us) - started ))
                return 0
            fi
        fi
    done
    echo "server on port $port never answered 200" >&2
    return 1
}

# wrk's latency with unit (e.g. 812.00us, 1.20ms, 1.01s) in microseconds.
to_us() {
    awk -v v="$1" 'BEGIN {
        if (v ~ /us$/) { sub(/us$/, "", v); print v + 0 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); print v * 1000 }
        else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000000 }
        else print v }'
}

declare -A RESULT
run_wrk() {  # name label threads connections port
    local name="$1" label="$2" threads="$3" connections="$4" port="$5" out
    out="$(wrk -t"$threads" -c"$connections" -d"$DURATION" --latency "http://127.0.0.1:$port/")"
    echo "$out" >"$WORK/$name-$label.wrk"
    if echo "$out" | grep -q "Non-2xx\|Socket errors"; then
        echo "   warning: $name $label: $(echo "$out" | grep "Non-2xx\|Socket errors" | tr -s ' ')"
    fi
    RESULT[$name,$label,rps]="$(echo "$out" | awk '/^Requests\/sec:/ { print $2 }')"
    RESULT[$name,$label,p50]="$(to_us "$(echo "$out" | awk '$1 == "50%" { print $2 }')")"
    RESULT[$name,$label,p99]="$(to_us "$(echo "$out" | awk '$1 == "99%" { print $2 }')")"
}

peak_rss_kib() {
    local total=0 pid kib
    for pid in $RSS_PIDS; do
        kib="$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)"
        total=$((total + ${kib:-0}))
    done
    echo "$total"
}

echo "== load before: $(uptime | sed 's/.*load average/load average/') ($(nproc) cores)"
declare -A PORT RSS_OF
for name in "${SERVERS[@]}"; do
    PORT[$name]="$(free_port)"
    started="$(now_us)"
    "start_$name" "${PORT[$name]}"
    PIDS[$name]="$SERVER_PID"
    RESULT[$name,startup]="$(wait_for_first_200 "${PORT[$name]}" "$started")"
    if [[ "$name" == nginx ]]; then
        RSS_PIDS="$SERVER_PID $(pgrep -P "$SERVER_PID" | tr '\n' ' ')"
    fi
    RSS_OF[$name]="$RSS_PIDS"
    echo "== $name on port ${PORT[$name]}: first 200 after $(awk -v u="${RESULT[$name,startup]}" 'BEGIN { printf "%.1f ms", u / 1000 }')"
done
# The servers take turns per scenario, so load from other work on the machine hits them alike.
for scenario in "c64 2 64" "c1 1 1"; do
    read -r label threads connections <<<"$scenario"
    for name in "${SERVERS[@]}"; do
        echo "== wrk -t$threads -c$connections -d$DURATION --latency against $name"
        run_wrk "$name" "$label" "$threads" "$connections" "${PORT[$name]}"
    done
done
for name in "${SERVERS[@]}"; do
    RSS_PIDS="${RSS_OF[$name]}"
    RESULT[$name,rss]="$(peak_rss_kib)"
    kill -TERM "${PIDS[$name]}"
    wait "${PIDS[$name]}" 2>/dev/null || true
done
echo "== load after: $(uptime | sed 's/.*load average/load average/')"

# --- report -----------------------------------------------------------------------------------------
echo
printf '%-12s %12s %10s %10s %12s %10s %10s %10s %12s\n' \
    server "c64 req/s" "c64 p50" "c64 p99" "c1 req/s" "c1 p50" "c1 p99" "peak RSS" "first 200"
for name in "${SERVERS[@]}"; do
    printf '%-12s %12.0f %8.0fus %8.0fus %12.0f %8.0fus %8.0fus %7.1fMiB %9.1fms\n' "$name" \
        "${RESULT[$name,c64,rps]}" "${RESULT[$name,c64,p50]}" "${RESULT[$name,c64,p99]}" \
        "${RESULT[$name,c1,rps]}" "${RESULT[$name,c1,p50]}" "${RESULT[$name,c1,p99]}" \
        "$(awk -v k="${RESULT[$name,rss]}" 'BEGIN { print k / 1024 }')" \
        "$(awk -v u="${RESULT[$name,startup]}" 'BEGIN { print u / 1000 }')"
done

echo
failed=0
check() {  # description value comparison target
    local verdict
    verdict="$(awk -v v="$2" -v t="$4" -v op="$3" 'BEGIN {
        ok = (op == ">=") ? (v >= t) : (v <= t); print ok ? "ok  " : "MISS" }')"
    [[ "$verdict" == MISS ]] && failed=1
    printf '  %s %-44s %8.2f (target %s %s)\n' "$verdict" "$1" "$2" "$3" "$4"
}
for name in "${SERVERS[@]}"; do
    [[ "$name" == "$BASELINE" ]] && continue
    echo "$name against $BASELINE:"
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > 0) ? a / b : 0 }'; }
    check "req/s ratio at c64" "$(ratio "${RESULT[$name,c64,rps]}" "${RESULT[$BASELINE,c64,rps]}")" ">=" 0.8
    check "req/s ratio at c1" "$(ratio "${RESULT[$name,c1,rps]}" "${RESULT[$BASELINE,c1,rps]}")" ">=" 0.8
    check "p99 ratio at c64" "$(ratio "${RESULT[$name,c64,p99]}" "${RESULT[$BASELINE,c64,p99]}")" "<=" 2
    check "p99 ratio at c1" "$(ratio "${RESULT[$name,c1,p99]}" "${RESULT[$BASELINE,c1,p99]}")" "<=" 2
    check "peak RSS (MiB)" "$(awk -v k="${RESULT[$name,rss]}" 'BEGIN { print k / 1024 }')" "<=" 20
done
echo
echo "(2-core machine shared with wrk itself and with any builds running; compare figures from one run.)"
exit "$failed"
