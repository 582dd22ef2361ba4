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
                if self.process.poll() is not None:
                    break  # the display number was taken (xdpyinfo would reach someone else's server)
                if subprocess.run(["xdpyinfo", "-display", self.display], capture_output=True).returncode == 0:
                    time.sleep(0.2)
                    if self.process.poll() is None:
                        return self
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


RESMAN_COMMUNICATIONS = """\
0:00:00;communications;voiceidiom;english
0:00:00;communications;voicegender;male
0:00:00;communications;airbandminvariationMhz;1
0:00:00;communications;airbandmaxvariationMhz;2
0:00:00;resman;start
0:00:00;communications;start
0:00:02;communications;radioprompt;own
0:02:00;resman;stop
0:02:00;communications;stop
"""


def reference_to_window(x, y):
    """Window pixel of a point in reference coordinates (1920x1080, y up)."""
    return int(round(x * WIDTH / 1920)), int(round(HEIGHT - y * HEIGHT / 1080))


def read_partial_log(folder):
    """The rows written so far (the writer flushes every frame)."""
    logs = session_logs(folder)
    if not logs:
        return []
    body = open(logs[0], "rb").read().decode("utf-8", errors="replace")
    return list(csv.DictReader(io.StringIO(body, newline="")))


def test_pump_keys_and_tap_and_radio_answer(tmp):
    """Resman answers the keypad (NumLock off), the digit row and a click on a pump; the
    communications prompt is answered by selecting the radio, holding a tune key, clicking
    the + / - buttons and pressing Return: a HIT."""
    sessions = os.path.join(tmp, "sessions")
    scenario = os.path.join(tmp, "resman-communications.txt")
    with open(scenario, "w") as f:
        f.write(RESMAN_COMMUNICATIONS)
    shot = os.path.join(os.environ.get("LABKIOSK_E2E_SHOTS", tmp), "resman-communications.png")
    with Xvfb() as x:
        run = subprocess.Popen([BINARY, "matb", scenario, "--sessions", sessions, "--size", f"{WIDTH}x{HEIGHT}",
                                "--stop-after", "60"], env=x.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        window = x.wait_for_window()
        time.sleep(1.5)
        x.xdotool("windowfocus", "--sync", window)
        x.xdotool("key", "--window", window, "KP_2")    # pump 2: NUM_2, or NUM_DOWN with NumLock off
        x.xdotool("key", "--window", window, "7")       # pump 7 through the digit-row alias _7
        px, py = reference_to_window(823.8, 157.95)     # centre of pump 5's triangle
        x.xdotool("mousemove", "--window", window, str(px), str(py), "click", "1")

        # Wait for the prompt to end: `Target <radio>:<frequency>`.
        deadline = time.time() + 40
        target = None
        while time.time() < deadline and target is None:
            for row in read_partial_log(sessions):
                if row["type"] == "manual" and row["value"].startswith("Target "):
                    name, frequency = row["value"][len("Target "):].split(":")
                    target = (name, float(frequency))
            time.sleep(0.2)
        assert target is not None, "no prompt ended"
        names = ["NAV_1", "NAV_2", "COM_1", "COM_2"]

        def radio_state():
            rows = read_partial_log(sessions)
            active, frequency = None, None
            for row in rows:
                if row["type"] == "parameter" and row["module"] == "communications":
                    index = names.index(target[0])
                    if row["address"] == f"radios-{index}-currentfreq":
                        frequency = float(row["value"])
                if row["type"] == "state" and row["address"].endswith(", selected") and row["value"] == "1":
                    active = row["address"].split(",")[0][len("radio_"):]
                if row["type"] == "state" and row["address"] == f"radio_{target[0]}, radio_frequency":
                    frequency = float(row["value"])
            return active, frequency

        active, frequency = radio_state()
        steps = names.index(target[0]) - names.index(active)
        for _ in range(abs(steps)):
            x.xdotool("key", "--window", window, "Down" if steps > 0 else "Up")
            time.sleep(0.15)
        # Hold the tune key for a few updates (80 ms each), then finish with the buttons.
        key = "Right" if target[1] > frequency else "Left"
        x.xdotool("keydown", "--window", window, key)
        time.sleep(0.25)
        x.xdotool("keyup", "--window", window, key)
        plus = reference_to_window(0.73 * 576 + 0.075 * 576, 0.04 * 486 + 0.045 * 486)
        minus = reference_to_window(0.12 * 576 + 0.075 * 576, 0.04 * 486 + 0.045 * 486)
        for _ in range(80):
            time.sleep(0.25)
            _, frequency = radio_state()
            if round(frequency, 1) == target[1]:
                break
            bx, by = plus if frequency < target[1] else minus
            x.xdotool("mousemove", "--window", window, str(bx), str(by), "click", "1")
        time.sleep(0.2)
        x.xdotool("key", "--window", window, "Return")
        time.sleep(1.0)
        subprocess.run(["import", "-window", "root", shot], env=x.env(), check=True, capture_output=True)
        x.xdotool("key", "--window", window, "Escape")
        time.sleep(0.3)
        x.xdotool("key", "--window", window, "q")
        out, err = run.communicate(timeout=30)
    assert run.returncode == 0, f"exit {run.returncode}: {err}"
    rows = read_log(session_logs(sessions)[0])
    kinds = [(r["type"], r["module"], r["address"], r["value"]) for r in rows]
    pump_rows = [k for k in kinds if k[0] == "state" and k[1] == "resman" and k[2].endswith("triangle")]
    assert ("state", "resman", "pump_2, triangle", "(142, 219, 176, 255)") in pump_rows, pump_rows
    assert ("state", "resman", "pump_7, triangle", "(142, 219, 176, 255)") in pump_rows, pump_rows
    assert ("state", "resman", "pump_5, triangle", "(142, 219, 176, 255)") in pump_rows, pump_rows
    assert ("input", "mouse_key", "NUM_5", "press") in kinds
    assert ("input", "keyboard", "_7", "press") in kinds
    assert any(k[:2] == ("input", "keyboard") and k[2] in ("NUM_2", "NUM_DOWN") for k in kinds)
    index = kinds.index(("input", "keyboard", "ENTER", "press"))
    answer = [k for k in kinds[:index] if k[0] == "performance" and k[1] == "communications"][-9:]
    assert [k[2] for k in answer] == ["response_was_needed", "target_radio", "responded_radio", "target_frequency",
                                      "responded_frequency", "correct_radio", "response_deviation", "response_time",
                                      "sdt_value"], answer
    assert answer[1][3] == target[0] and answer[-1][3] == "HIT", answer
    assert ("input", "keyboard", key.upper(), "press") in kinds
    assert any(k[:2] == ("input", "mouse_key") and k[2] in ("RIGHT", "LEFT") for k in kinds) or abs(frequency - target[1]) < 0.05
    image = pixels(shot)
    # Pump 2 is on: its triangle, above tank E, is green.
    tx, ty = reference_to_window(576 + 1056 * 0.3 + 0.06 * 1056 + 9, 276)
    assert pixel(image, tx, ty) == (142, 219, 176), pixel(image, tx, ty)


def test_missing_voice_clip_is_reported_before_start(tmp):
    home = os.path.join(tmp, "home")
    shutil.copytree(os.path.join(REPO, "Assets"), os.path.join(home, "Assets"))
    shutil.copytree(os.path.join(REPO, "Scenarios"), os.path.join(home, "Scenarios"))
    os.remove(os.path.join(home, "Assets", "voices", "english", "female", "k.wav"))
    sessions = os.path.join(tmp, "sessions")
    result = subprocess.run([BINARY, "matb", "--headless", "--sessions", sessions],
                            env=dict(os.environ, LABKIOSK_HOME=home), capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result
    assert "english/female/k.wav: no such file" in result.stderr, result.stderr
    assert not os.path.exists(sessions) or not session_logs(sessions), "no log for a session that did not start"


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


def main():
    only = os.environ.get("LABKIOSK_E2E_ONLY")
    tests = [(name, fn) for name, fn in globals().items() if name.startswith("test_") and (not only or only in name)]
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
