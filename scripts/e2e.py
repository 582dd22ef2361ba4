#!/usr/bin/env python3
"""End-to-end tests: the real labkiosk binary, as a person would use it.

Each test runs the binary (in an Xvfb window driven by xdotool where it needs one), then
checks its exit status, its session log and its screenshot. Prints one line per test and a
closing `N passed, N failed` line.
"""
import csv
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

BINARY = os.path.abspath(sys.argv[1])
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = os.path.join(os.path.dirname(REPO), "shared", "reference")
WIDTH, HEIGHT = 1920, 1080


class Xvfb:
    """A private X server for one test."""

    def __enter__(self):
        for _ in range(20):
            self.display = f":{random.randint(100, 400)}"
            self.process = subprocess.Popen(
                ["Xvfb", self.display, "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(50):
                if subprocess.run(["xdpyinfo", "-display", self.display], capture_output=True).returncode == 0:
                    return self
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
            self.process.kill()
        raise RuntimeError("could not start Xvfb")

    def __exit__(self, *exc):
        self.process.kill()
        self.process.wait()

    def env(self):
        return dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy")

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env=self.env(), check=True, capture_output=True)

    def wait_for_window(self, name="labkiosk", timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--name", name], env=self.env(), capture_output=True, text=True)
            if found.returncode == 0 and found.stdout.strip():
                return found.stdout.split()[0]
            time.sleep(0.1)
        raise AssertionError(f"no window named {name!r} appeared within {timeout} s")


def session_logs(folder):
    found = []
    for root, _, files in os.walk(folder):
        found += [os.path.join(root, f) for f in files if f.endswith(".csv")]
    return sorted(found)


def read_log(path):
    data = open(path, "rb").read()
    assert data.startswith(b"logtime,scenario_time,type,module,address,value\r\n"), data[:80]
    body = data.decode("utf-8")
    assert "\n" not in body.replace("\r\n", ""), "every line must end with CRLF"
    return list(csv.DictReader(io.StringIO(body, newline="")))


def pixels(png):
    """The screenshot as rows of (r, g, b), read through ImageMagick."""
    raw = subprocess.run(["convert", png, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    size = subprocess.run(["identify", "-format", "%w %h", png], capture_output=True, text=True, check=True).stdout
    w, h = map(int, size.split())
    return w, h, raw


def pixel(image, x, y):
    w, _, raw = image
    i = (y * w + x) * 3
    return tuple(raw[i:i + 3])


def test_window_run_with_keys_and_screenshot(tmp):
    sessions = os.path.join(tmp, "sessions")
    shot = os.path.join(tmp, "shot.png")
    with Xvfb() as x:
        run = subprocess.Popen([BINARY, "matb", "--sessions", sessions, "--size", f"{WIDTH}x{HEIGHT}",
                                "--screenshot-at", "3", "--screenshot", shot, "--stop-after", "7"],
                               env=x.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        window = x.wait_for_window()
        time.sleep(1.5)
        x.xdotool("windowfocus", "--sync", window)
        x.xdotool("key", "--window", window, "F1")
        time.sleep(2.5)
        x.xdotool("key", "--window", window, "p")
        time.sleep(0.5)
        x.xdotool("key", "--window", window, "space")
        out, err = run.communicate(timeout=30)
    assert run.returncode == 0, f"exit {run.returncode}: {err}"
    logs = session_logs(sessions)
    assert len(logs) == 1, logs
    rows = read_log(logs[0])
    kinds = [(r["type"], r["module"], r["address"], r["value"]) for r in rows]
    assert kinds[0][0] == "version" and kinds[1][0] == "scenario_path", kinds[:2]
    assert rows[0]["scenario_time"] == "0", rows[0]
    for alias in ["sysmon", "track", "scheduling", "communications", "resman"]:
        assert ("event", alias, "self", "start") in kinds, alias
        assert ("event", alias, "self", "stop") in kinds, alias
    assert ("input", "keyboard", "F1", "press") in kinds
    assert ("input", "keyboard", "F1", "release") in kinds
    assert ("input", "keyboard", "P", "press") in kinds
    assert ("dialog", "", "", "OpenMATB end") in kinds
    assert kinds[-1] == ("manual", "", "", "end"), kinds[-1]
    times = [float(r["scenario_time"]) for r in rows[2:]]
    assert times == sorted(times), "scenario time never goes backwards"
    assert 3.0 < max(times) < 8.0, max(times)

    image = pixels(shot)
    assert image[:2] == (WIDTH, HEIGHT), image[:2]
    # The two dark title bands (top of screen, just below the middle) and the light background.
    assert pixel(image, 5, 10) == (50, 50, 50), pixel(image, 5, 10)
    assert pixel(image, 5, HEIGHT // 2 + 20) == (50, 50, 50)
    assert pixel(image, 5, HEIGHT // 4) == (240, 240, 240)
    # Each of the five regions shows its white title in its band.
    regions = {"sysmon": (0, 672, 0), "track": (672, 1632, 0), "scheduling": (1632, 1920, 0),
               "communications": (0, 576, HEIGHT // 2), "resman": (576, 1632, HEIGHT // 2)}
    for name, (left, right, top) in regions.items():
        white = sum(1 for px in range(left, right, 2) for py in range(top + 5, top + 50, 2)
                    if pixel(image, px, py) == (255, 255, 255))
        assert white > 20, f"no title text drawn for {name}"


def test_check_reports_located_errors(tmp):
    bad = os.path.join(tmp, "bad.txt")
    with open(bad, "w") as f:
        f.write("0:00:00;sysmon;start\n  # indented comment\n0:00:05;sysmon;scales-1-side;2\n0:00:10;sysmn;start\n")
    result = subprocess.run([BINARY, "check", bad], capture_output=True, text=True)
    assert result.returncode == 1, result
    assert f"{bad}:2:3: error:" in result.stderr, result.stderr
    assert f"{bad}:3:30: error: scales-1-side should be comprised in ['-1', '0', '1'] (not 2)" in result.stderr, result.stderr
    assert f"{bad}:4:9: error: sysmn is not a valid plugin name" in result.stderr, result.stderr
    assert "does not have a stop command" in result.stderr, result.stderr


def test_check_accepts_reference_scenarios(tmp):
    files = [os.path.join(REFERENCE, "scenarios", n) for n in ("basic.txt", "default.txt")]
    result = subprocess.run([BINARY, "check", *files], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": ok") == 2, result.stdout


def test_headless_run_of_reference_default(tmp):
    sessions = os.path.join(tmp, "sessions")
    result = subprocess.run([BINARY, "matb", "--headless", "--sessions", sessions,
                             os.path.join(REFERENCE, "scenarios", "default.txt")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    rows = read_log(session_logs(sessions)[0])
    dismissed = [r for r in rows if r["type"] == "manual" and "dismissed instructions" in r["value"]]
    assert len(dismissed) == 7, len(dismissed)
    assert rows[-1]["type"] == "manual" and rows[-1]["value"] == "end"
    assert float(rows[-2]["scenario_time"]) == 150.0, rows[-2]


def test_invalid_scenario_starts_nothing(tmp):
    sessions = os.path.join(tmp, "sessions")
    bad = os.path.join(tmp, "bom.txt")
    with open(bad, "wb") as f:
        f.write(b"\xef\xbb\xbf0:00:00;sysmon;start\n0:00:10;sysmon;stop\n")
    result = subprocess.run([BINARY, "matb", "--headless", "--sessions", sessions, bad], capture_output=True, text=True)
    assert result.returncode == 1
    assert "byte-order mark" in result.stderr, result.stderr
    assert not os.path.exists(sessions) or not session_logs(sessions), "no log for a scenario that did not start"


def test_unwritable_sessions_folder_is_reported_before_start(tmp):
    blocker = os.path.join(tmp, "sessions")
    open(blocker, "w").close()
    result = subprocess.run([BINARY, "matb", "--headless", "--sessions", blocker], capture_output=True, text=True)
    assert result.returncode == 1
    assert blocker in result.stderr, result.stderr


SYSMON_SCENARIO = """0:00:00;sysmon;start
0:00:00;track;start
0:00:00;scheduling;start
0:00:02;sysmon;scales-1-failure;True
0:00:02;sysmon;lights-1-failure;True
0:00:30;sysmon;stop
0:00:30;track;stop
0:00:30;scheduling;stop
"""


def test_sysmon_answered_by_key_and_click(tmp):
    """F1 during a scale failure and a click on the failing light both score HITs; the
    screenshot shows the three panels."""
    scenario = os.path.join(tmp, "sysmon.txt")
    with open(scenario, "w") as f:
        f.write(SYSMON_SCENARIO)
    sessions = os.path.join(tmp, "sessions")
    shot = os.path.join(tmp, "shot.png")
    with Xvfb() as x:
        run = subprocess.Popen([BINARY, "matb", "--sessions", sessions, "--size", f"{WIDTH}x{HEIGHT}",
                                "--screenshot-at", "2.6", "--screenshot", shot, "--stop-after", "8", scenario],
                               env=x.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        window = x.wait_for_window()
        x.xdotool("windowfocus", "--sync", window)
        time.sleep(3.5)
        x.xdotool("key", "--window", window, "F1")
        time.sleep(0.7)
        # Light 1's centre: reference (168, 940.95), y up; the window is the reference size.
        x.xdotool("mousemove", "--window", window, "168", str(HEIGHT - 941))
        x.xdotool("click", "--window", window, "1")
        out, err = run.communicate(timeout=40)
    assert run.returncode == 0, f"exit {run.returncode}: {err}"
    rows = read_log(session_logs(sessions)[0])
    kinds = [(r["type"], r["module"], r["address"], r["value"]) for r in rows]

    def hit_for(name):
        for i, row in enumerate(kinds):
            if row == ("performance", "sysmon", "name", name) and kinds[i + 1][3] == "HIT":
                return i
        raise AssertionError(f"no HIT for {name}: {[k for k in kinds if k[0] == 'performance' and k[1] == 'sysmon']}")

    f1 = hit_for("F1")
    assert kinds[f1 + 2][2] == "response_time", kinds[f1 + 2]
    f1_time = int(kinds[f1 + 2][3])
    assert f1_time > 0 and f1_time % 200 == 0, f1_time
    assert kinds[f1 + 3] == ("input", "keyboard", "F1", "press"), kinds[f1 + 3]
    f5 = hit_for("F5")
    assert kinds[f5 - 1] == ("input", "mouse_key", "F5", "press"), kinds[f5 - 1]
    f5_time = int(kinds[f5 + 2][3])
    assert f5_time > f1_time and f5_time % 200 == 0, (f1_time, f5_time)
    # The arrow of the answered scale froze at the middle, and the track cursor moved.
    assert ("state", "sysmon", "scale1, arrow", "5") in kinds
    assert sum(1 for k in kinds if k[2] == "reticle, cursor_relative") > 100
    assert any(k[2] == "elapsed_time, text" and k[3].endswith("00:00:05") for k in kinds)

    image = pixels(shot)
    # Light 1 has failed (off: background), light 2 is off, scale 1 shows its white body,
    # the tracking target is a white disc, the scheduling ruler is drawn.
    assert pixel(image, 168, HEIGHT - 941) == (240, 240, 240), pixel(image, 168, HEIGHT - 941)
    assert pixel(image, 60, HEIGHT - 734) == (255, 255, 255), pixel(image, 60, HEIGHT - 734)
    assert pixel(image, 1152 + 20, HEIGHT - 783 + 20) == (255, 255, 255)
    dark = sum(1 for py in range(100, 460) if pixel(image, 1709, py) == (50, 50, 50))
    assert dark > 300, f"scheduling ruler line: {dark} dark pixels"


def main():
    tests = [(name, fn) for name, fn in globals().items() if name.startswith("test_")]
    passed = failed = 0
    for name, fn in tests:
        tmp = tempfile.mkdtemp(prefix="labkiosk-e2e-")
        started = time.time()
        try:
            fn(tmp)
            passed += 1
            print(f"PASS {name} ({time.time() - started:.1f}s)")
        except Exception:
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
