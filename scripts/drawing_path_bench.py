#!/usr/bin/env python3
"""The drawing path (docs/timing.md, "The drawing path"), printed, never asserted: the same
frames handed to the X server DISPLAY by labkiosk's window surface and by an SDL renderer's
streaming texture (scripts/drawing_path_bench.c, built here with cc), SECONDS each, one after
the other, with each one's CPU time and peak resident memory and the texture path's beside the
window surface's.

    scripts/drawing_path_bench.py DISPLAY SECONDS
"""
import os
import re
import subprocess
import sys
import tempfile

SOURCE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "drawing_path_bench.c")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    display, seconds = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        binary = os.path.join(work, "drawing_path_bench")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "sdl2"], capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", binary, SOURCE, *flags], check=True)
        figures = {}
        for path, driver in (("window-surface", None), ("streaming-texture", None), ("streaming-texture", "software")):
            env = {**os.environ, "DISPLAY": display}
            if driver:
                env["SDL_RENDER_DRIVER"] = driver
            done = subprocess.run([binary, path, seconds], env=env, capture_output=True, text=True, timeout=float(seconds) + 60)
            line = (done.stdout or done.stderr).strip()
            print(line)
            found = re.search(r"\(([^)]+)\): (\d+) frames in [\d.]+ s, CPU ([\d.]+) s, peak RSS ([\d.]+) MB", line)
            if found:
                figures[found.group(1)] = (int(found.group(2)), float(found.group(3)), float(found.group(4)))
    surface = figures.get("window surface")
    for name, (frames, cpu, rss) in figures.items():
        if surface and name != "window surface" and surface[1] > 0:
            print(f"streaming texture ({name}) against the window surface: CPU ×{cpu / surface[1]:.1f}, peak RSS ×{rss / surface[2]:.1f}, "
                  f"frames {frames} against {surface[0]}")


if __name__ == "__main__":
    main()
