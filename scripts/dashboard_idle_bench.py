#!/usr/bin/env python3
"""scripts/bench's figures for the dashboard staying up (docs/dashboard.md), printed, not
asserted, for each labkiosk binary given (labkiosk-lab beside it), one after the other in one
run so that builds can be compared on the same machine at the same time:

- `serve --data` on a kiosk's data folder of GIGABYTES (default 1.4): the CPU it takes over
  SECONDS (default 60) once it has read the folder, while nothing changes in it (a share of
  one core), and its resident memory;
- 2,000 idle connections opened to `serve --database` on a PostgreSQL this script starts, with
  the open-file limit of a systemd service whose unit sets none (soft 1024): how many it held
  and how long a signed-in page took to answer meanwhile (p50, p99, max of 50 requests; one
  not answered within 5 s is counted).

The folder is real: headless batches of a small judgement plan, each session given one large
log named and sealed in its journal as a block's file is.
Usage: dashboard_idle_bench.py BINARY [BINARY...]  (env BENCH_DATA_GB, BENCH_IDLE_SECONDS)"""
import hashlib
import http.client
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "harness"))
from lab_database import Dashboard, Postgres, kiosk_data, postgres_bin  # noqa: E402

binaries = sys.argv[1:]
gigabytes = float(os.environ.get("BENCH_DATA_GB", "1.4"))
seconds = float(os.environ.get("BENCH_IDLE_SECONDS", "60"))
connections = 2000
sessions = 20


class Binary:
    """labkiosk, as lab_database.kiosk_data runs it."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, timeout):
        return subprocess.run([self.path, *map(str, args)], capture_output=True, text=True, timeout=timeout)


def service_limits():
    """The open-file limits systemd gives a service without LimitNOFILE."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 65536))


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_mb(pid):
    return next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS:")) / 1024


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def big_folder(labkiosk, folder):
    """SESSIONS sessions, each with one log of GIGABYTES / SESSIONS sealed in its journal."""
    data = kiosk_data(labkiosk, folder, [f"P{n:02d}" for n in range(sessions)], "idle-study")
    size = int(gigabytes * 1e9 / sessions)
    line = b"0.016\tscenario\ttrack\tcursor\t0.1234\t-0.5678\n"
    chunk = line * (1 << 20 // len(line))
    for journal in data.glob("P*/*/batch.txt"):
        log = journal.parent / "bulk.tsv"
        digest = hashlib.sha256()
        with open(log, "wb") as out:
            written = 0
            while written < size:
                piece = chunk[:size - written]
                out.write(piece)
                digest.update(piece)
                written += len(piece)
        with open(journal, "a") as appended:
            appended.write(f"file 2 bulk.tsv\nchecksum {size} {digest.hexdigest()} bulk.tsv\n")
    return data


def idle_folder(lab, data, work):
    (data / "lab.sqlite").unlink(missing_ok=True)
    started = time.monotonic()
    dashboard = Dashboard([lab], work, "--data", str(data), "--kiosk", "kiosk-1")
    try:
        # The first read hashes every file: the folder is read once the server is quiet.
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and busy(dashboard.process.pid):
            pass
        read = time.monotonic() - started
        before = cpu_seconds(dashboard.process.pid)
        time.sleep(seconds)
        share = (cpu_seconds(dashboard.process.pid) - before) / seconds * 100
        return read, share, resident_mb(dashboard.process.pid)
    finally:
        dashboard.stop()


def busy(pid):
    """True while the process used more than a tenth of a core over the last second."""
    before = cpu_seconds(pid)
    time.sleep(1)
    return cpu_seconds(pid) - before > 0.1


def idle_connections(lab, url, work):
    """The server started with a service's open-file limits when its unit sets none (soft 1024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    try:
        dashboard = Dashboard([lab], work, "--database", url)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held = []
    try:
        cookie = dashboard.sign_in("watcher", "watching the lab")
        for _ in range(connections):
            try:
                held.append(socket.create_connection(("127.0.0.1", dashboard.port), timeout=5))
            except OSError:
                break
        latencies, lost = [], 0
        for _ in range(50):
            started = time.monotonic()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=5)
                connection.request("GET", "/", headers={"Cookie": cookie})
                response = connection.getresponse()
                response.read()
                connection.close()
                if response.status == 200:
                    latencies.append((time.monotonic() - started) * 1000)
                else:
                    lost += 1
            except OSError:
                lost += 1
        return len(held), latencies, lost
    finally:
        for held_socket in held:
            held_socket.close()
        dashboard.stop()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


if postgres_bin() is None:
    print("dashboard staying up: skipped (needs PostgreSQL: apt-get install postgresql)")
    sys.exit(0)
work = Path(tempfile.mkdtemp(prefix="labkiosk-bench-idle-"))
postgres = Postgres(tempfile.mkdtemp(prefix="labkiosk-bench-idle-postgres-"))
try:
    data = big_folder(Binary(binaries[-1]), work / "kiosk")
    total = sum(path.stat().st_size for path in data.rglob("*") if path.is_file())
    for binary in binaries:
        lab = os.path.join(os.path.dirname(binary), "labkiosk-lab")
        name = os.path.relpath(binary)
        read, share, resident = idle_folder(lab, data, str(work))
        print(f"{name}: serve --data on {total / 1e9:.2f} GB ({sessions} sessions): folder read in {read:.0f} s, then idle "
              f"{share:.2f} % of a core over {seconds:.0f} s, {resident:.0f} MB resident")
    url = postgres.url
    for binary in binaries:
        lab = os.path.join(os.path.dirname(binary), "labkiosk-lab")
        subprocess.run([lab, "migrate", "--database", url], check=True, capture_output=True)
        subprocess.run([lab, "staff", "add", "--database", url, "watcher"], input="watching the lab\n", capture_output=True, text=True)
        opened, latencies, lost = idle_connections(lab, url, str(work))
        answered = (f"p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms"
                    if latencies else "none answered")
        print(f"{os.path.relpath(binary)}: {opened} of {connections} idle connections opened; a signed-in page meanwhile: {answered}, "
              f"{lost} of 50 not answered within 5 s")
finally:
    postgres.stop()
    shutil.rmtree(work, ignore_errors=True)
