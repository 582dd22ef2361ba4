"""Image judgements (docs/judge.md) and prompt sequences (docs/prompts.md): driven by keys and
taps in a window, and as blocks of a plan that is catalogued, reported and exported."""
import csv
import glob
import io
import os
import re
import shutil
import subprocess
import time

from labkiosk_harness import REPO, pixel
from pages import AppWindow, JudgeScreen, PromptScreen
from support import REFERENCE_SIZE, bids_validator, check_catalogue

JUDGE_CONFIG = """title = "E2E judgement"
trials = "trials.csv"
order = "file"
condition = "distance"
fixation_seconds = 0.3
response_seconds = 3
feedback_seconds = 0.3
interval_seconds = 0.3
points_correct = 10

[[response]]
answer = "friend"
key = "F"

[[response]]
answer = "foe"
key = "J"
"""

PROMPTS_SEQUENCE = """title = "E2E prompts"
pause_every = 1

[[preparation]]
text = "Get ready."
image = "images/posture.png"

[[help]]
question = "What if I feel unwell?"
answer = "Tell the experimenter."

[[phase]]
name = "look"
text = "Look at the {word}."
image = "images/{word}.png"
seconds = 1.5
marker = "look_{word}"
code = 3

[[phase]]
name = "ready"
text = "Continue when you are ready."
until = "continue"

[[trial]]
word = "lemon"

[[trial]]
word = "beach"
"""


def judge_folder(folder):
    """A judgement configuration of four trials in file order, on the bundled pictures, in
    `folder`/judge: its judge.toml."""
    judge = os.path.join(folder, "judge")
    shutil.copytree(os.path.join(REPO, "Scenarios", "judge", "images"), os.path.join(judge, "images"))
    with open(os.path.join(judge, "judge.toml"), "w") as f:
        f.write(JUDGE_CONFIG)
    with open(os.path.join(judge, "trials.csv"), "w") as f:
        f.write("image,answer,distance\nimages/friend-1-near.png,friend,near\nimages/friend-2-far.png,friend,far\n"
                "images/foe-1-near.png,foe,near\nimages/foe-2-near.png,foe,near\n")
    return os.path.join(judge, "judge.toml")


def read_judge_log(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    assert lines[0] == "# labkiosk judgement log" and lines[-1] == "", lines[:2]
    body = [line for line in lines if line and not line.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(body)), delimiter="\t"))


