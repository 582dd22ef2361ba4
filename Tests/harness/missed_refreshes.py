"""Missed refreshes as an observer of the X server sees them (refresh_observer.c) against the
ones labkiosk's own account lists (docs/timing.md, "Missed refreshes, observed"), for a MATB
run under Xvfb. Shared by the e2e test (Tests/e2e/test_missed_refreshes.py) and scripts/bench
(scripts/missed_refresh_bench.py).

MATB draws a new frame at every refresh while its tracking moves every 10 ms, so every
refresh without one is a missed refresh. One the observer saw with nothing in labkiosk's
account for it, neither that refresh nor one a refresh away, is *undetected* (``Comparison``)."""
import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field

OBSERVER_SOURCE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "refresh_observer.c")

# labkiosk's line for each late frame (LateFrame.logText), as it finds it.
LATE_FRAME = re.compile(r"^labkiosk: display: (\d+) missed refresh(?:es)? (\d+)(?:-(\d+))? from ([\d.]+) s, "
                        r"frame shown at ([\d.]+) s \(([\d.]+) ms late\)$", re.M)
# Its figures at the end of the run (--frame-stats).
DISPLAY_FIGURES = re.compile(r"^display: refresh ([\d.]+) ms measured, (\d+) frames reported, (\d+) late, (\d+) refreshes missed, "
                             r"(\d+) unreported, (\d+) uncertain$", re.M)
# The observer's range of refreshes.
OBSERVED = re.compile(r"^refreshes: (\d+) from (\d+) to (\d+), (\d+) left out at the end", re.M)


def build_observer(folder):
    """The observer, compiled into `folder` (needs a C compiler, libxcb-present-dev and
    libxcb-damage0-dev, as the emulated light sensor does)."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        raise RuntimeError("no C compiler to build the refresh observer")
    binary = os.path.join(folder, "refresh_observer")
    built = subprocess.run([compiler, "-O2", "-o", binary, OBSERVER_SOURCE, "-lxcb", "-lxcb-present", "-lxcb-damage"],
                           capture_output=True, text=True)
    if built.returncode != 0:
        raise RuntimeError("the refresh observer does not build (libxcb-present-dev, libxcb-damage0-dev):\n" + built.stderr)
    return binary


def matb_scenario(seconds):
    """All five MATB tasks for `seconds` and a minute more (the run is stopped at `seconds`),
    with a system-monitoring failure, a radio prompt and a pump failure every minute."""
    def at(s):
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    tasks = ["sysmon", "track", "scheduling", "communications", "resman"]
    # OpenMATB's tracking moves every 20 ms: at 60 Hz one refresh in six would show no change,
    # which no observer can tell from a missed one. Every 10 ms, every refresh has a new picture.
    lines = ["0:00:00;track;taskupdatetime;10"] + [f"0:00:00;{task};start" for task in tasks]
    end = int(seconds) + 60
    for minute in range(end // 60 + 1):
        start = minute * 60
        lines += [f"{at(start + 8)};sysmon;scales-{minute % 4 + 1}-failure;True",
                  f"{at(start + 15)};communications;radioprompt;{'own' if minute % 2 == 0 else 'other'}",
                  f"{at(start + 25)};resman;pump-2-state;failure", f"{at(start + 45)};resman;pump-2-state;off"]
    lines += [f"{at(end)};{task};stop" for task in tasks]
    return "\n".join(lines) + "\n"


@dataclass
class Observation:
    """The observer's figures: refreshes from `first` to `last` (their numbers, Present's
    MSC), those with no new frame and those it could not tell, each with its time (s)."""
    interval_us: int
    first: int
    last: int
    left_out: int
    missed: dict
    uncertain: dict
    reports_off_model: int
    text: str


def parse_observation(text):
    counted = OBSERVED.search(text)
    off_model = re.search(r"^refresh_observer: interval (\d+) us, \d+ reports, (\d+) off the counter model", text, re.M)
    if not counted or not off_model:
        raise RuntimeError("the refresh observer printed no figures:\n" + text)

    def listed(name):
        line = re.search(rf"^{name}:(.*)$", text, re.M)
        return {int(n): float(t) for n, t in (item.split("@") for item in line.group(1).split())} if line else {}
    return Observation(interval_us=int(off_model.group(1)), first=int(counted.group(2)), last=int(counted.group(3)), left_out=int(counted.group(4)),
                       missed=listed("missed"), uncertain=listed("uncertain"), reports_off_model=int(off_model.group(2)), text=text)


@dataclass
class Account:
    """labkiosk's account as it printed it: each missed refresh with the time it gave it, the
    late frames, and its figures at the end."""
    missed: dict
    late_frames: int
    frames: int
    missed_total: int
    unreported: int
    # Frames shown at the refresh reported or one before it, which labkiosk could not tell.
    uncertain: int


def parse_account(output):
    missed = {}
    late = 0
    for line in LATE_FRAME.finditer(output):
        late += 1
        count, first = int(line.group(1)), int(line.group(2))
        last = int(line.group(3) or line.group(2))
        shown, started = float(line.group(5)), float(line.group(4))
        step = (shown - started) / count if count else 0
        for number in range(first, last + 1):
            missed[number] = started + (number - first) * step
    figures = DISPLAY_FIGURES.search(output)
    if not figures:
        raise RuntimeError("labkiosk printed no display figures (run it with --frame-stats under X11 Present):\n" + output)
    return Account(missed=missed, late_frames=int(figures.group(3)), frames=int(figures.group(2)),
                   missed_total=int(figures.group(4)), unreported=int(figures.group(5)), uncertain=int(figures.group(6)))


def first_frame_time(data):
    """The block's first frame, from its MATB log (the `logtime` of its first row, seconds on
    CLOCK_MONOTONIC): the time of the display's report the first frame began at."""
    logs = [os.path.join(root, name) for root, _, names in os.walk(data) for name in names if name.endswith(".csv")]
    if len(logs) != 1:
        raise RuntimeError(f"expected one MATB log under {data}, found {logs}")
    with open(logs[0], encoding="utf-8") as log:
        next(log)
        return float(next(log).split(",", 1)[0])


