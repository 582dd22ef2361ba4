"""Instruction slides, dialogs and questionnaires in a window: the guided tour answered by
clicks alone and by keys alone, NASA-TLX answered by drags and clicks and by keys, and
questionnaire files OpenMATB would crash on."""
import os
import shutil
import subprocess
import time

from labkiosk_harness import newest_log_so_far, pixel, read_log, session_logs
from pages import MatbScreen, slider_grooves
from support import FIXTURES, start_matb_window

GUIDED_TOUR = os.path.join(FIXTURES, "scenarios", "guided-tour.txt")

QUESTIONNAIRE_SCENARIO = """\
0:00:00;instructions;filename;picture.txt
0:00:00;instructions;start
0:00:00;performance;taskplacement;bottomright
0:00:00;performance;start
0:00:00;generictrigger;start
0:00:01;generictrigger;state;before questionnaire
0:00:02;system;pause
0:00:03;genericscales;filename;nasatlx_en.txt
0:00:03;genericscales;start
0:00:04;performance;stop
0:00:04;generictrigger;stop
"""

PICTURE_SLIDE = """\
<h1>Before we start</h1>
<p>This picture comes from the <b>img</b> folder beside the scenario:</p>
<center><img src="e2e.png"></center>
<p>Take a seat, then <i>continue</i>.</p>
"""

NASA_TITLES = ["Mental demand", "Physical demand", "Time pressure", "Performance", "Effort", "Frustration"]


def settings_file(folder, **keys):
    path = os.path.join(folder, "config.ini")
    with open(path, "w") as f:
        f.write("[Openmatb]\n" + "".join(f"{k}={v}\n" for k, v in keys.items()))
    return path


def check_guided_tour_log(rows, answered_by):
    kinds = [(r["type"], r["module"], r["address"], r["value"]) for r in rows]
    starts = [r for r in rows if (r["type"], r["module"], r["address"], r["value"]) == ("event", "instructions", "self", "start")]
    assert len(starts) == 7, f"{len(starts)} instruction screens"
    assert not any(r["type"] == "manual" and "dismissed" in r["value"] for r in rows), "nothing was dismissed for the participant"
    assert ("dialog", "", "", "OpenMATB end") in kinds, "the session id dialog was answered"
    slides = [r for r in rows if r["type"] == "aoi" and r["module"] == "instructions" and r["address"] == "instructions"]
    assert len(slides) == 8, len(slides)
    keyboard = [r for r in rows if r["type"] == "input" and r["module"] == "keyboard"]
    if answered_by == "clicks":
        assert not keyboard, f"clicks alone, yet keyboard rows: {keyboard[:3]}"
    else:
        releases = [r for r in keyboard if r["address"] == "SPACE" and r["value"] == "release"]
        assert len(releases) >= 8, len(releases)
    for alias in ["sysmon", "track", "scheduling", "communications", "resman"]:
        assert ("event", alias, "self", "stop") in kinds, alias
    assert kinds[-1] == ("manual", "", "", "end"), kinds[-1]
    assert abs(float(rows[-1]["scenario_time"]) - 150.0) < 0.1, rows[-1]
    times = [float(r["scenario_time"]) for r in rows[2:]]
    assert times == sorted(times), "scenario time never goes backwards"


def questionnaire_lab(folder):
    """A lab folder as OpenMATB lays it out: scenarios/ with a scenario showing a slide with a
    picture (from img/) and then NASA-TLX, instructions/ beside it. Returns the scenario."""
    for name in ("scenarios", "instructions", "img"):
        os.makedirs(os.path.join(folder, name), exist_ok=True)
    subprocess.run(["convert", "-size", "240x120", "xc:#3366cc", "-fill", "white", "-draw", "circle 120,60 120,20",
                    os.path.join(folder, "img", "e2e.png")], check=True)
    with open(os.path.join(folder, "instructions", "picture.txt"), "w") as f:
        f.write(PICTURE_SLIDE)
    scenario = os.path.join(folder, "scenarios", "questionnaire.txt")
    with open(scenario, "w") as f:
        f.write(QUESTIONNAIRE_SCENARIO)
    return scenario


