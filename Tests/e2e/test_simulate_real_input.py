"""`labkiosk simulate --real-input` (docs/simulate.md): a simulated participant's visit in real
time in a window under Xvfb, each answer a tap made through a simulated touchscreen (an evdev
FIFO read as a kiosk's touchscreen is), so the logs are a person's and the response-time error
is measured against the instant each tap was made; a MATB operator tracks with a simulated
joystick and answers with keys made through X's keyboard (XTEST), a consent form is read, ticked,
typed and signed, a break ended with Space, each input's logged time measured against the instant
it was made. Without a display, or with keys to make and no X display, nothing starts."""
import os
import re
import subprocess
import time
from pathlib import Path

from labkiosk_harness import REPO

PLAN = os.path.join(REPO, "Tests", "Fixtures", "real-input", "plan.toml")
OPERATOR_PLAN = os.path.join(REPO, "Tests", "Fixtures", "real-input", "operator-plan.toml")
DRY_RUN = os.path.join(REPO, "Scenarios", "plans", "dry-run", "plan.toml")


def judge_rows(data):
    """The trial rows of the simulated participants' judgement logs, as dicts."""
    rows = []
    for log in sorted(data.glob("SIM-*/**/*_judge.tsv")):
        lines = [line for line in log.read_text().splitlines() if not line.startswith("#")]
        if lines:
            columns = lines[0].split("\t")
            rows += [dict(zip(columns, line.split("\t"))) for line in lines[1:]]
    return rows


def simulate_with_screenshot(labkiosk, xvfb, plan, data, seed, screenshot, ready):
    """Runs one simulated participant with --real-input; takes `screenshot` of the screen once
    `ready()` holds, while the run goes on (out/, for a look). Returns its output."""
    run = labkiosk.start("simulate", plan, "--participants", 1, "--seed", seed, "--data", data, "--real-input",
                         env=dict(xvfb.env, TZ="UTC"))
    screenshot.unlink(missing_ok=True)
    deadline = time.time() + 300
    while time.time() < deadline and run.poll() is None and not ready():
        time.sleep(0.2)
    if run.poll() is None:
        subprocess.run(["import", "-window", "root", str(screenshot)], env=xvfb.env, check=True, capture_output=True, timeout=20)
    out, err = run.communicate(timeout=400)
    assert run.returncode == 0, out + err
    print(f"screenshot: {screenshot}")
    return out, err


def test_a_visit_runs_in_a_window_its_answers_tapped_through_a_touchscreen(labkiosk, xvfb, shots, tmp_path):
    data = tmp_path / "data"
    # A screenshot while the participant answers, once a few trials are logged.
    screenshot = Path(shots) / "simulate-real-input-mid-run.png"
    out, err = simulate_with_screenshot(labkiosk, xvfb, PLAN, data, 3, screenshot, lambda: len(judge_rows(data)) >= 4)
    assert screenshot.exists(), "the run ended before a screenshot could be taken: " + out
    colours = subprocess.run(["identify", "-format", "%k", str(screenshot)], capture_output=True, text=True, check=True).stdout
    assert int(colours) > 16, f"{screenshot}: {colours} colours, not a drawn window"
    # Which way each block's inputs went.
    assert "real input: block 1 (instructions" in out and "Space once each slide is read, through the simulated keyboard" in out, out
    assert "real input: block 2 (judge" in out and "taps on their buttons, through the simulated touchscreen" in out, out
    # A person's log: every vehicle answered by a tap (or let pass), with its response time.
    rows = judge_rows(data)
    assert len(rows) == 16, rows
    answered = [row for row in rows if row["rt_ms"]]
    assert len(answered) >= 12, rows
    assert {row["input"] for row in answered} == {"tap"}, rows
    assert all(float(row["rt_ms"]) > 100 for row in answered), rows
    # The error over every answer, printed; bounded loosely, as this machine is shared.
    figures = re.search(r"response-time error over (\d+) answers .*: mean (-?[\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", out)
    assert figures, out
    print(figures.group(0))
    assert int(figures.group(1)) == len(answered)
    assert float(figures.group(3)) < 20, figures.group(0)


