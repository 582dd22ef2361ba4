#!/usr/bin/env python3
"""A Lab Streaming Layer peer for labkiosk's tests: resolves the `OpenMATB` marker outlet
on this machine and records every sample it receives.

    lsl_inlet.py OUTPUT.json [--timeout SECONDS] [--quiet-after SECONDS]

Prints `resolved <name> <type> <channels> <format> <source_id>` once the inlet is connected
(the caller waits for that line before letting the session send anything), then collects
samples until no sample arrived for --quiet-after seconds after the first one, or until
--timeout. Writes a JSON list of [lsl_timestamp, text] pairs to OUTPUT.json.
"""
import argparse
import json
import sys
import time

import pylsl


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--quiet-after", type=float, default=3)
    args = parser.parse_args()

    streams = pylsl.resolve_byprop("name", "OpenMATB", timeout=args.timeout)
    if not streams:
        print("no OpenMATB stream found", flush=True)
        sys.exit(1)
    info = streams[0]
    inlet = pylsl.StreamInlet(info, max_buflen=360)
    inlet.open_stream(timeout=10)
    fmt = {pylsl.cf_string: "string"}.get(info.channel_format(), str(info.channel_format()))
    print(f"resolved {info.name()} {info.type()} {info.channel_count()} {fmt} {info.source_id()} "
          f"{info.nominal_srate()}", flush=True)

    samples = []
    deadline = time.time() + args.timeout
    last = None
    while time.time() < deadline:
        sample, timestamp = inlet.pull_sample(timeout=0.2)
        if sample is not None:
            samples.append([timestamp, sample[0]])
            last = time.time()
        elif last is not None and time.time() - last > args.quiet_after:
            break
    with open(args.output, "w") as f:
        json.dump(samples, f)
    print(f"received {len(samples)}", flush=True)


if __name__ == "__main__":
    main()
