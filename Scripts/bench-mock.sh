#!/usr/bin/env bash
# Benchmark for `mockweather serve` (issue 4), meant as a section of Scripts/bench-server.sh.
#
# Same wrk runs against: mockweather with the bundled cassettes, nginx returning the same body, and
# mockweather over 10,000 generated cassettes. Then start-up time to the first 200 with 10,000
# cassettes (vs nginx), and RSS after 1M requests with the journal on.
# Targets: req/s >= 0.8x nginx; 10k within 10% of bundled; start-up <= 10x nginx; RSS <= 30 MiB.
#
# Env: DURATION (default 5s per run), ROUNDS (3), CONNECTIONS (64), THREADS (2), REQUESTS_FOR_RSS (1000000).
# Everything runs on 127.0.0.1; the script stops what it started.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5s}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
REQUESTS_FOR_RSS=${REQUESTS_FOR_RSS:-1000000}

NGINX="$(command -v nginx || true)"
[[ -z "$NGINX" && -x /usr/sbin/nginx ]] && NGINX=/usr/sbin/nginx
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v curl >/dev/null || missing+=(curl)
[[ -n "$NGINX" ]] || missing+=(nginx-light)
if ((${#missing[@]})); then
    echo "== installing ${missing[*]} with apt"
    SUDO=""
    [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
fi

swift build -c release --product mockweather >/dev/null
BIN=$(swift build -c release --show-bin-path)/mockweather

WORK=$(mktemp -d)
chmod 755 "$WORK"  # nginx's workers run as another user and must reach the body file
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

python3 Scripts/generate-cassettes.py "$WORK/generated" 10000 >/dev/null

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start_mock() { # DIR PORT -> starts in background, sets MOCK_PID
    "$BIN" serve --cassettes "$1" --port "$2" >/dev/null 2>"$WORK/mock-$2.err" &
    MOCK_PID=$!
    PIDS+=("$MOCK_PID")
}

wait_for_200() { # URL (polls: this is the start-up measurement itself); gives up after 60 s
    local deadline=$((SECONDS + 60))
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "$1" || true)" = "200" ]; do
        if ((SECONDS > deadline)); then echo "no 200 from $1 within 60 s" >&2; exit 1; fi
        sleep 0.001
    done
}

now_ms() { local t="${EPOCHREALTIME/./}"; echo $((t / 1000)); }

rps() { # URL -> requests/s (wrk's own figure)
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$1" | awk '/Requests\/sec/ {print $2}'
}

# nginx serving the Seoul cassette's body as a file, tuned like Scripts/bench-nginx.conf (the
# HTTPServer benchmark's baseline): 2 workers, no access log, cached descriptor, unlimited keep-alive.
NGINX_PORT=$(free_port)
mkdir -p "$WORK/nginx/root"
python3 -c '
import json, sys; d = json.load(open("Cassettes/openweathermap/current/seoul.json"))
sys.stdout.write(json.dumps(d["interactions"][0]["response"]["json"], separators=(",", ":"), ensure_ascii=False))' \
    >"$WORK/nginx/root/seoul.json"
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    server_tokens off;
    keepalive_requests 1000000;
    open_file_cache max=16 inactive=60s;
    types { application/json json; }
    client_body_temp_path $WORK/nginx/client-body; proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi; uwsgi_temp_path $WORK/nginx/uwsgi; scgi_temp_path $WORK/nginx/scgi;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/nginx/root;
        location / { rewrite ^ /seoul.json break; }
    }
}
CONF

echo "== start-up to first 200"
start=$(now_ms); "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" & NGINX_PID=$!; PIDS+=("$NGINX_PID")
wait_for_200 "http://127.0.0.1:$NGINX_PORT/data/2.5/weather?q=Seoul"
nginx_start=$(( $(now_ms) - start ))
MOCK10K_PORT=$(free_port)
start=$(now_ms); start_mock "$WORK/generated" "$MOCK10K_PORT"; MOCK10K_PID=$MOCK_PID
wait_for_200 "http://127.0.0.1:$MOCK10K_PORT/data/2.5/weather?q=city5000"
mock_start=$(( $(now_ms) - start ))
echo "nginx: ${nginx_start} ms; mockweather with 10,000 cassettes: ${mock_start} ms" \
     "(ratio $(python3 -c "print(round($mock_start/max($nginx_start,1),1))")x, target <= 10x)"

MOCK_PORT=$(free_port)
start_mock Cassettes "$MOCK_PORT"; MOCK_BUNDLED_PID=$MOCK_PID
wait_for_200 "http://127.0.0.1:$MOCK_PORT/data/2.5/weather?q=Seoul"

echo "== throughput: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS interleaved rounds, median (after a 2 s warm-up each)"
TARGETS=("http://127.0.0.1:$NGINX_PORT/data/2.5/weather?q=Seoul&appid=x"
         "http://127.0.0.1:$MOCK_PORT/data/2.5/weather?q=Seoul&appid=x"
         "http://127.0.0.1:$MOCK10K_PORT/data/2.5/weather?q=city5000&appid=x"
         "http://127.0.0.1:$MOCK10K_PORT/data/2.5/weather?lat=-59.55&lon=-178.5&appid=x")
for url in "${TARGETS[@]}"; do wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "$url" >/dev/null; done
RESULTS=()
for round in $(seq "$ROUNDS"); do
    # Taking turns spreads background load (other builds on the machine) over every target alike.
    for index in "${!TARGETS[@]}"; do RESULTS+=("$index $(rps "${TARGETS[$index]}")"); done
done
printf '%s\n' "${RESULTS[@]}" | python3 -c '
import statistics, sys
runs = {}
for line in sys.stdin:
    index, value = line.split()
    runs.setdefault(int(index), []).append(float(value))
nginx, bundled, generated, near = (statistics.median(runs[i]) for i in range(4))
def show(values): return " ".join(f"{v:.0f}" for v in values)
print(f"nginx                          {nginx:>10.0f} req/s   runs: {show(runs[0])}")
print(f"mockweather, bundled           {bundled:>10.0f} req/s   {bundled/nginx:.2f}x nginx (target >= 0.8x)   runs: {show(runs[1])}")
print(f"mockweather, 10,000 cassettes  {generated:>10.0f} req/s   {generated/bundled:.2f}x bundled (target within 10%)   runs: {show(runs[2])}")
print(f"mockweather, 10,000, near      {near:>10.0f} req/s   {near/bundled:.2f}x bundled   runs: {show(runs[3])}")
'

echo "== RSS after $REQUESTS_FOR_RSS requests with the journal on (default 1,000 entries)"
kill "$MOCK10K_PID" "$NGINX_PID" 2>/dev/null || true
requests() { curl -s "http://127.0.0.1:$MOCK_PORT/__admin/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])'; }
rss_before=$(awk '/VmRSS/ {print $2}' "/proc/$MOCK_BUNDLED_PID/status")
while [ "$(requests)" -lt "$REQUESTS_FOR_RSS" ]; do
    wrk -t"$THREADS" -c"$CONNECTIONS" -d5s "http://127.0.0.1:$MOCK_PORT/data/2.5/weather?q=Seoul&appid=x" >/dev/null
done
rss_after=$(awk '/VmRSS/ {print $2}' "/proc/$MOCK_BUNDLED_PID/status")
echo "requests served: $(requests); RSS before: $((rss_before / 1024)) MiB, after: $((rss_after / 1024)) MiB (target <= 30 MiB)"
