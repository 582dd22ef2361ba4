#!/usr/bin/env python3
"""Display timing figures (docs/timing.md), printed, never asserted: a windowed MATB session of
SECONDS under the X server DISPLAY, first with OLD (a build from before frames followed the
display) and then with NEW, one after the other on the same server: the presentation intervals
against the refresh measured, late frames and missed refreshes, and the CPU time and peak
resident memory of each beside the other.

    scripts/display_bench.py OLD NEW DISPLAY SECONDS [SCENARIO]
"""
import os
import re
import subprocess
import sys
import tempfile


def run(binary, display, seconds, scenario):
    with tempfile.TemporaryDirectory() as sessions:
        done = subprocess.run([binary, "matb", "--sessions", sessions, "--size", "1920x1080", "--mute", "--stop-after", str(seconds),
                               "--frame-stats", *([scenario] if scenario else [])],
                              env={**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}, capture_output=True, text=True,
                              timeout=seconds + 120)
    out = done.stdout + done.stderr
    process = re.search(r"^process: [\d.]+ % of one core \(([\d.]+) s CPU over ([\d.]+) s\), peak RSS ([\d.]+) MB", out, re.M)
    if done.returncode != 0 or not process:
        sys.exit(f"{binary} failed ({done.returncode}):\n{out}")
    return out, float(process.group(1)), float(process.group(3))


def main():
    old, new, display, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    scenario = sys.argv[5] if len(sys.argv) > 5 else None
    figures = {}
    for label, binary in (("old", old), ("new", new)):
        out, cpu, rss = run(binary, display, seconds, scenario)
        figures[label] = (cpu, rss)
        clock = re.search(r"^labkiosk: onset clock: ([a-z-]+)", out, re.M)
        print(f"{label}: onset clock {clock.group(1) if clock else 'not named (the software timer, unsaid)'}")
        for line in out.splitlines():
            if line.startswith(("frames:", "display:", "process:")):
                print(f"{label}: {line}")
        frames = re.search(r"^frames: \d+ intervals: mean ([\d.]+) ms, p50 ([\d.]+) ms, p99 ([\d.]+) ms", out, re.M)
        refresh = re.search(r"^display: refresh ([\d.]+) ms measured", out, re.M)
        if frames and refresh:
            r = float(refresh.group(1))
            print(f"{label}: presentation interval p50 {float(frames.group(2)):.3f} ms, p99 {float(frames.group(3)):.3f} ms "
                  f"against the refresh of {r:.4f} ms: p99 off by {float(frames.group(3)) - r:.3f} ms")
    (old_cpu, old_rss), (new_cpu, new_rss) = figures["old"], figures["new"]
    print(f"CPU over {seconds:g} s: old {old_cpu:.2f} s, new {new_cpu:.2f} s ({100 * (new_cpu / old_cpu - 1):+.1f} %); "
          f"peak RSS: old {old_rss:.1f} MB, new {new_rss:.1f} MB ({100 * (new_rss / old_rss - 1):+.1f} %)")


if __name__ == "__main__":
    main()
