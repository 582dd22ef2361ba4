#!/usr/bin/env python3
"""scripts/bench's figure for the lab database (docs/lab.md), printed, not asserted: a batch
session of one hour of all five MATB tasks (SCENARIO), run headless, sent by labkiosk-lab to a
PostgreSQL this script starts in a temporary folder; the seconds the send took, its rows and
bytes and the sender's peak resident memory, and a second send's (nothing new to send). With
DISPLAY, also the default MATB scenario in a 1920x1080 window for SECONDS (default 30), alone
and then while that session is sent again and again in the background (as a desk sends after
each block): its frame figures and memory side by side.
Usage: lab_bench.py BINARY SCENARIO [DISPLAY [SECONDS]]"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "harness"))
from lab_database import Postgres, postgres_bin  # noqa: E402

binary, scenario = sys.argv[1], sys.argv[2]
display = sys.argv[3] if len(sys.argv) > 3 else None
frame_seconds = sys.argv[4] if len(sys.argv) > 4 else "30"
lab = os.path.join(os.path.dirname(binary), "labkiosk-lab")
if postgres_bin() is None or not os.access(lab, os.X_OK):
    print("lab send: skipped (needs PostgreSQL, apt-get install postgresql, and labkiosk-lab built beside labkiosk)")
    sys.exit(0)
folder = tempfile.mkdtemp(prefix="labkiosk-bench-lab-")
postgres = Postgres(folder)
try:
    url = postgres.url
    work = tempfile.mkdtemp(prefix="labkiosk-bench-lab-data-")
    shutil.copy(scenario, os.path.join(work, "hour.txt"))
    with open(os.path.join(work, "plan.toml"), "w") as f:
        f.write('[study]\nname = "hour"\n\n[[block]]\nkind = "matb"\nscenario = "hour.txt"\n')
    subprocess.run([binary, "batch", os.path.join(work, "plan.toml"), "--participant", "P1", "--data", os.path.join(work, "data"), "--headless"],
                   check=True, capture_output=True)
    [log] = glob.glob(os.path.join(work, "data", "P1", "*", "*", "*.csv"))
    rows = sum(1 for _ in open(log, encoding="utf-8")) - 1
    subprocess.run([lab, "migrate", "--database", url], check=True, capture_output=True)
    timings, peaks = [], []
    for _ in range(2):
        started = time.monotonic()
        sender = subprocess.Popen([lab, "send", "--database", url, "--data", os.path.join(work, "data"), "--kiosk", "bench"],
                                  stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(sender.pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, "the send failed"
        timings.append(time.monotonic() - started)
        peaks.append(usage.ru_maxrss / 1024)
    print(f"lab send: a one-hour five-task MATB session ({rows} rows, {os.path.getsize(log) / 1e6:.1f} MB) in {timings[0]:.2f} s "
          f"(sender's peak resident memory {peaks[0]:.0f} MB); sent again (nothing new) in {timings[1]:.2f} s ({peaks[1]:.0f} MB)")
    if display:
        def matb_window(label):
            done = subprocess.run([binary, "matb", "--sessions", os.path.join(work, "sessions"), "--size", "1920x1080", "--stop-after",
                                   frame_seconds, "--frame-stats"], env={**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"},
                                  capture_output=True, text=True, timeout=600)
            for line in (done.stdout + done.stderr).splitlines():
                if line.startswith(("frames:", "process:")):
                    print(f"lab send: MATB window {label}: {line}")

        matb_window("alone")
        stop = threading.Event()
        sends = []

        def send_again_and_again():
            # Each under a new kiosk name: the whole 70 MB goes to the server every time. The
            # sender lowers its own priority, as it does on a kiosk.
            while not stop.is_set():
                subprocess.run([lab, "send", "--database", url, "--data", os.path.join(work, "data"),
                                "--kiosk", f"bench-{len(sends)}"], check=True, capture_output=True)
                sends.append(1)

        sender = threading.Thread(target=send_again_and_again)
        sender.start()
        matb_window("while sending")
        stop.set()
        sender.join()
        print(f"lab send: {len(sends)} sends of the hour ran beside that window")
    shutil.rmtree(work, ignore_errors=True)
finally:
    postgres.stop()
    shutil.rmtree(folder, ignore_errors=True)
