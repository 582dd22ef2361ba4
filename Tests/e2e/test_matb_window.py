"""MATB in a window, driven as a participant would: keys, clicks and touches reach the tasks,
the log holds them, and screenshots show the panels."""
import os
import subprocess
import time

from labkiosk_harness import HEIGHT, WIDTH, newest_log_so_far, pixel, pixels, read_log, session_logs
from pages import AppWindow, MatbScreen, reference_to_window
from support import REFERENCE_SIZE, SYSMON_SCENARIO

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


def test_window_run_with_keys_and_screenshot(labkiosk, xvfb, tmp_path):
    sessions = tmp_path / "sessions"
    shot = str(tmp_path / "shot.png")
    window = AppWindow.launch(labkiosk, xvfb, "matb", "--sessions", sessions, "--size", REFERENCE_SIZE,
                              "--screenshot-at", "3", "--screenshot", shot, "--stop-after", "7")
    matb = MatbScreen(window)
    time.sleep(1.5)
    window.focus()
    window.key("F1")
    time.sleep(2.5)
    matb.pause()
    time.sleep(0.5)
    matb.resume()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
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


def test_pump_keys_and_tap_and_radio_answer(labkiosk, xvfb, tmp_path):
    """Resman answers the keypad (NumLock off), the digit row and a click on a pump; the
    communications prompt is answered by selecting the radio, holding a tune key, clicking
    the + / - buttons and pressing Return: a HIT."""
    sessions = tmp_path / "sessions"
    scenario = tmp_path / "resman-communications.txt"
    scenario.write_text(RESMAN_COMMUNICATIONS)
    shot = os.path.join(os.environ.get("LABKIOSK_E2E_SHOTS", tmp_path), "resman-communications.png")
    window = AppWindow.launch(labkiosk, xvfb, "matb", scenario, "--sessions", sessions, "--size", REFERENCE_SIZE, "--stop-after", "60")
    matb = MatbScreen(window)
    time.sleep(1.5)
    window.focus()
    window.key("KP_2")    # pump 2: NUM_2, or NUM_DOWN with NumLock off
    window.key("7")       # pump 7 through the digit-row alias _7
    window.click(*MatbScreen.PUMP_5)

    # Wait for the prompt to end: `Target <radio>:<frequency>`.
    deadline = time.time() + 40
    target = None
    while time.time() < deadline and target is None:
        for row in newest_log_so_far(sessions):
            if row["type"] == "manual" and row["value"].startswith("Target "):
                name, frequency = row["value"][len("Target "):].split(":")
                target = (name, float(frequency))
        time.sleep(0.2)
    assert target is not None, "no prompt ended"
    names = ["NAV_1", "NAV_2", "COM_1", "COM_2"]

    def radio_state():
        active, frequency = None, None
        for row in newest_log_so_far(sessions):
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
        window.key("Down" if steps > 0 else "Up")
        time.sleep(0.15)
    # Hold the tune key for a few updates (80 ms each), then finish with the buttons.
    key = "Right" if target[1] > frequency else "Left"
    window.key_down(key)
    time.sleep(0.25)
    window.key_up(key)
    for _ in range(80):
        time.sleep(0.25)
        _, frequency = radio_state()
        if round(frequency, 1) == target[1]:
            break
        window.click(*(MatbScreen.RADIO_TUNE_UP if frequency < target[1] else MatbScreen.RADIO_TUNE_DOWN))
    time.sleep(0.2)
    window.key("Return")
    time.sleep(1.0)
    subprocess.run(["import", "-window", "root", shot], env=xvfb.env, check=True, capture_output=True, timeout=20)
    matb.quit()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
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


def test_sysmon_answered_by_key_and_click(labkiosk, xvfb, tmp_path):
    """F1 during a scale failure and a click on the failing light both score HITs; the
    screenshot shows the three panels."""
    scenario = tmp_path / "sysmon.txt"
    scenario.write_text(SYSMON_SCENARIO)
    sessions = tmp_path / "sessions"
    shot = str(tmp_path / "shot.png")
    window = AppWindow.launch(labkiosk, xvfb, "matb", "--sessions", sessions, "--size", REFERENCE_SIZE,
                              "--screenshot-at", "2.6", "--screenshot", shot, "--stop-after", "8", scenario)
    window.focus()
    time.sleep(3.5)
    window.key("F1")
    time.sleep(0.7)
    MatbScreen(window).click_light_1()
    out, err = window.finish(timeout=40)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
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


def test_touch_on_the_virtual_stick(labkiosk, xvfb, tmp_path):
    sessions = tmp_path / "sessions"
    shot = str(tmp_path / "stick.png")
    env = dict(xvfb.env, SDL_MOUSE_TOUCH_EVENTS="1")  # the mouse makes SDL touches: drive touch with xdotool
    window = AppWindow.launch(labkiosk, xvfb, "matb", "--sessions", sessions, "--size", REFERENCE_SIZE, "--input-dir",
                              tmp_path / "no-devices", "--joystick-backend", "sdl", "--stick-dead-zone", "0",
                              "--screenshot-at", "3", "--screenshot", shot, "--stop-after", "5", env=env)
    matb = MatbScreen(window)
    time.sleep(1.5)
    # Press on the stick's centre, drag right and up (pushed forward), hold past the screenshot, release.
    matb.touch_stick()
    time.sleep(0.2)
    matb.push_stick(55, -55)
    time.sleep(1.8)
    matb.let_go_of_stick()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    rows = read_log(session_logs(sessions)[0])
    inputs = [r for r in rows if r["type"] == "input"]
    touch = [r for r in inputs if r["module"] == "touch"]
    assert [r["address"] for r in touch][:1] == ["finger_0, press"], touch[:3]
    assert touch[-1]["address"] == "finger_0, release", touch[-1]
    assert not [r for r in inputs if r["module"] == "mouse" and r["address"].startswith("button_1")], "a touch must not count twice"
    xs = [float(r["value"]) for r in inputs if (r["module"], r["address"]) == ("joystick", "x")]
    ys = [float(r["value"]) for r in inputs if (r["module"], r["address"]) == ("joystick", "y")]
    assert xs and ys, inputs[:10]
    assert abs(max(xs) - 55 / MatbScreen.STICK_TRAVEL) < 0.02, xs  # right: +x
    assert abs(min(ys) + 55 / MatbScreen.STICK_TRAVEL) < 0.02, ys  # up on screen: pushed forward, -y
    assert xs[-1] == 0.0 and ys[-1] == 0.0, "the stick springs back on release"
    # Each stick row carries the time of the touch that moved it.
    press = touch[0]
    same_time = [r for r in inputs if r["logtime"] == press["logtime"]]
    assert any(r["module"] == "joystick" for r in same_time), same_time
    # The knob is drawn where the finger holds it (held colour), not at the centre.
    image = pixels(shot)
    stick_x, stick_y = MatbScreen.STICK_CENTRE
    assert pixel(image, stick_x + 55, stick_y - 55) == (70, 110, 170), pixel(image, stick_x + 55, stick_y - 55)
    assert pixel(image, stick_x, stick_y) != (70, 110, 170)
