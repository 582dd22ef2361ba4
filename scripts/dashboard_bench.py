#!/usr/bin/env python3
"""scripts/bench's figure for the lab under load (docs/dashboard.md), printed, not asserted:
KIOSKS simulated kiosks (processes of labkiosk-lab send, each with its own data folder made
by a real headless batch) send to a PostgreSQL this script starts, every 10 s, make contact
(labkiosk-lab contact, their heartbeat) every 2 s between sends, and send once more after a new
session each, for SECONDS, while 10 dashboard clients,
each signed in with its live-update stream open, load the pages one after another. Prints
the pages' latency (p50, p99, max), the sends that failed, and how many of the kiosks' files
are in the lab with their SHA-256 (every one, or what was lost).
Usage: dashboard_bench.py BINARY [KIOSKS] [SECONDS]"""
import hashlib
import http.client
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "harness"))
from lab_database import Dashboard, Postgres, kiosk_data, postgres_bin  # noqa: E402

binary = sys.argv[1]
kiosks = int(sys.argv[2]) if len(sys.argv) > 2 else 50
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 60
clients = 10
lab = os.path.join(os.path.dirname(binary), "labkiosk-lab")
if postgres_bin() is None or not os.access(lab, os.X_OK):
    print("dashboard under load: skipped (needs PostgreSQL, apt-get install postgresql, and labkiosk-lab built beside labkiosk)")
    sys.exit(0)


class Binary:
    """labkiosk, as lab_database.kiosk_data runs it."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, timeout):
        return subprocess.run([self.path, *map(str, args)], capture_output=True, text=True, timeout=timeout)


def send(url, data, kiosk):
    started = time.monotonic()
    done = subprocess.run([lab, "send", "--database", url, "--data", data, "--kiosk", kiosk], capture_output=True, text=True, timeout=300)
    return done.returncode, time.monotonic() - started


def contact(url, kiosk):
    done = subprocess.run([lab, "contact", "--database", url, "--kiosk", kiosk], capture_output=True, text=True, timeout=60)
    return done.returncode


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


work = Path(tempfile.mkdtemp(prefix="labkiosk-bench-dashboard-"))
server_folder = tempfile.mkdtemp(prefix="labkiosk-bench-dashboard-postgres-")
postgres = Postgres(server_folder)
dashboard = None
try:
    labkiosk = Binary(binary)
    folders = {f"kiosk-{n:02d}": kiosk_data(labkiosk, work / f"k{n:02d}", [f"P{n:02d}"], "load-study") for n in range(kiosks)}
    subprocess.run([lab, "migrate", "--database", postgres.url], check=True, capture_output=True)
    subprocess.run([lab, "staff", "add", "--database", postgres.url, "watcher"], input="watching the lab\n", check=True,
                   capture_output=True, text=True)
    dashboard = Dashboard([lab], work, "--database", postgres.url)
    port = dashboard.port
    # The server idle before any kiosk sends: what a lab server holds for the dashboard alone.
    time.sleep(3)
    resident = next(int(line.split()[1]) for line in open(f"/proc/{dashboard.process.pid}/status") if line.startswith("VmRSS:"))
    print(f"dashboard idle: {resident / 1024:.1f} MB resident; labkiosk-lab {os.path.getsize(lab) / 1e6:.1f} MB on disk")

    # Every kiosk's first send, before the clock starts: the lab has every kiosk's study.
    for name, data in folders.items():
        send(postgres.url, data, name)

    stop = threading.Event()
    sends, failures, latencies, contacts = [], [], [], []
    lock = threading.Lock()

    def kiosk_loop(name, data, index):
        rng = random.Random(index)
        new_session_at = time.monotonic() + rng.uniform(0.2, 0.6) * seconds
        stop.wait(rng.uniform(0, 10))
        while not stop.is_set():
            if new_session_at is not None and time.monotonic() >= new_session_at:
                kiosk_data(labkiosk, data.parent, [f"P{index:02d}b"], "load-study")
                new_session_at = None
            status, took = send(postgres.url, data, name)
            with lock:
                sends.append(took)
                if status != 0:
                    failures.append(name)
            for _ in range(4):
                if stop.wait(2):
                    break
                status = contact(postgres.url, name)
                with lock:
                    contacts.append(status)
            stop.wait(2)

    def client_loop(index):
        cookie = dashboard.sign_in("watcher", "watching the lab")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds + 30)
        stream.request("GET", "/events", headers={"Cookie": cookie})
        events = stream.getresponse()
        threading.Thread(target=lambda: [None for _ in iter(lambda: events.readline() if not stop.is_set() else b"", b"")], daemon=True).start()
        pages = ["/", "/study?study=load-study", f"/participant?study=load-study&participant=P{index % kiosks:02d}", "/integrity"]
        rng = random.Random(1000 + index)
        while not stop.is_set():
            page = rng.choice(pages)
            started = time.monotonic()
            connection.request("GET", page, headers={"Cookie": cookie})
            answer = connection.getresponse()
            body = answer.read()
            took = time.monotonic() - started
            with lock:
                latencies.append((took, page, answer.status, len(body)))
            stop.wait(0.25)

    threads = [threading.Thread(target=kiosk_loop, args=(name, data, n)) for n, (name, data) in enumerate(folders.items())]
    threads += [threading.Thread(target=client_loop, args=(n,)) for n in range(clients)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=300)
    load_seconds = time.monotonic() - began

    # Every kiosk sends once more, as its next heartbeat would; then every file is checked.
    for name, data in folders.items():
        send(postgres.url, data, name)
    stored = {(kiosk, path): (recorded, actual) for kiosk, path, recorded, actual in postgres.psql(
        "SELECT f.kiosk, f.path, f.sha256, encode(sha256(c.data), 'hex') FROM file f JOIN content c USING (sha256)")}
    expected = lost = 0
    for name, data in folders.items():
        for path in data.rglob("*"):
            if path.is_file() and path.suffix in (".tsv", ".csv") and "_" in path.name:
                expected += 1
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                if stored.get((name, str(path.relative_to(data)))) != (digest, digest):
                    lost += 1
    ok = [took for took, _, status, _ in latencies if status == 200]
    for page, status in sorted({(page, status) for _, page, status, _ in latencies if status != 200}):
        print(f"dashboard under load: {page} answered {status}")
    errors = len(latencies) - len(ok)
    print(f"dashboard under load: {kiosks} kiosks sending every 10 s, making contact every 2 s between, and {clients} clients "
          f"watching for {load_seconds:.0f} s: "
          f"{len(latencies)} pages, p50 {percentile(ok, 0.5) * 1000:.0f} ms, p99 {percentile(ok, 0.99) * 1000:.0f} ms, "
          f"max {max(ok) * 1000:.0f} ms, {errors} errors; {len(sends)} sends (p50 {percentile(sends, 0.5):.2f} s), "
          f"{len(failures)} failed; {len(contacts)} contacts, {sum(1 for c in contacts if c != 0)} failed; "
          f"{expected - lost} of {expected} files in the lab with equal SHA-256, {lost} lost")
finally:
    if dashboard is not None:
        dashboard.stop()
    postgres.stop()
    shutil.rmtree(server_folder, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
