# Shared by the benchmarks against nginx (Scripts/bench-server.sh, bench-startup.sh): sourced, not run.
# Expects ROOT (the checkout), SCRIPTS (its Scripts/), WORK (the run's scratch directory) and an
# associative array PIDS (name → pid of each running server).

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
