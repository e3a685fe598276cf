#!/usr/bin/env python3
"""Time from exec to the first 200, for the benchmarks (Scripts/bench-server.sh, bench-startup.sh).

usage: first200.py PID_FILE PORT PATH COMMAND...
Starts COMMAND, polls (every millisecond, without busy-waiting a core away from the server it is
timing) until GET PATH on 127.0.0.1:PORT answers 200, prints the milliseconds since exec and leaves
the server running; its pid goes to PID_FILE, its standard error to PID_FILE.err.
"""
import socket, subprocess, sys, time
if len(sys.argv) < 5 or not sys.argv[2].isdigit():
    sys.exit(f"usage: first200.py PID_FILE PORT PATH COMMAND... (got {sys.argv[1:]})")
pid_file, port, path, command = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
started = time.monotonic()
server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=open(pid_file + ".err", "w"))
open(pid_file, "w").write(str(server.pid))
while True:
    if server.poll() is not None:
        sys.exit(f"{command[0]} exited with {server.returncode} before answering")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            if connection.makefile("rb").readline().split()[1:2] == [b"200"]:
                break
    except OSError:
        pass
    if time.monotonic() - started > 60:
        # The caller learns no pid from a failure, so the server is not left running behind it.
        server.terminate()
        server.wait()
        sys.exit(f"{command[0]} gave no 200 for {path} within 60 s")
    time.sleep(0.001)
print(f"{(time.monotonic() - started) * 1000:.1f}")
