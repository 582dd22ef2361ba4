"""Helpers several end-to-end test files share (screens are in pages.py, devices, logs and
the X server in Tests/harness/labkiosk_harness.py)."""
import json
import os
import shutil
import subprocess
import time

from labkiosk_harness import HEIGHT, REPO, WIDTH, sha256
from pages import AppWindow

FIXTURES = os.path.join(REPO, "Tests", "Fixtures")
# `--size` for a window of the reference size, filling the X screen.
REFERENCE_SIZE = f"{WIDTH}x{HEIGHT}"
# Sysmon's first scale and first light fail at 2 s, with tracking and scheduling running.
SYSMON_SCENARIO = """0:00:00;sysmon;start
0:00:00;track;start
0:00:00;scheduling;start
0:00:02;sysmon;scales-1-failure;True
0:00:02;sysmon;lights-1-failure;True
0:00:30;sysmon;stop
0:00:30;track;stop
0:00:30;scheduling;stop
"""


class Labkiosk:
    """The binary under test."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, timeout=None, env=None):
        """Runs to the end; stdout and stderr captured as text."""
        return subprocess.run([self.path, *map(str, args)], capture_output=True, text=True, timeout=timeout, env=env)

    def start(self, *args, env=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE):
        return subprocess.Popen([self.path, *map(str, args)], env=env, stdout=stdout, stderr=stderr, text=True)


def check_catalogue(labkiosk, data, participant, complete):
    """`labkiosk sessions --json` lists the participant's session with every file's true
    checksum, and `sessions --verify` agrees; returns that session."""
    listed = labkiosk.run("sessions", "--data", data, "--participant", participant, "--json", timeout=60)
    assert listed.returncode == 0, listed.stderr
    sessions = json.loads(listed.stdout)
    assert len(sessions) >= 1, listed.stdout
    session = sessions[-1]
    assert (session["state"] == "complete") == complete, session["state"]
    files = [f for block in session["blocks"] for f in block["files"]]
    assert files, session
    for f in files:
        assert sha256(os.path.join(data, f["path"])) == f["sha256"], f
    verified = labkiosk.run("sessions", "--data", data, "--verify", timeout=60)
    assert verified.returncode == 0 and "every checksum matches" in verified.stdout, verified.stdout + verified.stderr
    return session


def bids_validator():
    """The official BIDS validator's command, or None when it is not installed."""
    return shutil.which("bids-validator-deno") or shutil.which(os.path.expanduser("~/.local/bin/bids-validator-deno"))


def start_matb_window(labkiosk, display, folder, scenario, *extra):
    """`labkiosk matb SCENARIO` in a window of the reference size on `display`, its log in
    `folder`/sessions: (the window, the sessions folder)."""
    sessions = os.path.join(folder, "sessions")
    window = AppWindow.launch(labkiosk, display, "matb", "--sessions", sessions, "--size", REFERENCE_SIZE, *extra, scenario)
    time.sleep(0.5)
    return window, sessions
