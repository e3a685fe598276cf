#!/usr/bin/env bash
# A soak run of `mockweather serve` under mixed load, bounded and on loopback only:
#   Scripts/bench-soak.sh
# Starts the server (debug build by default) with --watch on a copy of the bundled cassettes, then
# sends a fixed number of requests from several clients at once: keep-alive connections, a new
# connection per request, pipelined batches, slow clients (a byte at a time), clients that reset the
# connection in the middle of a request, admin calls (health, requests, cassettes, reload), while
# the cassette copy is rewritten now and then so --watch reloads under load. Prints requests,
# errors, RSS and open descriptors before and after (the descriptors must come back to what they
# were) and exits 1 when there was an error or a descriptor leaked.
#
# Environment: SOAK_REQUESTS (20000), SOAK_CLIENTS (8), SOAK_CONFIGURATION (debug or release).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
REQUESTS="${SOAK_REQUESTS:-20000}"
CLIENTS="${SOAK_CLIENTS:-8}"
CONFIGURATION="${SOAK_CONFIGURATION:-debug}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-soak.XXXXXX")"
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "== swift build -c $CONFIGURATION --product mockweather"
swift build -c "$CONFIGURATION" --product mockweather 2>&1 | tail -1
BIN="$(swift build -c "$CONFIGURATION" --show-bin-path)/mockweather"

cp -R "$ROOT/Cassettes/openweathermap" "$WORK/cassettes"
"$BIN" serve --host 127.0.0.1 --port 0 --port-file "$WORK/port" --cassettes "$WORK/cassettes" --watch \
    --journal-size 1000 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 200); do [[ -s "$WORK/port" ]] && break; sleep 0.05; done
