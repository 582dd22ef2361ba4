"""The corner patch that checks every onset (docs/timing.md, "Every onset checked: the corner
patch"): a plan with `timing_patch = "top-left"` runs a judgement and a prompt sequence under
Xvfb with the emulated light sensor on that corner. The patch turns on every frame that first
shows a logged onset; each onset is paired with the light that showed it in `…_onsets.tsv`,
summed up in the journal and plotted by `report`. A sensor on another corner never sees light,
and the run says so."""
import csv
import glob
import os
import re
import shutil
import subprocess
import time

import pytest
from labkiosk_harness import REPO, device_fifo, pad_files, pixel, pixels
from pages import AppWindow, DrawingPad, NextBlockScreen
from support import REFERENCE_SIZE
from test_timing import emulated_sensor  # noqa: F401 (a fixture)

SENSOR_DEVICE = {"name": "Emulated light sensor", "clock": "monotonic", "keys": [256], "axes": []}
PATCH_SIZE = 40

JUDGE = """title = "Patch judgement"
paradigm = "go-nogo"
instructions = "Press SPACE when a hostile vehicle appears."
trials = "trials.csv"
order = "file"
fixation_seconds = 0.3
image_seconds = 0.3
response_seconds = 0.6
interval_seconds = 0.3
feedback = false

[[response]]
label = "Fire"
key = "SPACE"
"""

PROMPTS = """title = "Patch prompts"

[[preparation]]
text = "Get ready."

[[phase]]
name = "look"
text = "Look at the {word}."
seconds = 0.5
marker = "look_{word}"

[[phase]]
name = "rest"
text = "Rest."
seconds = 0.4

[[trial]]
word = "lemon"

[[trial]]
word = "beach"
"""


def study(folder, sensor, corner="top-left"):
    """A plan of a judgement of four trials and a prompt sequence of two, with the corner patch."""
    judge = os.path.join(folder, "judge")
    shutil.copytree(os.path.join(REPO, "Scenarios", "judge", "images"), os.path.join(judge, "images"))
    with open(os.path.join(judge, "judge.toml"), "w") as f:
        f.write(JUDGE)
    with open(os.path.join(judge, "trials.csv"), "w") as f:
        f.write("image,target\nimages/foe-1-near.png,1\nimages/friend-1-near.png,0\nimages/foe-2-far.png,1\nimages/friend-2-far.png,0\n")
    with open(os.path.join(folder, "prompts.toml"), "w") as f:
        f.write(PROMPTS)
    plan = os.path.join(folder, "plan.toml")
    with open(plan, "w") as f:
        f.write(f'[study]\nname = "patch"\ntiming_patch = "{corner}"\ntiming_patch_size = {PATCH_SIZE}\ntiming_sensor = "{sensor}"\n\n'
                '[[block]]\nkind = "judge"\nconfig = "judge/judge.toml"\n\n[[block]]\nkind = "prompts"\nsequence = "prompts.toml"\n')
    return plan


def watch(sensor, xvfb, fifo, x, y):
    process = subprocess.Popen([sensor, str(x), str(y), fifo], env=xvfb.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().startswith("emulated_light_sensor: watching"), process.stderr.read()
    return process


def run_study(labkiosk, xvfb, plan, data, screenshot=None):
    """The batch driven through its screens by Space; returns its output."""
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan, "--participant", "P1", "--data", data, "--size", REFERENCE_SIZE, "--mute")
    time.sleep(0.8)
    window.focus()
    NextBlockScreen(window).continue_(pause=0.8)     # "Part 1 of 2"
    window.key("space")                              # past the judgement's instructions
    time.sleep(0.9)
    if screenshot:
        window.grab(screenshot)                      # a trial under way
    time.sleep(6.0)                                  # four trials of about 1.3 s
    window.key("space")                              # past its closing screen
    time.sleep(0.8)
    NextBlockScreen(window).continue_(pause=0.8)     # "Part 2 of 2"
    window.key("space")                              # past the preparation
    time.sleep(2.5)                                  # two trials of 0.9 s
    out, err = window.finish(timeout=60)             # the closing screen ends by itself
    assert window.process.returncode == 0, out + err
    return out