def check_questionnaire_log(rows, expected):
    performance = [(r["address"], r["value"]) for r in rows if r["type"] == "performance" and r["module"] == "genericscales"]
    assert performance == expected, performance
    kinds = [(r["type"], r["module"], r["address"], r["value"]) for r in rows]
    assert ("event", "generictrigger", "state", "before questionnaire") in kinds
    assert ("event", "system", "self", "pause") in kinds and ("dialog", "", "", "OpenMATB end") in kinds
    assert any(r["type"] == "aoi" and r["module"] == "performance" and r["address"] == "bar" for r in rows)
    assert kinds[-1] == ("manual", "", "", "end")


def test_guided_tour_answered_by_clicks_alone(labkiosk, xvfb, tmp_path):
    config = settings_file(tmp_path, display_session_number="True", language="fr_FR")
    window, sessions = start_matb_window(labkiosk, xvfb, tmp_path, GUIDED_TOUR, "--settings", config, "--speed", "6")
    answered = MatbScreen(window).answer_screens(
        on_slide=lambda b, image, path: window.click(b[0], b[1]),
        on_dialog=lambda bs, image, path: window.click(bs[-1][0], bs[-1][1]))
    out, err = window.finish(timeout=60)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    assert answered >= 9, answered  # eight slides and the session number
    rows = read_log(session_logs(sessions)[0])
    check_guided_tour_log(rows, "clicks")
    # French chosen in the settings file: titles in the log are OpenMATB's French texts.
    assert any(r["type"] == "parameter" and r["module"] == "sysmon" and r["address"] == "title" and r["value"] == "Surveillance" for r in rows)
    assert any(r["type"] == "parameter" and r["module"] == "instructions" and r["address"] == "response-text"
               and r["value"] == "Appuyez sur ESPACE pour continuer" for r in rows)


def test_guided_tour_answered_by_keys_alone(labkiosk, xvfb, tmp_path):
    config = settings_file(tmp_path, display_session_number="True")
    state = {"slides": 0, "paused": False, "escaped": False}
    window, sessions = start_matb_window(labkiosk, xvfb, tmp_path, GUIDED_TOUR, "--settings", config, "--speed", "6")
    matb = MatbScreen(window)
    window.focus()

    def slide(button, image, path):
        window.key("space")
        state["slides"] += 1
        if state["slides"] == 2 and not state["paused"]:
            # Once the tasks run again, pause with P and leave with Escape, then carry on.
            time.sleep(0.8)
            matb.pause()
            state["paused"] = True

    def dialog(buttons, image, path):
        window.key("space")
        if state["paused"] and not state["escaped"]:
            time.sleep(0.8)
            window.key("Escape")
            state["escaped"] = True

    matb.answer_screens(on_slide=slide, on_dialog=dialog)
    out, err = window.finish(timeout=60)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    rows = read_log(session_logs(sessions)[0])
    check_guided_tour_log(rows, "keys")
    dialogs = [r["value"] for r in rows if r["type"] == "dialog"]
    assert dialogs == ["OpenMATB end", "OpenMATB end", "Exit OpenMATB? end"], dialogs
    # Scenario time stands still while a dialog shows: P's row and its dialog row share it.
    p = next(r for r in rows if r["type"] == "input" and r["address"] == "P" and r["value"] == "press")
    closed = [r for r in rows if r["type"] == "dialog"][1]
    assert p["scenario_time"] == closed["scenario_time"], (p, closed)
    assert not any(r["type"] == "input" and r["address"] == "SPACE" and float(r["logtime"]) > float(p["logtime"])
                   and float(r["logtime"]) < float(closed["logtime"]) for r in rows), "keys answering a dialog are not logged"