def test_without_a_display_nothing_starts(labkiosk, tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    run = labkiosk.run("simulate", PLAN, "--participants", 1, "--data", tmp_path / "data", "--real-input", env=env, timeout=60)
    assert run.returncode == 64, run.stdout + run.stderr
    assert "no display" in run.stderr and "nothing was started" in run.stderr, run.stderr
    assert not (tmp_path / "data").exists()


def test_an_operator_tracks_with_a_joystick_and_answers_with_keys_and_the_consent_is_typed_and_signed(labkiosk, xvfb, shots, tmp_path):
    data = tmp_path / "data"

    def tracking():
        logs = list(data.glob("SIM-*/*/*/*.csv"))
        return bool(logs) and logs[0].read_text().count(",input,joystick,") > 20
    # A screenshot while the operator works, once the MATB log has stick rows.
    out, err = simulate_with_screenshot(labkiosk, xvfb, OPERATOR_PLAN, data, 5, Path(shots) / "simulate-real-input-operator.png", tracking)
    assert re.search(r"real input: block 2 \(matb[^)]*\): tracking with the stick, through the simulated joystick; system monitoring, "
                     r"pumps and radios by their keys, and Space, through the simulated keyboard", out), out
    assert "real input: block 3 (break" in out and "Space to go on, through the simulated keyboard" in out, out
    # The consent: read with Enter, ticked and signed by finger, the name typed key by key.
    [record] = data.glob("SIM-001/**/*_consent.tsv")
    consent = record.read_text()
    assert "decision\tagreed" in consent and "name\tSimulated Participant" in consent, consent
    # The MATB log is a person's: the stick's rows come from the joystick, the keys from the keyboard.
    [log] = data.glob("SIM-*/*/*/*.csv")
    text = log.read_text()
    # The joystick connected during the consent form: the MATB block is told at its start, as a
    # hardware stick plugged in earlier is, and hides its on-screen stick.
    assert re.search(r"\n[\d.]+,0(\.0)?,manual,,,\"labkiosk: joystick connected: labkiosk simulated joystick", text), text[:3000]
    assert text.count(",input,joystick,x,") > 50, text[-2000:]
    assert ",input,keyboard,F" in text and ",performance,sysmon," in text
    assert ",input,keyboard,NUM_" in text, "pumps switched with the keypad's keys"
    assert ",input,keyboard,ENTER,press" in text, "the radio prompt answered"
    # Each kind's time error, printed: the stick's stamp is the kernel's; a key's SDL's millisecond.
    stick = re.search(r"real input: stick: time error over (\d+) inputs .*: mean (-?[\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", out)
    keys = re.search(r"real input: keys: time error over (\d+) inputs .*: mean (-?[\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", out)
    assert stick and keys, out
    print(stick.group(0))
    print(keys.group(0))
    assert int(stick.group(1)) > 50 and float(stick.group(3)) < 1, stick.group(0)
    assert int(keys.group(1)) >= 6 and float(keys.group(3)) < 20, keys.group(0)
    assert "made are not in its log" not in err, err


def test_keys_without_an_x_display_are_named_and_nothing_starts(labkiosk, tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    env["WAYLAND_DISPLAY"] = "wayland-labkiosk-absent"
    run = labkiosk.run("simulate", DRY_RUN, "--participants", 1, "--data", tmp_path / "data", "--real-input", env=env, timeout=60)
    assert run.returncode == 64, run.stdout + run.stderr
    assert re.search(r"plan\.toml:\d+: block 1 \(consent[^)]*\): --real-input: its keys are made through X's XTEST extension, "
                     r"and there is no X display", run.stderr), run.stderr
    assert re.search(r"block 4 \(matb[^)]*\): --real-input: its keys", run.stderr), run.stderr
    assert "nothing was started" in run.stderr
    assert not (tmp_path / "data").exists()



def test_a_drawing_is_drawn_with_a_simulated_pen(labkiosk, xvfb, shots, tmp_path):
    """The pad's strokes made through a simulated stylus (pressure and tilt), read as a kiosk's
    pen is: the InteractLog files and the samples file are a person's."""
    plan = tmp_path / "plan.toml"
    plan.write_text('[study]\nname = "pen"\n\n[[block]]\nkind = "pad"\n'
                    f'config = "{os.path.join(REPO, "Scenarios", "drawing-pad", "drawing.ini")}"\n')
    data = tmp_path / "data"

    def drawing():
        samples = list(data.glob("SIM-*/**/*_samples.tsv"))
        return bool(samples) and samples[0].read_text().count("\n") > 120
    out, err = simulate_with_screenshot(labkiosk, xvfb, plan, data, 2, Path(shots) / "simulate-real-input-pen.png", drawing)
    assert re.search(r"real input: block 1 \(pad[^)]*\): Enter for the name, and the keys that hide or show a stimulus, through the simulated "
                     r"keyboard; strokes and the pad's buttons with the pen, through the simulated pen", out), out
    [samples] = data.glob("SIM-*/**/*_samples.tsv")
    lines = [line.split("\t") for line in samples.read_text().splitlines() if line and not line.startswith("#")]
    header, rows = lines[0], lines[1:]
    assert len(rows) > 400, rows[:5]
    column = {name: index for index, name in enumerate(header)}
    pressures = [float(row[column["pressure"]]) for row in rows if row[column["pressure"]]]
    assert pressures and max(pressures) > 0.2, "the pen's pressure reached the log"
    [strokes] = data.glob("SIM-*/**/*_strokes.txt")
    assert strokes.read_text().strip(), "the InteractLog strokes file holds the strokes"
    # Each sample's own time is the instant the pen made it: its kernel stamp, to the microsecond.
    pen = re.search(r"real input: pen: time error over (\d+) inputs .*: mean (-?[\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", out)
    assert pen, out
    print(pen.group(0))
    assert int(pen.group(1)) == len([row for row in rows if row[column["tool"]] == "pen"]) and float(pen.group(4)) < 1, pen.group(0)
