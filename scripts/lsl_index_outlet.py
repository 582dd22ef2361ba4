#!/usr/bin/env python3
"""A Lab Streaming Layer outlet streaming a scripted index, as a workload classifier or an
EEG engagement index would, for labkiosk's adaptive rules (docs/adaptive.md).

    scripts/lsl_index_outlet.py NAME SCRIPT [--type TYPE] [--rate HZ] [--quiet SECONDS]

SCRIPT is `value:seconds,value:seconds,...`: each value streamed at HZ (default 20) for its
seconds, one after another; then the outlet stays open and sends nothing for --quiet seconds
(default 10), so the stream goes quiet without vanishing. On standard output, one JSON line
when the stream is open (`{"open": NAME}`) and one at each change, with the LSL time of its
first sample (`{"value": 0.9, "time": 12345.678}`): what a test matches the log against.
"""
import argparse
import json
import sys
import time

import pylsl


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name")
    parser.add_argument("script")
    parser.add_argument("--type", default="Workload")
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--quiet", type=float, default=10)
    arguments = parser.parse_args()
    steps = [(float(value), float(seconds)) for value, seconds in (part.split(":") for part in arguments.script.split(","))]
    info = pylsl.StreamInfo(arguments.name, arguments.type, 1, arguments.rate, "float32", f"labkiosk-test-{arguments.name}")
    outlet = pylsl.StreamOutlet(info)
    print(json.dumps({"open": arguments.name}), flush=True)
    period = 1 / arguments.rate
    for value, seconds in steps:
        start = pylsl.local_clock()
        print(json.dumps({"value": value, "time": start}), flush=True)
        sent = 0
        while pylsl.local_clock() - start < seconds:
            outlet.push_sample([value], start + sent * period)
            sent += 1
            time.sleep(max(0, start + sent * period - pylsl.local_clock()))
    print(json.dumps({"quiet": pylsl.local_clock()}), flush=True)
    time.sleep(arguments.quiet)
    del outlet
    return 0


if __name__ == "__main__":
    sys.exit(main())