def test_questionnaire_and_picture_answered_by_clicks_and_drags(labkiosk, xvfb, tmp_path, shots):
    scenario = questionnaire_lab(tmp_path)
    seen = {"picture": None, "nasa": None}
    window, sessions = start_matb_window(labkiosk, xvfb, tmp_path, scenario)

    def slide(button, image, path):
        rows = newest_log_so_far(sessions)
        grooves = slider_grooves(rows)
        if any(r["module"] == "genericscales" and r["type"] == "event" for r in rows) and grooves:
            # Drag the first knob to the far right, tap the second at a quarter.
            (l1, r1, y1), (l2, r2, y2) = grooves[0], grooves[1]
            window.drag(((l1 + r1) // 2, y1), (r1 + 40, y1 + 30))
            window.click(l2 + (r2 - l2) // 4, y2 - 6)
            time.sleep(0.5)
            seen["nasa"] = window.grab(os.path.join(shots, "e2e-nasatlx.png"))
        elif seen["picture"] is None:
            shutil.copy(path, os.path.join(shots, "e2e-instructions.png"))
            seen["picture"] = image
        window.click(button[0], button[1])

    MatbScreen(window).answer_screens(on_slide=slide, on_dialog=lambda bs, image, path: window.click(bs[-1][0], bs[-1][1]))
    out, err = window.finish(timeout=60)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    rows = read_log(session_logs(sessions)[0])
    values = [r["value"] for r in rows if r["type"] == "state" and r["address"] == "slider_2, value"]
    assert values and abs(float(values[-1]) - 2.5) < 0.05, values
    # The performance row holds the value rounded to 6 decimals, as every logged float.
    physical = next(r["value"] for r in rows if r["type"] == "performance" and r["address"] == "Physical demand")
    assert abs(float(physical) - float(values[-1])) < 1e-6, (physical, values[-1])
    check_questionnaire_log(rows, [("Mental demand", "10.0"), ("Physical demand", physical)] + [(t, "5") for t in NASA_TITLES[2:]])
    # The picture shows on the slide (its blue), and the questionnaire's knobs moved.
    assert seen["picture"] is not None and seen["nasa"] is not None
    blue = sum(1 for px in range(700, 1220, 4) for py in range(300, 800, 4) if pixel(seen["picture"], px, py) == (51, 102, 204))
    assert blue > 500, blue
    (l1, r1, y1) = slider_grooves(rows)[0]
    assert pixel(seen["nasa"], r1, y1) == (153, 204, 255), "first knob at the right end"


def test_questionnaire_answered_by_keys(labkiosk, xvfb, tmp_path):
    scenario = questionnaire_lab(tmp_path)
    window, sessions = start_matb_window(labkiosk, xvfb, tmp_path, scenario)
    window.focus()

    def slide(button, image, path):
        rows = newest_log_so_far(sessions)
        if any(r["module"] == "genericscales" and r["type"] == "event" for r in rows):
            for key in ["Right", "Right", "Down", "Left", "Up", "Up", "Right"]:
                window.key(key)
                time.sleep(0.05)
        window.key("space")

    MatbScreen(window).answer_screens(on_slide=slide, on_dialog=lambda bs, image, path: window.key("space"))
    out, err = window.finish(timeout=60)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    rows = read_log(session_logs(sessions)[0])
    # Right Right on item 1 (5 -> 5.5 -> 6.0), Down, Left on item 2 (5 -> 4.5), Up Up wraps to
    # item 6, Right (5 -> 5.5).
    expected = dict((t, "5") for t in NASA_TITLES)
    expected.update({"Mental demand": "6.0", "Physical demand": "4.5", "Frustration": "5.5"})
    check_questionnaire_log(rows, [(t, expected[t]) for t in NASA_TITLES])


def test_check_reports_questionnaire_lines_that_crash_openmatb(labkiosk, tmp_path):
    os.makedirs(tmp_path / "questionnaires")
    (tmp_path / "questionnaires" / "three.txt").write_text("# the 3-field form\nMental;Low/High;0/10/5\n")
    scenario = tmp_path / "s.txt"
    scenario.write_text("0:00:00;genericscales;filename;three.txt\n0:00:00;genericscales;start\n")
    result = labkiosk.run("check", scenario)
    assert result.returncode == 1, result
    where = tmp_path / "questionnaires" / "three.txt"
    assert f"{where}:2:1: error: a questionnaire item has 4 fields" in result.stderr, result.stderr
    run = labkiosk.run("matb", "--headless", "--sessions", tmp_path / "sessions", scenario)
    assert run.returncode == 1 and "nothing was started" in run.stderr, run.stderr