[[ -s "$WORK/port" ]] || { echo "bench-soak: the server did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }

python3 - "$SERVER_PID" "$(cat "$WORK/port")" "$REQUESTS" "$CLIENTS" "$WORK/cassettes" <<'PYTHON'
import os, random, socket, struct, sys, threading, time

pid, port, total, clients, cassettes = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
TARGETS = [
    "/data/2.5/weather?q=seoul&appid=soak", "/data/2.5/weather?q=Seoul&units=metric&appid=soak",
    "/data/2.5/weather?id=1835848&appid=soak", "/data/2.5/weather?q=nowhere-at-all&appid=soak",
    "/data/2.5/forecast?q=seoul&appid=soak", "/geo/1.0/direct?q=Seoul&appid=soak",
]
ADMIN = [("GET", "/__admin/health"), ("GET", "/__admin/requests"), ("GET", "/__admin/cassettes"),
         ("POST", "/__admin/reload")]

def rss_kib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

def descriptors():
    return len(os.listdir(f"/proc/{pid}/fd"))

lock = threading.Lock()
counts = {"requests": 0, "errors": 0, "resets": 0}
errors = []
issued = [0]

def take(n=1):
    with lock:
        if issued[0] >= total:
            return 0
        n = min(n, total - issued[0])
        issued[0] += n
        return n

def note(requests=0, error=None, resets=0):
    with lock:
        counts["requests"] += requests
        counts["resets"] += resets
        if error:
            counts["errors"] += 1
            if len(errors) < 20:
                errors.append(error)

def request_bytes(target, method="GET", close=False):
    head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if method == "POST":
        head += "Content-Length: 0\r\n"
    if close:
        head += "Connection: close\r\n"
    return (head + "\r\n").encode()

class Reader:
    """Reads HTTP/1.1 responses (Content-Length or chunked) from a socket."""
    def __init__(self, sock):
        self.sock, self.buffer = sock, b""
    def fill(self):
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("the server closed the connection")
        self.buffer += data
    def line(self):
        while b"\r\n" not in self.buffer:
            self.fill()
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line
    def exactly(self, n):
        while len(self.buffer) < n:
            self.fill()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data
    def response(self):
        status = int(self.line().split()[1])
        headers = {}
        while True:
            line = self.line()
            if not line:
                break
            name, _, value = line.partition(b":")
            headers[name.strip().lower()] = value.strip()
        if b"content-length" in headers:
            self.exactly(int(headers[b"content-length"]))
        elif headers.get(b"transfer-encoding", b"").lower() == b"chunked":
            while True:
                size = int(self.line().split(b";")[0], 16)
                self.exactly(size + 2) if size else None
                if size == 0:
                    while self.line():
                        pass
                    break
        return status

def connect():
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock

def expect_answer(status, what):
    if status >= 500 and status != 501:
        note(error=f"{what}: status {status}")
        return False
    return True

def keep_alive(rng):
    sock = connect(); reader = Reader(sock)
    try:
        for _ in range(rng.randint(5, 50)):
            if not take():
                return
            target = rng.choice(TARGETS)
            sock.sendall(request_bytes(target))
            if expect_answer(reader.response(), f"keep-alive {target}"):
                note(requests=1)
    finally:
        sock.close()

def new_connection(rng):
    if not take():
        return
    sock = connect()
    try:
        target = rng.choice(TARGETS)
        sock.sendall(request_bytes(target, close=True))
        if expect_answer(Reader(sock).response(), f"new connection {target}"):
            note(requests=1)
    finally:
        sock.close()

def pipelined(rng):
    n = take(rng.randint(2, 10))
    if not n:
        return
    sock = connect(); reader = Reader(sock)
    try:
        targets = [rng.choice(TARGETS) for _ in range(n)]
        sock.sendall(b"".join(request_bytes(t) for t in targets))
        for target in targets:
            if expect_answer(reader.response(), f"pipelined {target}"):
                note(requests=1)
    finally:
        sock.close()

def slow(rng):
    if not take():
        return
    sock = connect()
    try:
        for byte in request_bytes(rng.choice(TARGETS)):
            sock.send(bytes([byte]))
            time.sleep(0.001)
        if expect_answer(Reader(sock).response(), "slow client"):
            note(requests=1)
    finally:
        sock.close()

def reset_mid_request(rng):
    if not take():
        return
    sock = connect()
    data = request_bytes(rng.choice(TARGETS))
    sock.sendall(data[: rng.randint(1, len(data) - 1)])
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()  # an RST, not a FIN
    note(requests=1, resets=1)

def admin(rng):
    if not take():
        return
    method, path = rng.choice(ADMIN)
    sock = connect()
    try:
        sock.sendall(request_bytes(path, method=method, close=True))
        status = Reader(sock).response()
        if status >= 400:
            note(error=f"admin {method} {path}: status {status}")
        else:
            note(requests=1)
    finally:
        sock.close()

KINDS = [(keep_alive, 30), (new_connection, 25), (pipelined, 15), (slow, 5), (reset_mid_request, 15), (admin, 10)]

def client(seed):
    rng = random.Random(seed)
    kinds, weights = zip(*KINDS)
    while True:
        with lock:
            if issued[0] >= total:
                return
        kind = rng.choices(kinds, weights)[0]
        try:
            kind(rng)
        except Exception as error:  # a dropped connection, a timeout: all count
            note(error=f"{kind.__name__}: {error!r}")

def rewrite_cassettes(stop):
    """Rewrites one cassette now and then (atomically), so --watch reloads under load."""
    path = os.path.join(cassettes, "current", "seoul.json")
    original = open(path, "rb").read()
    reloads = 0
    while not stop.wait(0.5):
        reloads += 1
        text = original + b"\n" * (reloads % 2)  # a new size and mtime, the same cassette
        with open(path + ".tmp", "wb") as file:
            file.write(text)
        os.replace(path + ".tmp", path)
    counts["cassette rewrites"] = reloads

def settle(start):
    """The descriptor count once closed connections are gone (bounded: 10 s)."""
    deadline = time.monotonic() + 10
    while descriptors() != start and time.monotonic() < deadline:
        time.sleep(0.1)
    return descriptors()

# One request first, so "start" is a server that has served (lazy set-up done), with nothing open.
warm = connect(); warm.sendall(request_bytes(TARGETS[0], close=True)); Reader(warm).response(); warm.close()
time.sleep(0.5)
start_rss, start_fds = rss_kib(), descriptors()
began = time.monotonic()
stop = threading.Event()
watcher = threading.Thread(target=rewrite_cassettes, args=(stop,))
watcher.start()
threads = [threading.Thread(target=client, args=(seed,)) for seed in range(clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
stop.set(); watcher.join()
elapsed = time.monotonic() - began
end_fds = settle(start_fds)
end_rss = rss_kib()

print(f"requests:     {counts['requests']} in {elapsed:.1f} s ({counts['requests'] / elapsed:.0f}/s), "
      f"{clients} clients; {counts['resets']} of them reset mid-request")
print(f"reloads:      {counts.get('cassette rewrites', 0)} cassette rewrites under --watch")
print(f"errors:       {counts['errors']}")
for error in errors:
    print(f"  {error}")
print(f"RSS:          {start_rss} KiB at start, {end_rss} KiB at end ({(end_rss - start_rss):+d} KiB)")
print(f"descriptors:  {start_fds} at start, {end_fds} at end")
ok = counts["errors"] == 0 and end_fds == start_fds
print("result:       " + ("ok" if ok else "FAILED"))
sys.exit(0 if ok else 1)
PYTHON
status=$?
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "bench-soak: the server died during the run:" >&2
    tail -20 "$WORK/server.log" >&2
    exit 1
fi
exit $status