def onsets_table(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    header = lines[0].split("\t")
    assert header == ["kind", "label", "logged_onset_s", "light_s", "onset_minus_light_ms", "light_edges", "logged_onset_earliest_s"], header
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def test_every_onset_is_paired_with_the_light_that_showed_it(labkiosk, xvfb, emulated_sensor, tmp_path, shots):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch(emulated_sensor, xvfb, fifo, PATCH_SIZE // 2, PATCH_SIZE // 2)
    data = tmp_path / "data"
    screenshot = os.path.join(shots, "timing-patch-judge.png")
    plan = study(str(tmp_path), fifo)
    checked = labkiosk.run("check", plan, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    out = run_study(labkiosk, xvfb, plan, data, screenshot)
    sensor.terminate()
    sensor.communicate(timeout=10)
    assert "labkiosk: timing patch: top-left, 40 px, light sensor" in out, out

    [session] = glob.glob(str(data / "P1" / "*"))
    judge_table = glob.glob(os.path.join(session, "*", "*_judge_onsets.tsv"))
    prompts_table = glob.glob(os.path.join(session, "*", "*_prompts_onsets.tsv"))
    assert len(judge_table) == 1 and len(prompts_table) == 1, glob.glob(os.path.join(session, "*", "*"))

    judge_rows = onsets_table(judge_table[0])
    assert [r["kind"] for r in judge_rows] == ["image on", "image off"] * 4, judge_rows
    assert judge_rows[0]["label"] == "trial 1: images/foe-1-near.png", judge_rows[0]
    prompt_rows = onsets_table(prompts_table[0])
    assert [r["kind"] for r in prompt_rows] == ["preparation", "phase_start", "phase_start", "phase_start", "phase_start"], prompt_rows
    # The judgement log's onsets are the ones the table checks.
    log = [line.split("\t") for line in open(glob.glob(os.path.join(session, "*", "*_judge.tsv"))[0], encoding="utf-8").read().splitlines()
           if line and not line.startswith("#")]
    assert len(log) == 5, log
    trials = [dict(zip(log[0], row)) for row in log[1:]]
    prompts_log = [line.split("\t") for line in open(glob.glob(os.path.join(session, "*", "*_prompts.tsv"))[0], encoding="utf-8")
                   .read().splitlines() if line and not line.startswith("#")]
    assert prompts_log[0][-1] == "frame_earliest_s", prompts_log[0]
    phases = [dict(zip(prompts_log[0], row)) for row in prompts_log[1:]]

    rows = judge_rows + prompt_rows
    assert all(r["logged_onset_s"] and r["light_s"] for r in rows), rows
    # Xvfb's reports of a refresh come up to about a millisecond after it, and on a loaded
    # machine a frame may be logged a refresh off; most onsets are the refresh that lit them.
    differences = [float(r["onset_minus_light_ms"]) for r in rows]
    assert sum(abs(d) < 5 for d in differences) >= len(differences) * 3 // 4, differences
    assert all(abs(d) < 40 for d in differences), differences
    assert all(r["light_edges"] == "1" for r in rows), rows

    journal = open(os.path.join(session, "batch.txt"), encoding="utf-8").read()
    assert "figure 1 onsets checked=8" in journal and "figure 1 onsets seen=8" in journal, journal

    # An uncertain onset is rare (7 frames in 2,435 measured), so none need occur here; each one
    # is marked alike in its block's log and in the table, a refresh or so before the refresh
    # logged, and a block marks no more onsets than it counted uncertain frames.
    def earlier_by(later, earliest):
        return [float(l) - float(e) for l, e in zip(later, earliest) if e]
    for table_rows, block in [(judge_rows, 1), (prompt_rows, 2)]:
        marked = earlier_by([r["logged_onset_s"] for r in table_rows], [r["logged_onset_earliest_s"] for r in table_rows])
        assert all(0.010 < d < 0.040 for d in marked), (marked, table_rows)
        [uncertain_frames] = re.findall(rf"^figure {block} uncertain frames=(\d+)$", journal, re.M)
        assert len(marked) <= int(uncertain_frames), (marked, uncertain_frames)
    judge_marked = earlier_by([t["onset_s"] for t in trials], [t["onset_earliest_s"] for t in trials])
    assert all(0.010 < d < 0.040 for d in judge_marked), trials
    assert len(judge_marked) == sum(1 for r in judge_rows if r["kind"] == "image on" and r["logged_onset_earliest_s"]), (trials, judge_rows)
    prompts_marked = earlier_by([p["frame_s"] for p in phases], [p["frame_earliest_s"] for p in phases])
    assert all(0.010 < d < 0.040 for d in prompts_marked), phases
    assert len(prompts_marked) == sum(1 for r in prompt_rows if r["logged_onset_earliest_s"]), (phases, prompt_rows)

    assert "figure 1 onset check=valid" in journal and "figure 2 onset check=valid" in journal, journal
    assert "labkiosk: timing patch: onsets checked: 8 of 8 seen" in out, out

    # The patch in its corner over the judgement: black or white, the block's own grey beside it.
    image = pixels(screenshot)
    assert pixel(image, PATCH_SIZE // 2, PATCH_SIZE // 2) in [(0, 0, 0), (255, 255, 255)]
    assert pixel(image, PATCH_SIZE + 10, PATCH_SIZE // 2) not in [(0, 0, 0), (255, 255, 255)]

    report = labkiosk.run("report", session, "--out", tmp_path / "report", timeout=60)
    assert report.returncode == 0, report.stdout + report.stderr
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "Onset − light" in page and "image on" in page and "phase_start" in page, page


def test_a_drawing_pads_stimulus_lines_are_checked_too(labkiosk, xvfb, emulated_sensor, tmp_path):
    """A pad trial under the patch: familiarisation on and off, drawing enabled, the stimulus
    shown while its key is held and taken away: each such line paired with its light."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch(emulated_sensor, xvfb, fifo, PATCH_SIZE // 2, PATCH_SIZE // 2)
    plan = tmp_path / "plan.toml"
    plan.write_text(f'[study]\nname = "patch"\ntiming_patch = "top-left"\ntiming_sensor = "{fifo}"\n\n'
                    f'[[block]]\nkind = "pad"\nconfig = "{REPO}/Scenarios/drawing-pad/drawing.ini"\n')
    data = tmp_path / "data"
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan, "--participant", "P1", "--data", data, "--size", REFERENCE_SIZE, "--mute",
                              "--input-dir", tmp_path / "no-devices")
    time.sleep(0.8)
    window.focus()
    NextBlockScreen(window).continue_()
    pad = DrawingPad(window)
    pad.open_trial()
    pad.end_familiarisation()
    pad.show_stimulus(0.6)
    time.sleep(0.3)
    pad.end_trial()
    pad.finish_block()
    out, err = window.finish(timeout=30)
    sensor.terminate()
    sensor.communicate(timeout=10)
    assert window.process.returncode == 0, out + err
    [table] = glob.glob(str(data / "P1" / "*" / "*" / "*_onsets.tsv"))
    rows = onsets_table(table)
    assert [r["label"] for r in rows] == ["FamiliarisationOn_practice.png", "DrawingEnabled", "FamiliarisationOff_practice.png",
                                         "StimulusOn_figure-1.png", "StimulusOff_figure-1.png"], rows
    assert all(r["light_s"] and r["light_edges"] == "1" for r in rows), rows
    differences = [float(r["onset_minus_light_ms"]) for r in rows]
    assert all(abs(d) < 40 for d in differences), differences
    assert len(pad_files(data)["_samples.tsv"]) == 1
    assert "labkiosk: timing patch: onsets checked: 5 of 5 seen" in out, out


def test_a_sensor_on_another_corner_never_sees_light(labkiosk, xvfb, emulated_sensor, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    width, height = map(int, REFERENCE_SIZE.split("x"))
    # The sensor on the bottom-right corner, the patch drawn top-left: the corner it watches is
    # the judgement's background, which the patch never changes.
    sensor = watch(emulated_sensor, xvfb, fifo, width - PATCH_SIZE // 2, height - PATCH_SIZE // 2)
    plan = study(str(tmp_path), fifo)
    out = run_study(labkiosk, xvfb, plan, tmp_path / "data")
    sensor.terminate()
    sensor.communicate(timeout=10)
    assert "never saw light" in out, out
    [session] = glob.glob(str(tmp_path / "data" / "P1" / "*"))
    rows = onsets_table(glob.glob(os.path.join(session, "*", "*_judge_onsets.tsv"))[0])
    assert len(rows) == 8 and all(r["light_s"] == "" and r["onset_minus_light_ms"] == "" for r in rows), rows
    journal = open(os.path.join(session, "batch.txt"), encoding="utf-8").read()
    assert "figure 1 onset check=not valid: the light sensor" in journal and "never saw light" in journal, journal


def test_a_missing_sensor_stops_the_plan_before_anything_starts(labkiosk, xvfb, tmp_path):
    plan = study(str(tmp_path), str(tmp_path / "dev" / "event9"))
    result = labkiosk.run("batch", plan, "--participant", "P1", "--data", tmp_path / "data", "--size", REFERENCE_SIZE, "--mute",
                          timeout=60, env=xvfb.env)
    assert result.returncode != 0
    text = result.stdout + result.stderr
    assert "self-check: FAIL timing_patch: no light sensor: " in text and "does not exist; name the sensor's event device with timing_sensor" in text, text
    assert "nothing was started" in result.stderr, result.stderr
    assert not glob.glob(str(tmp_path / "data" / "P1" / "*" / "*.tsv"))


def test_the_machines_settings_name_the_sensor_a_plan_leaves_out(labkiosk, xvfb, tmp_path):
    """A plan with only `timing_patch`: without a sensor in the settings nothing starts; the
    settings file's [Timing] names one, which the self-check then opens."""
    plan = study(str(tmp_path), "/unused")
    with open(plan, encoding="utf-8") as f:
        text = f.read().replace('timing_sensor = "/unused"\n', "")
    with open(plan, "w", encoding="utf-8") as f:
        f.write(text)
    result = labkiosk.run("batch", plan, "--participant", "P1", "--data", tmp_path / "data", "--size", REFERENCE_SIZE, "--mute",
                          timeout=60, env=xvfb.env)
    assert result.returncode != 0
    assert "timing_patch: no light sensor is named: set timing_sensor in the plan's [study] or in the settings file's [Timing]" in result.stdout, result.stdout
    settings = tmp_path / "config.ini"
    settings.write_text(f'[Timing]\ntiming_sensor = "{tmp_path / "dev" / "event4"}"\n')
    result = labkiosk.run("batch", plan, "--participant", "P1", "--data", tmp_path / "data", "--size", REFERENCE_SIZE, "--mute",
                          "--settings", settings, timeout=60, env=xvfb.env)
    assert result.returncode != 0
    assert f"self-check: FAIL timing_patch: no light sensor: {tmp_path / 'dev' / 'event4'} does not exist" in result.stdout, result.stdout


def test_check_says_where_a_bad_patch_is(labkiosk, tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text('[study]\nname = "patch"\ntiming_patch = "middle"\ntiming_patch_size = 5000\n\n'
                    '[[block]]\nkind = "break"\nseconds = 1\ntiming_patch = "left"\n')
    result = labkiosk.run("check", plan, timeout=60)
    assert result.returncode != 0
    text = result.stdout + result.stderr
    assert f'{plan}:3:1: error: `timing_patch` is one of "top-left", "top-right", "bottom-left", "bottom-right", found middle' in text, text
    assert f"{plan}:4:1: error: `timing_patch_size` is the patch's side in pixels, a whole number from 1 to 400, found 5000" in text, text
    assert f'{plan}:9:1: error: `timing_patch` is one of "top-left", "top-right", "bottom-left", "bottom-right" or "none", found left' in text, text


def test_matbs_failures_and_scenario_events_are_checked_against_the_light_at_the_refresh_its_log_gives(
        labkiosk, xvfb, emulated_sensor, tmp_path, shots):
    """A MATB block under the patch: the frame that first shows each system-monitoring failure,
    and each scenario event that changes the screen (a task's start, a pump's failure, a task
    hidden), turns the patch, the emulated sensor sees it, and the onset the table checks is the
    refresh the MATB log's `presented` row gives that frame, within a few refreshes of its start.
    The stops that end the session, in its last frame, are not checked."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch(emulated_sensor, xvfb, fifo, PATCH_SIZE // 2, PATCH_SIZE // 2)
    (tmp_path / "failures.txt").write_text("0:00:00;sysmon;start\n0:00:00;track;start\n0:00:00;resman;start\n"
                                           "0:00:01;sysmon;lights-1-failure;True\n0:00:02;sysmon;scales-2-failure;True\n"
                                           "0:00:03;resman;pump-3-state;failure\n0:00:04;track;hide\n"
                                           "0:00:05;sysmon;stop\n0:00:05;track;stop\n0:00:05;resman;stop\n")
    plan = tmp_path / "plan.toml"
    plan.write_text(f'[study]\nname = "patch"\ntiming_patch = "top-left"\ntiming_patch_size = {PATCH_SIZE}\ntiming_sensor = "{fifo}"\n\n'
                    '[[block]]\nkind = "matb"\nscenario = "failures.txt"\n')
    data = tmp_path / "data"
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan, "--participant", "P1", "--data", data, "--size", REFERENCE_SIZE, "--mute")
    time.sleep(0.8)
    window.focus()
    NextBlockScreen(window).continue_(pause=0.8)     # "Part 1 of 1", then five seconds of MATB
    time.sleep(1.5)
    screenshot = os.path.join(shots, "timing-patch-matb.png")
    window.grab(screenshot)                          # the starts and the light's failure shown: the patch turned white, then black
    out, err = window.finish(timeout=60)             # the closing screen ends by itself
    sensor.terminate()
    sensor.communicate(timeout=10)
    assert window.process.returncode == 0, out + err
    assert "not drawn in block 1" not in out, out

    [table] = glob.glob(str(data / "P1" / "*" / "*" / "*_onsets.tsv"))
    rows = onsets_table(table)
    assert [(r["kind"], r["label"]) for r in rows] == [
        ("sysmon event", "sysmon;start"), ("track event", "track;start"), ("resman event", "resman;start"),
        ("sysmon failure", "light1 (F5)"), ("sysmon failure", "scale2 (F2)"),
        ("resman event", "resman;pump-3-state;failure"), ("track event", "track;hide")], rows
    assert all(r["light_s"] and r["light_edges"] == "1" for r in rows), rows
    assert all(abs(float(r["onset_minus_light_ms"])) < 40 for r in rows), rows
    assert "labkiosk: timing patch: onsets checked: 7 of 7 seen" in out, out
    image = pixels(screenshot)
    assert pixel(image, PATCH_SIZE // 2, PATCH_SIZE // 2) in [(0, 0, 0), (255, 255, 255)]
    assert pixel(image, PATCH_SIZE + 10, PATCH_SIZE // 2) not in [(0, 0, 0), (255, 255, 255)]

    # Each checked onset is the `presented` row of the frame that first drew it: the starts, the
    # pump's colour and the hidden task's cover in the frame that ran the event (its `event` row's
    # `logtime`), the light's colour as the failure begins, the scale's arrow once in an outer third.
    [log] = glob.glob(str(data / "P1" / "*" / "*" / "*.csv"))
    lines = list(csv.reader(open(log, encoding="utf-8", newline="")))[1:]
    presented = {float(line[5]): float(line[0]) for line in lines
                 if line[2:4] == ["manual", "presented"] and line[4] in ("frame", "frame uncertain")}

    def event(plugin, address):
        return next(i for i, line in enumerate(lines) if line[2:5] == ["event", plugin, address])

    light, scale, pump = event("sysmon", "lights-1-failure"), event("sysmon", "scales-2-failure"), event("resman", "pump-3-state")
    hide = next(i for i, line in enumerate(lines) if line[2:6] == ["event", "track", "self", "hide"])
    starts = [float(lines[event(plugin, "self")][0]) for plugin in ["sysmon", "track", "resman"]]
    frames = starts + [
        float(next(line[0] for line in lines[light:] if line[2:4] == ["state", "sysmon"] and line[4].startswith("light1, "))),
        float(next(line[0] for line in lines[scale:] if line[2:5] == ["state", "sysmon", "scale2, arrow"]
                   and int(line[5]) not in range(3, 8))),
        float(next(line[0] for line in lines[pump:] if line[2:5] == ["state", "resman", "pump_3, triangle"])),
        float(lines[hide][0])]
    for row, frame in zip(rows, frames):
        assert abs(float(row["logged_onset_s"]) - presented[frame]) < 2e-6, (row, frame, presented[frame])
        assert frame < presented[frame] < frame + 0.25, (frame, presented[frame])
