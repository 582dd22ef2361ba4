#!/usr/bin/env python3
"""scripts/bench's figure for the lab database (docs/lab.md), printed, not asserted: a batch
session of one hour of all five MATB tasks (SCENARIO), run headless, sent by labkiosk-lab to a
PostgreSQL this script starts in a temporary folder; the seconds the send took, its rows and
bytes, and a second send's seconds (nothing new to send).
Usage: lab_bench.py BINARY SCENARIO"""
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time

binary, scenario = sys.argv[1], sys.argv[2]
lab = os.path.join(os.path.dirname(binary), "labkiosk-lab")
found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
if not found or not os.access(lab, os.X_OK):
    print("lab send: skipped (needs PostgreSQL, apt-get install postgresql, and labkiosk-lab built beside labkiosk)")
    sys.exit(0)
bin_dir = os.path.dirname(found[-1])
folder = tempfile.mkdtemp(prefix="labkiosk-bench-lab-")
prefix = []
if os.getuid() == 0:
    nobody = pwd.getpwnam("nobody")
    os.chown(folder, nobody.pw_uid, nobody.pw_gid)
    prefix = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
database = os.path.join(folder, "db")
try:
    subprocess.run([*prefix, os.path.join(bin_dir, "initdb"), "-D", database, "-U", "lab", "--auth=trust"], check=True, capture_output=True)
    subprocess.run([*prefix, os.path.join(bin_dir, "pg_ctl"), "-D", database, "-w", "-l", os.path.join(folder, "log"),
                    "-o", f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}", "start"], check=True, capture_output=True)
    subprocess.run(["psql", "-X", f"postgresql://lab@127.0.0.1:{port}/postgres", "-c", "CREATE DATABASE lab"], check=True, capture_output=True)
    url = f"postgresql://lab@127.0.0.1:{port}/lab"
    work = tempfile.mkdtemp(prefix="labkiosk-bench-lab-data-")
    shutil.copy(scenario, os.path.join(work, "hour.txt"))
    with open(os.path.join(work, "plan.toml"), "w") as f:
        f.write('[study]\nname = "hour"\n\n[[block]]\nkind = "matb"\nscenario = "hour.txt"\n')
    subprocess.run([binary, "batch", os.path.join(work, "plan.toml"), "--participant", "P1", "--data", os.path.join(work, "data"), "--headless"],
                   check=True, capture_output=True)
    [log] = glob.glob(os.path.join(work, "data", "P1", "*", "*", "*.csv"))
    rows = sum(1 for _ in open(log, encoding="utf-8")) - 1
    subprocess.run([lab, "migrate", "--database", url], check=True, capture_output=True)
    timings = []
    for _ in range(2):
        started = time.monotonic()
        subprocess.run([lab, "send", "--database", url, "--data", os.path.join(work, "data"), "--kiosk", "bench"], check=True, capture_output=True)
        timings.append(time.monotonic() - started)
    print(f"lab send: a one-hour five-task MATB session ({rows} rows, {os.path.getsize(log) / 1e6:.1f} MB) in {timings[0]:.2f} s; "
          f"sent again (nothing new) in {timings[1]:.2f} s")
    shutil.rmtree(work, ignore_errors=True)
finally:
    subprocess.run([*prefix, os.path.join(bin_dir, "pg_ctl"), "-D", database, "-m", "fast", "stop"], capture_output=True)
    shutil.rmtree(folder, ignore_errors=True)
