"""`labkiosk simulate --real-input` (docs/simulate.md): a simulated participant's visit in real
time in a window under Xvfb, each answer a tap made through a simulated touchscreen (an evdev
FIFO read as a kiosk's touchscreen is), so the logs are a person's and the response-time error
is measured against the instant each tap was made. Without a display, or with a block the model
would act in through no device, nothing starts."""
import os
import re
import subprocess
import time
from pathlib import Path

from labkiosk_harness import REPO

PLAN = os.path.join(REPO, "Tests", "Fixtures", "real-input", "plan.toml")
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


def test_a_visit_runs_in_a_window_its_answers_tapped_through_a_touchscreen(labkiosk, xvfb, shots, tmp_path):
    data = tmp_path / "data"
    run = labkiosk.start("simulate", PLAN, "--participants", 1, "--seed", 3, "--data", data, "--real-input",
                         env=dict(xvfb.env, TZ="UTC"))
    # A screenshot while the participant answers, once a few trials are logged (out/, for a look).
    screenshot = Path(shots) / "simulate-real-input-mid-run.png"
    screenshot.unlink(missing_ok=True)
    deadline = time.time() + 240
    while time.time() < deadline and run.poll() is None and len(judge_rows(data)) < 4:
        time.sleep(0.2)
    if run.poll() is None:
        subprocess.run(["import", "-window", "root", str(screenshot)], env=xvfb.env, check=True, capture_output=True, timeout=20)
    out, err = run.communicate(timeout=300)
    assert run.returncode == 0, out + err
    assert screenshot.exists(), "the run ended before a screenshot could be taken: " + out
    colours = subprocess.run(["identify", "-format", "%k", str(screenshot)], capture_output=True, text=True, check=True).stdout
    assert int(colours) > 16, f"{screenshot}: {colours} colours, not a drawn window"
    print(f"screenshot: {screenshot}")
    # Which way each block's inputs went.
    assert "real input: block 1 (instructions" in out and "nothing to answer through a device; its screens are moved past at once" in out, out
    assert "real input: block 2 (judge" in out and "taps on their buttons, through a touchscreen" in out, out
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


def test_a_block_the_model_acts_in_through_no_device_is_named_and_nothing_starts(labkiosk, xvfb, tmp_path):
    run = labkiosk.run("simulate", DRY_RUN, "--participants", 1, "--data", tmp_path / "data", "--real-input", env=xvfb.env, timeout=60)
    assert run.returncode == 64, run.stdout + run.stderr
    assert re.search(r"plan\.toml:\d+: block 1 \(consent[^)]*\): --real-input: no device path", run.stderr), run.stderr
    assert re.search(r"block 4 \(matb[^)]*\): --real-input: no device path", run.stderr), run.stderr
    assert "nothing was started" in run.stderr
    assert not (tmp_path / "data").exists()
