#!/usr/bin/env python3
"""Onset against light (docs/timing.md, "Light under Xvfb"), printed, never asserted:
`labkiosk timing` under the X server DISPLAY against the emulated light sensor
(Tests/harness/emulated_light_sensor.c, built here with cc), REPEATS flashes of each length.

    scripts/timing_bench.py BINARY DISPLAY [REPEATS]

Prints, per flash, logged onset − light (the refresh the display reported, labkiosk's onset
today; the emulated light of refresh N is N × Xvfb's interval, its reports come later) and
frame start − light (where a stamp taken when the frame is begun would be, from the same
flashes; the build from before frames followed the display has no `timing` command, and this
one refuses to measure a display that reports nothing, so the old path itself is not run): mean, SD and p99 of the absolute value,
in ms; how many flashes labkiosk placed at the refresh that showed them; the presentation intervals against the
refresh (`--frame-stats`); and the emulated sensor's own counts. The emulated sensor also plays
a "virtual human" button box pressing 120 ms after each light, so labkiosk's summary carries
the response time's lag and variability (press − logged onset − 120 ms) as well.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
PATCH, SIZE = (200, 150), 100
RESPONSE_DELAY_MS = 120


def spread(name, values):
    if not values:
        print(f"{name}: nothing measured")
        return
    ordered = sorted(abs(v) for v in values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered) + 0.999999) - 1)]
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    print(f"{name}: mean {statistics.mean(values):.4f} ms, SD {sd:.4f} ms, |p99| {p99:.4f} ms, max |{max(ordered):.4f}| ms over {len(values)}")


def main():
    binary, display = sys.argv[1], sys.argv[2]
    repeats = sys.argv[3] if len(sys.argv) > 3 else "20"
    env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as work:
        sensor = os.path.join(work, "emulated_light_sensor")
        subprocess.run(["cc", "-O2", "-o", sensor, os.path.join(REPO, "Tests", "harness", "emulated_light_sensor.c"),
                        "-lxcb", "-lxcb-present", "-lxcb-damage"], check=True)
        fifo = os.path.join(work, "event0")
        os.mkfifo(fifo)
        with open(fifo + ".json", "w") as f:
            json.dump({"name": "Emulated light sensor", "clock": "monotonic", "keys": [256], "axes": []}, f)
        box = os.path.join(work, "event1")
        os.mkfifo(box)
        with open(box + ".json", "w") as f:
            json.dump({"name": "Emulated response box", "clock": "monotonic", "keys": [256], "axes": []}, f)
        watcher = subprocess.Popen([sensor, str(PATCH[0] + SIZE // 2), str(PATCH[1] + SIZE // 2), fifo, "128", "--respond", box,
                                    str(RESPONSE_DELAY_MS)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        watcher.stdout.readline()
        done = subprocess.run([binary, "timing", "--sensor", fifo, "--patch", f"{PATCH[0]},{PATCH[1]}", "--patch-size", str(SIZE),
                               "--repeats", repeats, "--size", "1920x1080", "--data", os.path.join(work, "data"), "--mute",
                               "--response", box, "--response-delay", str(RESPONSE_DELAY_MS), "--frame-stats"],
                              env=env, capture_output=True, text=True, timeout=600)
        watcher.terminate()
        _, counts = watcher.communicate(timeout=10)
        tables = [os.path.join(root, name) for root, _, names in os.walk(os.path.join(work, "data")) for name in names
                  if name.endswith("_timing.tsv")]
        if not tables:
            sys.exit(f"labkiosk timing wrote nothing ({done.returncode}):\n{done.stdout}{done.stderr}")
        lines = open(tables[0], encoding="utf-8").read().splitlines()
        header = lines[0].split("\t")
        rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    measured = [r for r in rows if r["light_on"] and r["presented_time"]]
    logged = [(float(r["presented_time"]) - float(r["light_on"])) * 1000 for r in measured]
    started = [(float(r["software_time"]) - float(r["light_on"])) * 1000 for r in measured]
    print(f"flashes: {len(rows)}, measured {len(measured)}, exit status {done.returncode}")
    spread("logged onset - light (display-presented, this build)", logged)
    spread("frame start - light (a stamp taken when the frame is begun)", started)
    same = [v for v in logged if abs(v) < 8]
    print(f"the same refresh: {len(same)} of {len(logged)}; logged a refresh or more late: {sum(1 for v in logged if v >= 8)}; "
          f"early: {sum(1 for v in logged if v <= -8)}")
    spread("  of those the same refresh, logged onset - light (Xvfb's report after its refresh)", same)
    for line in (done.stdout + done.stderr).splitlines():
        if line.startswith(("frames:", "display:", "presentation interval", "responses:")) or "lag" in line:
            print(line)
    print(counts.strip())


if __name__ == "__main__":
    main()
