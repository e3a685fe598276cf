# Shared by the benchmarks that start servers (Scripts/bench-server.sh, bench-startup.sh, bench-world.sh):
# sourced, not run. Expects ROOT (the checkout), SCRIPTS (its Scripts/), WORK (the run's scratch
# directory) and an associative array PIDS (name → pid of each running server); start_server and
# cpu_per_request also RESULTS (a TSV of kind, name, value), PORT (name → port), FIRST_PATH (name → the
# request whose 200 means started) and a function command_NAME PORT for each server.

# Installs wrk, nginx-light and python3 with apt when missing; sets NGINX to nginx's path.
bench_install_tools() {
    NGINX="$(command -v nginx || true)"
    [[ -z "$NGINX" && -x /usr/sbin/nginx ]] && NGINX=/usr/sbin/nginx
    local missing=() sudo=""
    command -v wrk >/dev/null || missing+=(wrk)
    [[ -n "$NGINX" ]] || missing+=(nginx-light)
    command -v python3 >/dev/null || missing+=(python3)
    if ((${#missing[@]})); then
        echo "== installing ${missing[*]} with apt"
        [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
        NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
    fi
}

# Fills $WORK/nginx/root: Scripts/bench-body.json, and seoul.json, the bundled Seoul response's body
# exactly as mockweather sends it (compact JSON), readable by nginx's workers (another user).
bench_nginx_root() {
    chmod 755 "$WORK"
    mkdir -p "$WORK/nginx/root"
    cp "$SCRIPTS/bench-body.json" "$WORK/nginx/root/bench-body.json"
    python3 -c '
import json, sys
interaction = json.load(open(sys.argv[1]))["interactions"][0]
sys.stdout.write(json.dumps(interaction["response"]["json"], separators=(",", ":"), ensure_ascii=False))' \
        "$ROOT/Cassettes/openweathermap/current/seoul.json" >"$WORK/nginx/root/seoul.json"
    chmod -R a+rX "$WORK/nginx"
}

# A free TCP port on 127.0.0.1.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The nginx command line for PORT (Scripts/bench-nginx.conf filled in).
command_nginx() {
    sed -e "s|@PORT@|$1|g" -e "s|@ROOT@|$WORK/nginx/root|g" -e "s|@WORK@|$WORK/nginx|g" \
        "$SCRIPTS/bench-nginx.conf" >"$WORK/nginx/nginx-$1.conf"
    echo "$NGINX -p $WORK/nginx -c $WORK/nginx/nginx-$1.conf"
}

# Stops server NAME. The servers are the first-200 poller's children, not this shell's: poll /proc.
stop_server() {
    local pid="${PIDS[$1]}"
    kill -TERM "$pid" 2>/dev/null || true
    while [[ -e "/proc/$pid" ]] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; do sleep 0.05; done
    unset "PIDS[$1]"
}

# Starts server NAME on a fresh port and records, in RESULTS, the milliseconds from exec to the first 200
# for FIRST_PATH[NAME], and the RSS and peak RSS then (KiB).
start_server() {
    local name="$1" port ms pid
    port="$(free_port)"
    # shellcheck disable=SC2046
    ms="$(python3 "$SCRIPTS/first200.py" "$WORK/$name.pid" "$port" "${FIRST_PATH[$name]}" $("command_$name" "$port"))"
    pid="$(cat "$WORK/$name.pid")"
    PORT[$name]="$port"
    PIDS[$name]="$pid"
    printf 'startup\t%s\t%s\n' "$name" "$ms" >>"$RESULTS"
    printf 'rss\t%s\t%s\n' "$name" "$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status")" >>"$RESULTS"
    printf 'peak\t%s\t%s\n' "$name" "$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status")" >>"$RESULTS"
}

# Prints server NAME's CPU (utime+stime) per request over the requests /__admin/health counted, in
# microseconds, under `wrk -t1 -c1` for DURATION on PATH (FIRST_PATH[NAME] when not given), after a
# second's warm-up.
cpu_per_request() {
    local name="$1" path="${2:-${FIRST_PATH[$1]}}" pid ticks_before ticks_after before after
    pid="${PIDS[$name]}"
    served() {
        python3 -c 'import json, sys, urllib.request; print(json.load(urllib.request.urlopen(sys.argv[1]))["requests"])' \
            "http://127.0.0.1:${PORT[$name]}/__admin/health"
    }
    wrk -t1 -c1 -d1s "${@:3}" "http://127.0.0.1:${PORT[$name]}$path" >/dev/null
    ticks_before="$(awk '{ print $14 + $15 }' "/proc/$pid/stat")"
    before="$(served)"
    wrk -t1 -c1 -d"$DURATION" "${@:3}" "http://127.0.0.1:${PORT[$name]}$path" >/dev/null
    ticks_after="$(awk '{ print $14 + $15 }' "/proc/$pid/stat")"
    after="$(served)"
    python3 -c 'import sys; t, tick, n = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]); print(f"{t * 1e6 / tick / max(1, n):.2f}")' \
        "$((ticks_after - ticks_before))" "$(getconf CLK_TCK)" "$((after - before))"
}