@dataclass
class Comparison:
    """The observer's refreshes from the first one due a frame of the block (`first_due`) to
    the one that showed its last frame, against labkiosk's account.

    Each missed refresh the observer saw is paired with one the account lists, the same or a
    refresh away, each listed one paired once: Xvfb's own reports can be a refresh off under
    load (a timer that fires after the counter stepped reports the next refresh), and so can
    labkiosk's time of its copy (taken after the copy returns). A missed refresh paired with a
    neighbour is *misplaced*: counted, a refresh off. One left unpaired is *undetected*: a
    refresh the observer saw with no new frame and nothing in the account for it."""
    observation: Observation
    account: Account
    first_due: int
    # Refreshes the observer saw with no new frame; those it could not tell.
    missed: dict = field(default_factory=dict)
    uncertain: dict = field(default_factory=dict)
    # Missed refreshes paired with a neighbouring refresh the account lists.
    misplaced: dict = field(default_factory=dict)
    # Missed refreshes with nothing in the account for them.
    undetected: dict = field(default_factory=dict)
    # Refreshes the account lists that the observer saw a new frame reach, paired or not.
    counted_not_seen: dict = field(default_factory=dict)

    @property
    def refreshes(self):
        return max(0, self.observation.last - self.first_due + 1)

    @property
    def before_first_frame(self):
        """The window's refreshes before its block's first frame was due: not counted."""
        return max(0, self.first_due - self.observation.first)

    def summary(self):
        o, a = self.observation, self.account
        return (f"refreshes {self.refreshes} ({self.first_due}-{o.last}; {len(self.uncertain)} uncertain, "
                f"{self.before_first_frame} before the first frame and {o.left_out} at the end left out), "
                f"missed seen by the observer {len(self.missed)}, missed counted by labkiosk {a.missed_total} "
                f"in {a.late_frames} late frames ({a.unreported} frames unreported, {a.uncertain} uncertain), undetected {len(self.undetected)}, "
                f"misplaced by a refresh {len(self.misplaced)}, counted by labkiosk but seen drawn {len(self.counted_not_seen)}")


def compare(observation, account, first_frame_seconds):
    """`first_frame_seconds`: the display's report the block's first frame began at; every
    refresh after it is due a frame."""
    first_due = round(first_frame_seconds * 1e6 / observation.interval_us) + 1
    comparison = Comparison(observation, account, first_due)
    due = range(first_due, observation.last + 1)
    comparison.missed = {n: t for n, t in observation.missed.items() if n in due}
    comparison.uncertain = {n: t for n, t in observation.uncertain.items() if n in due}
    comparison.counted_not_seen = {n: t for n, t in account.missed.items()
                                   if n in due and n not in observation.missed and n not in observation.uncertain}
    # In order, each paired with the earliest listed refresh left within one of it: as many
    # pairs as any pairing makes.
    listed = sorted(n for n in account.missed if n in due)
    for number, time in sorted(comparison.missed.items()):
        while listed and listed[0] < number - 1:
            listed.pop(0)
        if listed and listed[0] <= number + 1:
            if listed.pop(0) != number:
                comparison.misplaced[number] = time
        else:
            comparison.undetected[number] = time
    return comparison


def observe_matb(binary, env, seconds, folder, scenario=None, stall_after=None):
    """Runs MATB (`scenario`, or five tasks a minute longer than the run) in a 1920x1080 window
    on the X server of `env` for `seconds`, watched by the observer from before its window
    maps; with `stall_after`, labkiosk is stopped for 200 ms that many seconds after it starts
    (SIGSTOP), so refreshes are missed for certain. Returns the comparison and labkiosk's output."""
    observer = build_observer(folder)
    if scenario is None:
        scenario = os.path.join(folder, "matb.txt")
        with open(scenario, "w", encoding="utf-8") as f:
            f.write(matb_scenario(seconds))
    watcher = subprocess.Popen([observer], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        started = watcher.stdout.readline()
        if not started.startswith("refresh_observer: watching"):
            raise RuntimeError("the refresh observer did not start: " + started + watcher.stderr.read())
        run = subprocess.Popen([binary, "matb", scenario, "--data", os.path.join(folder, "data"), "--size", "1920x1080", "--mute",
                                "--frame-stats", "--stop-after", str(seconds)],
                               env=dict(env, SDL_AUDIODRIVER="dummy"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if stall_after is not None:
            time.sleep(stall_after)
            run.send_signal(signal.SIGSTOP)
            time.sleep(0.2)
            run.send_signal(signal.SIGCONT)
        out, err = run.communicate(timeout=seconds + 300)
        output = out + err
        if run.returncode != 0:
            raise RuntimeError(f"labkiosk matb failed ({run.returncode}):\n{output}")
        # The observer ends when the window is destroyed; a window never mapped leaves it waiting.
        try:
            text, errors = watcher.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            watcher.send_signal(signal.SIGTERM)
            text, errors = watcher.communicate(timeout=30)
    finally:
        if watcher.poll() is None:
            watcher.kill()
            watcher.wait()
    observation = parse_observation(text + errors)
    return compare(observation, parse_account(output), first_frame_time(os.path.join(folder, "data"))), output