def read_prompts_log(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    assert lines[0] == "# labkiosk prompts log" and lines[-1] == "", lines[:2]
    return list(csv.DictReader(io.StringIO("\n".join(line for line in lines if line and not line.startswith("#"))), delimiter="\t"))


def test_judge_answered_by_keys_and_taps(labkiosk, xvfb, tmp_path, shots):
    """Four trials in a window: a right answer by key, a wrong one by key, a tap on the Foe
    button, and none (too slow); the log holds each with its response time, the summary sums them."""
    config = judge_folder(tmp_path)
    data = tmp_path / "data"
    env = dict(xvfb.env, SDL_MOUSE_TOUCH_EVENTS="1")  # xdotool's clicks arrive as touches
    window = AppWindow.launch(labkiosk, xvfb, "judge", config, "--data", data, "--participant", "P1", "--size", REFERENCE_SIZE,
                              "--input-dir", tmp_path / "no-devices", env=env)
    judge = JudgeScreen(window)
    time.sleep(1.0)
    window.focus()
    window.key("space")                  # past the instructions; the first image at 0.3 s
    time.sleep(1.0)
    judge.answer("f")                    # right
    time.sleep(1.4)
    judge.answer("j")                    # wrong: a friend
    time.sleep(1.4)
    judge.tap_foe()                      # right, by touch
    time.sleep(1.6)
    image = window.grab(os.path.join(shots, "judge-image.png"))  # the fourth image, left unanswered
    time.sleep(3.5)
    window.key("space")                  # past the closing screen
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, out + err
    logs = sorted(glob.glob(os.path.join(data, "*", "*_judge.tsv")))
    assert len(logs) == 1, logs
    rows = read_judge_log(logs[0])
    assert [r["response"] for r in rows] == ["friend", "foe", "foe", ""], rows
    assert [r["input"] for r in rows] == ["F", "J", "tap", ""], rows
    assert [r["correct"] for r in rows] == ["1", "0", "1", "0"] and rows[3]["timed_out"] == "1", rows
    assert [r["distance"] for r in rows] == ["near", "far", "near", "near"], rows
    for r in rows[:3]:
        assert 100 < float(r["rt_ms"]) < 2500 and re.fullmatch(r"\d+\.\d{3}", r["rt_ms"]), r
    assert [r["score"] for r in rows] == ["10", "10", "20", "20"], rows
    summary = list(csv.DictReader(open(logs[0].replace("_judge.tsv", "_judge-summary.tsv"), encoding="utf-8"), delimiter="\t"))
    assert [(g["condition"], g["trials"], g["correct"]) for g in summary] == [("all", "4", "2"), ("near", "3", "2"), ("far", "1", "0")], summary
    # The vehicle fills the middle of the screen above the answer strip: the picture's sky and
    # ground and the dark silhouette are there, the grey background around them.
    colours = {pixel(image, px, py) for px in range(500, 1420, 20) for py in range(200, 800, 20)}
    assert (196, 210, 222) in colours and (150, 156, 128) in colours and (38, 42, 36) in colours, sorted(colours)[:12]
    assert pixel(image, 20, 500) == (128, 128, 128), pixel(image, 20, 500)
    # The report plots it; the BIDS export holds one event per trial and passes the official validator.
    report = labkiosk.run("report", logs[0], "--out", tmp_path / "report", timeout=60)
    assert report.returncode == 0, report.stderr
    plots = sorted(os.path.basename(p) for p in glob.glob(os.path.join(tmp_path, "report", "plots", "*.svg")))
    assert plots == ["accuracy.svg", "response-times.svg", "trials.svg"], plots
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "accuracy 66.7 %" in page and "accuracy 50 %" in page, page[:2000]
    out = str(tmp_path / "bids")
    export = labkiosk.run("export", "--bids", data, "--out", out, timeout=60)
    assert export.returncode == 0, export.stderr
    events = glob.glob(os.path.join(out, "sub-P1", "beh", "sub-P1_task-judge_run-*_events.tsv"))
    assert len(events) == 1, events
    table = list(csv.DictReader(open(events[0], encoding="utf-8"), delimiter="\t"))
    assert [e["trial_type"] for e in table] == ["near", "far", "near", "near"] and table[3]["response_time"] == "n/a", table
    assert abs(float(table[0]["response_time"]) * 1000 - float(rows[0]["rt_ms"])) < 0.001, (table[0], rows[0])
    validator = bids_validator()
    if validator:
        validated = subprocess.run([validator, out], capture_output=True, text=True, timeout=300)
        assert validated.returncode == 0 and "[ERROR]" not in validated.stdout, validated.stdout + validated.stderr


def test_judge_and_prompts_in_a_batch_are_catalogued_reported_and_exported(labkiosk, tmp_path):
    """A plan with a judgement block and a prompt sequence, run headless: the catalogue holds
    both blocks' figures, the report plots both, the BIDS export passes the official validator."""
    config = judge_folder(tmp_path)
    judge = tmp_path / "judge"
    shutil.copytree(os.path.join(REPO, "Scenarios", "prompts", "images"), judge / "pictures")
    (judge / "sequence.toml").write_text(PROMPTS_SEQUENCE.replace("images/", "pictures/"))
    plan = judge / "plan.toml"
    plan.write_text('[study]\nname = "judging"\n\n[[block]]\nkind = "judge"\nconfig = "judge.toml"\n\n'
                    '[[block]]\nkind = "prompts"\nsequence = "sequence.toml"\n')
    data = str(tmp_path / "data")
    check = labkiosk.run("check", plan, config, judge / "sequence.toml", timeout=60)
    assert check.returncode == 0 and "judge.toml: ok (choice judgement: 4 trials, 4 images)" in check.stdout, check.stdout + check.stderr
    assert "sequence.toml: ok (prompt sequence: 2 phases, 2 trials × 1, 3 pictures, 0 spoken texts)" in check.stdout, check.stdout
    # Broken copies are refused at their line and column, and nothing runs.
    (judge / "bad.csv").write_text("image,answer,distance\nimages/friend-1-near.png,ally,near\n")
    (judge / "bad.toml").write_text(JUDGE_CONFIG.replace('"trials.csv"', '"bad.csv"'))
    (judge / "bad-sequence.toml").write_text(
        PROMPTS_SEQUENCE.replace("images/", "pictures/").replace('pause_every = 1', 'pause_every = 1\ncolour = "red"').replace("lemon", "melon"))
    bad = labkiosk.run("check", judge / "bad.toml", judge / "bad-sequence.toml", timeout=60)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert 'bad.csv:2:26: error: the answer "ally" is none of the configuration\'s answers (friend, foe)' in bad.stderr, bad.stderr
    assert "bad-sequence.toml:3:1: error: unknown key `colour`" in bad.stderr, bad.stderr
    refused = labkiosk.run("judge", judge / "bad.toml", "--headless", "--data", tmp_path / "refused", timeout=60)
    assert refused.returncode == 1 and "nothing was started" in refused.stderr and not os.path.exists(tmp_path / "refused"), refused.stderr
    run = labkiosk.run("batch", plan, "--participant", "7", "--data", data, "--headless", timeout=120)
    assert run.returncode == 0 and "batch complete" in run.stdout, run.stdout + run.stderr
    session = check_catalogue(labkiosk, data, "7", complete=True)
    figures = session["blocks"][0]["figures"]
    assert figures["trials"] == "4" and figures["accuracy"] == "0.000" and figures["points"] == "0", figures
    assert session["blocks"][1]["figures"]["trials completed"] == "2", session["blocks"][1]
    listing = labkiosk.run("sessions", "--data", data, "--participant", "7", timeout=60)
    assert "accuracy 0.000" in listing.stdout and "_judge.tsv" in listing.stdout and "_prompts.tsv" in listing.stdout, listing.stdout
    folder = os.path.dirname(glob.glob(os.path.join(data, "7", "*", "batch.txt"))[0])
    report = labkiosk.run("report", folder, "--out", tmp_path / "report", timeout=60)
    assert report.returncode == 0, report.stderr
    plots = sorted(os.path.basename(p) for p in glob.glob(os.path.join(tmp_path, "report", "plots", "*.svg")))
    assert plots == ["block1-accuracy.svg", "block1-response-times.svg", "block2-phases.svg"], plots
    out = str(tmp_path / "bids")
    export = labkiosk.run("export", "--bids", folder, "--out", out, timeout=60)
    assert export.returncode == 0, export.stderr
    tasks = sorted(os.path.basename(e).split("_task-")[1].split("_")[0]
                   for e in glob.glob(os.path.join(out, "sub-7", "ses-*", "beh", "*_events.tsv")))
    assert tasks == ["judge", "prompts"], tasks
    validator = bids_validator()
    if validator:
        validated = subprocess.run([validator, out], capture_output=True, text=True, timeout=300)
        assert validated.returncode == 0 and "[ERROR]" not in validated.stdout, validated.stdout + validated.stderr


def test_prompts_driven_by_taps_and_keys(labkiosk, xvfb, tmp_path, shots):
    """A prompt sequence in a window: the preparation left by a tap on Continue, a timed phase
    with its picture, help opened with H and closed, a waiting phase left with Space, and
    Stop here tapped at the pause; every step is a log row at the frame that showed it."""
    folder = tmp_path / "prompts"
    shutil.copytree(os.path.join(REPO, "Scenarios", "prompts", "images"), folder / "images")
    sequence = folder / "e2e.toml"
    sequence.write_text(PROMPTS_SEQUENCE)
    data = tmp_path / "data"
    phase_shot, help_shot = os.path.join(shots, "prompts-phase.png"), os.path.join(shots, "prompts-help.png")
    env = dict(xvfb.env, SDL_MOUSE_TOUCH_EVENTS="1")
    window = AppWindow.launch(labkiosk, xvfb, "prompts", sequence, "--data", data, "--participant", "P2", "--size", REFERENCE_SIZE, env=env)
    prompts = PromptScreen(window)
    time.sleep(1.0)
    window.focus()
    prompts.tap_continue()
    time.sleep(0.7)
    phase = window.grab(phase_shot)      # the lemon, in its 1.5 s
    time.sleep(1.3)                      # the waiting phase by now
    prompts.open_help()
    time.sleep(0.5)
    window.grab(help_shot)
    prompts.close_help()
    time.sleep(0.3)
    prompts.continue_by_key()            # leaves the waiting phase: the pause
    time.sleep(0.5)
    prompts.tap_stop_here()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, out + err
    logs = glob.glob(os.path.join(data, "*", "*_prompts.tsv"))
    assert len(logs) == 1, logs
    rows = read_prompts_log(logs[0])
    assert [r["event"] for r in rows] == ["preparation", "continue", "phase_start", "phase_end", "phase_start", "help_open", "help_close",
                                          "continue", "phase_end", "pause", "stop", "finished"], [(r["event"], r["detail"]) for r in rows]
    assert rows[1]["detail"] == "tap" and rows[7]["detail"] == "key SPACE" and rows[11]["detail"] == "stopped", rows
    look = rows[2]
    assert (look["marker"], look["code"], look["image"], look["variables"]) == ("look_lemon", "3", "images/lemon.png", "word=lemon"), look
    assert abs(float(rows[3]["time_s"]) - float(look["time_s"]) - 1.5) < 1e-6, (look, rows[3])
    # The picture fills the middle above the text: the lemon's yellow is there.
    colours = {pixel(phase, px, py) for px in range(600, 1320, 12) for py in range(250, 600, 12)}
    assert (240, 200, 40) in colours, sorted(colours)[:10]


def test_practice_runs_again_until_its_criterion_and_a_resume_keeps_count(labkiosk, tmp_path):
    """A practice block with `repeat_until` (docs/plans.md: Practice until a criterion), run
    headless where no answer comes (accuracy 0): it runs again until the plan's limit, each run
    with its own files, every decision in the journal; killed during its second run, the same
    command resumes it and counts the run that was complete. A block whose criterion the first
    run meets runs once."""
    config = judge_folder(tmp_path)
    judge = tmp_path / "judge"
    (judge / "judge.toml").write_text(JUDGE_CONFIG.replace("response_seconds = 3", "response_seconds = 0.5"))
    plan = judge / "plan.toml"
    plan.write_text('[study]\nname = "practice"\n\n'
                    '[[block]]\nkind = "judge"\nconfig = "judge.toml"\nrepeat_until = "accuracy >= 0.8"\nmax_repeats = 3\n\n'
                    '[[block]]\nkind = "judge"\nconfig = "judge.toml"\nrepeat_until = "accuracy <= 0.5"\n')
    data = str(tmp_path / "data")
    # Headless at twice real time: a run of four trials takes about three seconds.
    batch = labkiosk.start("batch", plan, "--participant", "3", "--data", data, "--headless", "--speed", "2")
    journal_path = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = glob.glob(os.path.join(data, "3", "*", "batch.txt"))
        if found and "\nrepeat 1 " in open(found[0], encoding="utf-8").read():
            journal_path = found[0]
            break
        time.sleep(0.05)
    assert journal_path, "the first run never ended in a repeat"
    time.sleep(0.5)
    batch.kill()
    batch.wait(timeout=30)
    resumed = labkiosk.run("batch", plan, "--participant", "3", "--data", data, "--headless", timeout=120)
    assert resumed.returncode == 0 and "batch complete" in resumed.stdout, resumed.stdout + resumed.stderr
    journal = open(journal_path, encoding="utf-8").read()
    repeats = re.findall(r"^repeat 1 \S+ \S+: (.*)$", journal, re.M)
    assert repeats == ["accuracy 0.000 did not reach accuracy >= 0.8 on run 1 of at most 3",
                       "accuracy 0.000 did not reach accuracy >= 0.8 on run 2 of at most 3"], journal
    decisions = re.findall(r"^criterion (\d) \S+ \S+: (.*)$", journal, re.M)
    assert decisions == [("1", "accuracy 0.000 did not reach accuracy >= 0.8 on run 3 of at most 3, the last the plan allows; going on"),
                         ("2", "accuracy 0.000 reached accuracy <= 0.5 on run 1 of at most 3")], journal
    assert re.search(r"^interrupted 1 ", journal, re.M), journal
    assert "block 1 runs again" in resumed.stdout, resumed.stdout
    session = check_catalogue(labkiosk, data, "3", complete=True)
    first, second = session["blocks"]
    complete_logs = [f["path"] for f in first["files"] if not f["partial"] and f["path"].endswith("_judge.tsv")]
    assert len(complete_logs) == 3 and len(set(complete_logs)) == 3, first["files"]
    for log in complete_logs:
        assert len(read_judge_log(os.path.join(data, log))) == 4, log
    assert len([f for f in second["files"] if f["path"].endswith("_judge.tsv")]) == 1, second["files"]
