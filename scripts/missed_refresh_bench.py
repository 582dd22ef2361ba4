#!/usr/bin/env python3
"""Missed refreshes over a MATB run, seen by an independent observer of the X server against
labkiosk's own account (docs/timing.md, "Missed refreshes, observed"), printed, never asserted:

    scripts/missed_refresh_bench.py BINARY DISPLAY SECONDS [SCENARIO]

runs `labkiosk matb` for SECONDS in a 1920x1080 window on the X server DISPLAY (an Xvfb),
watched by Tests/harness/refresh_observer.c (built here with cc), on SCENARIO or on the five
tasks with the tracking task moving every 10 ms. Prints the refreshes, the missed ones the
observer saw, the ones labkiosk counted and its late frames, and the undetected ones: missed as
the observer saw them with nothing in labkiosk's account for them, each with its number and time,
and the misplaced ones: counted a refresh away (the pairing: Tests/harness/missed_refreshes.py).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "Tests", "harness"))
from missed_refreshes import observe_matb  # noqa: E402


def listed(refreshes, at_most=20):
    shown = [f"{number} at {time:.6f} s" for number, time in sorted(refreshes.items())[:at_most]]
    return ", ".join(shown + (["…"] if len(refreshes) > at_most else [])) or "none"


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    binary, display, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    scenario = sys.argv[4] if len(sys.argv) > 4 else None
    with tempfile.TemporaryDirectory() as work:
        comparison, output = observe_matb(binary, dict(os.environ, DISPLAY=display), seconds, work, scenario)
    observation, account = comparison.observation, comparison.account
    print(f"refreshes: {comparison.refreshes} from {comparison.first_due} (the first due a frame) to {observation.last} "
          f"(the last frame's); {len(comparison.uncertain)} the observer could not tell, "
          f"{observation.left_out} left out at the end")
    print(f"missed seen by the observer: {len(comparison.missed)}")
    print(f"missed counted by labkiosk: {account.missed_total} in {account.late_frames} late frames, "
          f"{account.frames} frames reported, {account.unreported} unreported, {account.uncertain} uncertain")
    print(f"undetected: {len(comparison.undetected)} ({listed(comparison.undetected)})")
    print(f"misplaced: {len(comparison.misplaced)} (counted by labkiosk a refresh away from the one the observer saw missed)")
    print(f"counted by labkiosk, seen drawn by the observer: {len(comparison.counted_not_seen)}")
    # Each undetected refresh with what both sides said around it, to tell why.
    for number in sorted(comparison.undetected)[:20]:
        near = range(number - 10, number + 11)
        print(f"  around {number}: observer missed {[n for n in sorted(comparison.missed) if n in near]}, "
              f"uncertain {[n for n in sorted(comparison.uncertain) if n in near]}; labkiosk listed "
              f"{[n for n in sorted(account.missed) if n in near]}")
    if observation.reports_off_model:
        print(f"void: {observation.reports_off_model} Present reports off Xvfb's counter model")
    for line in output.splitlines():
        if line.startswith(("frames:", "display:")):
            print(line)


if __name__ == "__main__":
    main()
