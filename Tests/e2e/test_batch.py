"""Study-plan batches (docs/plans.md): every block kind in one window, the pilot plan headless
and driven by keys, kills at random moments and resumes, data folders copied, refused or
full, and kiosk mode's staff panel."""
import glob
import os
import random
import re
import shutil
import signal
import subprocess
import time

import pytest

from labkiosk_harness import REPO, FramePlayer, pad_files, pen_fifo, pen_stroke_script, session_logs, sha256
from pages import AppWindow, DrawingPad, NextBlockScreen, StaffPanel
from support import REFERENCE_SIZE, check_catalogue


def test_batch_of_every_block_kind_in_one_window(labkiosk, xvfb, tmp_path, shots):
    plan_dir = tmp_path / "study"
    plan_dir.mkdir()
    pilot = os.path.join(REPO, "Scenarios", "plans", "workload-pilot")
    for name in ["welcome.txt", "nasatlx_en.txt"]:
        shutil.copy(os.path.join(pilot, name), plan_dir)
    (plan_dir / "short.txt").write_text("0:00:00;sysmon;start\n0:00:00;track;start\n0:00:03;sysmon;stop\n0:00:03;track;stop\n")
    with open(os.path.join(pilot, "drawing.ini")) as source:
        (plan_dir / "drawing.ini").write_text(source.read().replace("../../drawing-pad/", os.path.join(REPO, "Scenarios", "drawing-pad") + "/"))
    (plan_dir / "plan.toml").write_text(
        '[study]\nname = "e2e"\n\n[[block]]\nkind = "instructions"\nfile = "welcome.txt"\n\n'
        '[[block]]\nkind = "break"\nseconds = 2\n\n[[block]]\nkind = "matb"\nscenario = "short.txt"\n\n'
        '[[block]]\nkind = "questionnaire"\nfile = "nasatlx_en.txt"\n\n[[block]]\nkind = "pad"\nconfig = "drawing.ini"\n')
    data = str(tmp_path / "data")
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan_dir / "plan.toml", "--participant", "P1", "--data", data,
                              "--size", REFERENCE_SIZE, "--mute")
    next_block, pad = NextBlockScreen(window), DrawingPad(window)
    time.sleep(0.5)
    window.focus()

    def space(pause=0.6):
        window.key("space")
        time.sleep(pause)

    watched = subprocess.run(["timeout", "2.5", labkiosk.path, "sessions", "--data", data, "--watch"],
                             capture_output=True, text=True)
    assert "running" in watched.stdout and "now: P1 · block 1 of 5: instructions welcome.txt" in watched.stdout, watched.stdout
    next_block.continue_()            # "Part 1 of 5"
    window.grab(os.path.join(shots, "e2e-batch-next.png"))
    space()                           # the instruction slide
    next_block.continue_()            # "Part 2 of 5"
    time.sleep(2.5)                   # the timed break ends by itself
    next_block.continue_(pause=4)     # "Part 3 of 5", then three seconds of MATB
    next_block.continue_()            # "Part 4 of 5"
    for _ in range(12):               # NASA-TLX: validate each page with its defaults
        if not window.is_running():
            break
        image = window.grab(tmp_path / "q.png")
        if NextBlockScreen.is_showing(image):
            break                     # the questionnaire is done
        space(0.4)
    next_block.continue_()            # "Part 5 of 5"
    pad.open_trial()
    pad.end_familiarisation()
    pad.stroke([(100, 100), (300, 300)])
    assert xvfb.wait_for_window() == window.id, "one window for the whole batch"
    pad.end_trial()
    pad.finish_block()                # the closing screen ends by itself
    out, err = window.finish(timeout=60)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    assert "batch complete" in out, out
    journals = glob.glob(os.path.join(data, "P1", "*", "batch.txt"))
    assert len(journals) == 1, journals
    log = open(journals[0], encoding="utf-8").read()
    assert len(re.findall(r"^began \d ", log, re.M)) == 5 and len(re.findall(r"^ended \d ", log, re.M)) == 5, log
    assert "\ncomplete " in log, log
    csvs = glob.glob(os.path.join(os.path.dirname(journals[0]), "*", "*.csv"))
    assert len(csvs) == 3, csvs   # instructions, MATB, questionnaire
    strokes = [p for p in pad_files(data).get("_strokes.txt", [])]
    assert len(strokes) == 1 and len(open(strokes[0]).read().split("\n")) == 15, strokes
    session = check_catalogue(labkiosk, data, "P1", complete=True)
    assert session["blocks"][4]["figures"]["strokes"] == "1", session["blocks"][4]


def test_batch_plan_headless_is_catalogued_and_not_run_twice(labkiosk, tmp_path, pilot_plan):
    data = str(tmp_path / "data")
    checked = labkiosk.run("batch", pilot_plan, "--self-check", "--data", data, "--headless", timeout=60)
    assert checked.returncode == 0 and "self-check passed" in checked.stdout, checked.stdout + checked.stderr
    assert not os.path.exists(os.path.join(data, "catalogue.sqlite")), "a self-check starts nothing"
    began = time.time()
    first = labkiosk.run("batch", pilot_plan, "--participant", "7", "--data", data, "--headless", timeout=300)
    assert first.returncode == 0, first.stderr
    # Headless as fast as possible, the plan's blocks take no time to speak of: the end is now.
    minutes = {time.strftime("%H:%M", time.localtime(t)) for t in range(int(began), int(time.time()) + 1)}
    ends = set(re.findall(r"ends about (\d\d:\d\d)", first.stdout))
    assert ends and ends <= minutes, (ends, minutes)
    assert "order conditions: latin-square, participant number 7, row 1 of 2: matb easy.txt, matb hard.txt" in first.stdout, first.stdout
    session = check_catalogue(labkiosk, data, "7", complete=True)
    assert [b["title"] for b in session["blocks"]] == ["instructions welcome.txt", "matb easy.txt", "matb hard.txt",
                                                       "questionnaire nasatlx_en.txt", "pad drawing.ini"], session
    matb = session["blocks"][1]["figures"]
    for name in ["track in target %", "sysmon HIT", "sysmon MISS", "resman tank A in tolerance %", "communications HIT"]:
        assert name in matb, matb
    again = labkiosk.run("batch", pilot_plan, "--participant", "7", "--data", data, "--headless", timeout=300)
    assert again.returncode == 64 and "already completed" in again.stderr, again.stderr
    second = labkiosk.run("batch", pilot_plan, "--participant", "7", "--data", data, "--headless", "--again", timeout=300)
    assert second.returncode == 0, second.stderr
    assert len(glob.glob(os.path.join(data, "7", "*", "batch.txt"))) == 2


def test_batch_plan_in_a_window_driven_by_keys(labkiosk, xvfb, tmp_path, pilot_plan):
    """The workload-pilot plan as written, in one window at 20x, driven as a participant would:
    Space through screens, slides and NASA-TLX pages, then a drawing on the pad."""
    data = str(tmp_path / "data")
    window = AppWindow.launch(labkiosk, xvfb, "batch", pilot_plan, "--participant", "12", "--data", data, "--speed", "20",
                              "--size", REFERENCE_SIZE, "--mute")
    pad = DrawingPad(window)
    time.sleep(0.5)
    window.focus()
    deadline = time.time() + 180

    def journal():
        found = glob.glob(os.path.join(data, "12", "*", "batch.txt"))
        return open(found[0], encoding="utf-8").read() if found else ""

    while not re.search(r"^began 5 ", journal(), re.M):
        assert time.time() < deadline and window.is_running(), journal()
        window.key("space")
        time.sleep(0.4)
    time.sleep(0.5)
    pad.open_trial()
    pad.end_familiarisation()
    pad.stroke([(100, 100), (300, 300)])
    pad.end_trial()
    pad.finish_block()                # the closing screen ends by itself
    out, err = window.finish(timeout=60)
    assert window.process.returncode == 0 and "batch complete" in out, out + err
    session = check_catalogue(labkiosk, data, "12", complete=True)
    assert [b["state"] for b in session["blocks"]] == ["complete"] * 5, session
    assert session["blocks"][4]["figures"]["strokes"] == "1", session["blocks"][4]


@pytest.mark.slow
def test_batch_killed_at_random_moments_resumes_and_keeps_everything(labkiosk, tmp_path, pilot_plan):
    """kill -9 at 20 random moments of one participant's batch, resuming after each: every file a
    killed run left stays as it was (its checksum), the journal only grows, and the batch completes."""
    data = str(tmp_path / "data")
    # At 20× a scenario's two minutes take six seconds: most moments land inside a MATB block.
    command = ["batch", pilot_plan, "--participant", "4", "--data", data, "--headless", "--speed", "20"]
    rng = random.Random(12)
    seen = {}
    journal_text = ""
    kills = 0
    completed = False
    for _ in range(20):
        run = labkiosk.start(*command, stdout=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 5.0))
        if run.poll() is not None:
            assert run.returncode == 0, run.stderr.read()
            completed = True           # it completed before this moment came
            break
        run.kill()
        run.wait()
        kills += 1
        for path in glob.glob(os.path.join(data, "4", "**", "*"), recursive=True):
            if os.path.isfile(path) and not path.endswith("batch.txt"):
                seen.setdefault(path, sha256(path))
        journals = glob.glob(os.path.join(data, "4", "*", "batch.txt"))
        assert len(journals) == 1, f"a resume made a new session: {journals}"
        text = open(journals[0], encoding="utf-8").read()
        assert text.startswith(journal_text), "the journal was rewritten, not appended to"
        journal_text = text
    if not completed:
        final = labkiosk.run(*command, timeout=300)
        assert final.returncode == 0 and "batch complete" in final.stdout, final.stdout + final.stderr
    assert kills >= 10, f"only {kills} kills landed"
    for path, checksum in seen.items():
        assert os.path.exists(path), f"{path} vanished"
        assert sha256(path) == checksum, f"{path} changed after the run that wrote it was killed"
    session = check_catalogue(labkiosk, data, "4", complete=True)
    partial = [(block["title"], f["path"]) for block in session["blocks"] for f in block["files"] if f["partial"]]
    assert partial, "the interrupted runs' files are named in the catalogue"
    # Every row a killed MATB block wrote is the row an uninterrupted run of the same scenario
    # and session number writes at that place: nothing lost before the kill, nothing garbled.
    compared = 0
    for title, path in partial:
        if not title.startswith("matb ") or not path.endswith(".csv"):
            continue
        number = int(os.path.basename(path).split("_")[0])
        reference_dir = tmp_path / f"reference-{number}"
        reference_dir.mkdir()
        if number > 1:
            (reference_dir / f"{number - 1}_000101_000000.csv").touch()
        scenario = os.path.join(os.path.dirname(pilot_plan), title[len("matb "):])
        made = labkiosk.run("matb", scenario, "--headless", "--sessions", reference_dir, timeout=120)
        assert made.returncode == 0, made.stderr
        reference = [p for p in session_logs(reference_dir) if os.path.basename(p).startswith(f"{number}_")]
        assert len(reference) == 1, reference

        def rows(text):
            lines = text.split("\n")[:-1]        # a last line without its newline was cut by the kill
            return [line.split(",", 1)[1] for line in lines[1:] if ",manual," not in line]

        got = rows(open(os.path.join(data, path), encoding="utf-8").read())
        expected = rows(open(reference[0], encoding="utf-8").read())
        assert got == expected[:len(got)], f"{path} differs from an uninterrupted run"
        compared += 1
    assert compared > 0, partial


def test_a_batch_resumes_from_a_copy_of_its_data_folder_elsewhere(labkiosk, tmp_path, pilot_plan):
    """A batch killed mid-block, its data folder copied to another disk (as staff do when the
    first fills up): the same command with --data pointing at the copy resumes it there, and
    every file the killed run wrote is in the copy unchanged."""
    first, second = str(tmp_path / "first"), str(tmp_path / "second")
    command = ["batch", pilot_plan, "--participant", "6", "--headless", "--speed", "20"]
    run = labkiosk.start(*command, "--data", first, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4)
    run.kill()
    run.wait()
    shutil.copytree(first, second)
    written = {os.path.relpath(p, first): sha256(p) for p in glob.glob(os.path.join(first, "6", "**", "*"), recursive=True)
               if os.path.isfile(p) and not p.endswith("batch.txt")}
    assert any(p.endswith(".csv") for p in written), written
    resumed = labkiosk.run(*command, "--data", second, timeout=300)
    assert resumed.returncode == 0 and "batch complete" in resumed.stdout, resumed.stdout + resumed.stderr
    for path, checksum in written.items():
        assert sha256(os.path.join(second, path)) == checksum, path
    session = check_catalogue(labkiosk, second, "6", complete=True)
    assert any(f["partial"] for block in session["blocks"] for f in block["files"]), session


def test_symlinked_missing_or_unwritable_data_folders_are_refused(labkiosk, tmp_path):
    """Nothing starts when the data folder is a symbolic link, lies in a folder that does not
    exist, or cannot be written; the message says which and why."""
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    cases = [(link, f"is a symbolic link to {real}"), (tmp_path / "typo" / "data", "the data folder does not exist, nor does")]
    if os.geteuid() != 0:  # root writes anywhere
        cases.append((locked, "the data folder cannot be written"))
    for folder, said in cases:
        for command in (["matb", "--headless", "--sessions", folder], ["judge", "--headless", "--data", folder]):
            run = labkiosk.run(*command, timeout=60)
            assert run.returncode == 1 and said in run.stderr and "nothing was started" in run.stderr, (command, run.stderr)
        batch = labkiosk.run("batch", os.path.join(REPO, "Scenarios", "plans", "workload-pilot", "plan.toml"), "--participant", "1",
                             "--headless", "--data", folder, timeout=60)
        assert batch.returncode == 64 and said in batch.stdout, batch.stdout + batch.stderr
    assert os.listdir(real) == [] and not os.path.exists(tmp_path / "typo")


def test_kiosk_batch_ignores_closing_and_answers_only_staff(labkiosk, xvfb, tmp_path, shots, pilot_plan):
    """Kiosk mode: the experimenter chord opens the staff panel, S skips a block (logged),
    and SIGTERM ends the run cleanly (logged), where closing the window is ignored."""
    data = str(tmp_path / "data")
    settings = tmp_path / "kiosk.ini"
    settings.write_text("[Kiosk]\nexit_chord = CTRL+ALT+SHIFT+Q\npin = 2468\n")
    window = AppWindow.launch(labkiosk, xvfb, "batch", pilot_plan, "--participant", "K1", "--data", data, "--kiosk",
                              "--settings", settings, "--mute")
    staff = StaffPanel(window, chord=("ctrl", "alt", "shift", "q"))
    time.sleep(0.8)
    window.focus()
    window.key("alt+F4")      # no window manager to act on it, and nothing here listens
    staff.open()
    time.sleep(0.5)
    image = window.grab(os.path.join(shots, "e2e-kiosk-staff-panel.png"))
    assert StaffPanel.is_open(image), "the staff panel is open"
    staff.skip_block()
    time.sleep(1)
    assert window.is_running(), "skipping a block goes on with the batch"
    window.process.send_signal(signal.SIGTERM)
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, err
    journal = open(glob.glob(os.path.join(data, "K1", "*", "batch.txt"))[0], encoding="utf-8").read()
    assert re.search(r"^skipped 1 .* by staff \(kiosk panel\)$", journal, re.M), journal
    assert re.search(r"^stopped .*: stopped by SIGTERM$", journal, re.M), journal
    assert "batch stopped; the same command resumes it" in out, out


def test_batch_on_a_full_disk_stops_its_block_and_loses_nothing(labkiosk, tmp_path, pilot_plan):
    """The data folder fills up mid-block (a small tmpfs): the block stops with a message naming
    the file, what was written stays, and once there is room the same command resumes."""
    small = tmp_path / "small"
    small.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=150m", "tmpfs", small], capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        data = str(small / "data")
        too_small = tmp_path / "too-small"
        too_small.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=20m", "tmpfs", too_small], capture_output=True).returncode == 0:
            try:
                refused = labkiosk.run("batch", pilot_plan, "--participant", "5", "--data", too_small, "--headless", timeout=60)
                assert refused.returncode == 64 and "this plan needs about" in refused.stdout, refused.stdout + refused.stderr
            finally:
                subprocess.run(["umount", too_small], capture_output=True)
        command = ["batch", pilot_plan, "--participant", "5", "--data", data, "--headless", "--speed", "10"]
        run = labkiosk.start(*command)
        time.sleep(2)
        filler = small / "filler"
        subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=1M"], capture_output=True)
        out, err = run.communicate(timeout=120)
        assert run.returncode == 1, out + err
        assert "No space left on device" in err and ".csv" in err and "the same command resumes" in err, err
        first = glob.glob(os.path.join(data, "5", "*", "*", "1_*.csv"))
        assert len(first) == 1
        before = sha256(first[0])
        rows = open(first[0], encoding="utf-8").read().split("\n")
        assert rows[-1] == "" and len(rows) > 5, "the finished block's log is whole"
        filler.unlink()
        resumed = labkiosk.run(*command, timeout=300)
        assert resumed.returncode == 0 and "batch complete" in resumed.stdout, resumed.stdout + resumed.stderr
        assert sha256(first[0]) == before
        check_catalogue(labkiosk, data, "5", complete=True)
    finally:
        subprocess.run(["umount", small], capture_output=True)


def test_a_batch_reads_a_pads_pens_and_checks_devices_in_the_input_folder_given(labkiosk, xvfb, tmp_path):
    """`--input-dir` reaches a pad block's pens and the self-check, not only the joystick."""
    inputs = tmp_path / "input"
    fifo = pen_fifo(inputs, node="event3", name="E2E Batch Pen")
    plan = tmp_path / "plan.toml"
    plan.write_text(f'[study]\nname = "pens"\n[[block]]\nkind = "pad"\nconfig = "{REPO}/Scenarios/drawing-pad/drawing.ini"\n')
    data = tmp_path / "data"
    checked = labkiosk.run("batch", plan, "--self-check", "--data", data, "--input-dir", inputs, timeout=60)
    assert checked.returncode == 0, checked
    assert f"input devices under {inputs} readable" in checked.stdout, checked.stdout
    px, py = DrawingPad.TOP_LEFT
    writer = FramePlayer(fifo, [(0.5, [])] + pen_stroke_script([(px + 100 + 10 * i, py + 200) for i in range(30)]))
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan, "--participant", "P1", "--data", data, "--size", REFERENCE_SIZE,
                              "--input-dir", inputs)
    time.sleep(0.5)
    window.focus()
    NextBlockScreen(window).continue_()
    pad = DrawingPad(window)
    pad.trial_drawn_by(writer)
    pad.finish_block()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    samples = open(pad_files(data)["_samples.tsv"][0], encoding="utf-8").read()
    assert "E2E Batch Pen" in samples, "the pen in the batch's input folder is read"
    pen = [line.split("\t") for line in samples.split("\n") if line.startswith("sample\t") and line.split("\t")[8] == "pen"]
    assert [r[9] for r in pen] == ["hover", "down"] + ["move"] * 29 + ["up", "leave"], [r[9] for r in pen]


def test_batches_started_at_the_same_moment_open_one_session_each_participant(labkiosk, tmp_path, pilot_plan):
    """Two batches of one participant at once: one runs, the other is refused; batches of
    different participants at once: every log has a run number of its own."""
    for attempt in range(6):
        data = str(tmp_path / f"same-{attempt}")
        runs = [labkiosk.start("batch", pilot_plan, "--participant", "9", "--data", data, "--headless") for _ in range(2)]
        codes = sorted(run.wait(timeout=300) for run in runs)
        for run in runs:
            run.communicate()
        assert codes == [0, 64], codes
        assert len(glob.glob(os.path.join(data, "9", "*", "batch.txt"))) == 1
    data = str(tmp_path / "different")
    runs = [labkiosk.start("batch", pilot_plan, "--participant", str(p), "--data", data, "--headless") for p in (1, 2, 3)]
    assert [run.wait(timeout=300) for run in runs] == [0, 0, 0]
    for run in runs:
        run.communicate()
    numbers = [int(os.path.basename(log).split("_")[0]) for log in session_logs(data)]
    assert len(numbers) == 12 and len(set(numbers)) == 12, sorted(numbers)


def test_sessions_verify_names_files_changed_after_the_catalogue_is_lost(labkiosk, tmp_path, pilot_plan):
    """Each finished file's seal is in the journal, so a catalogue rebuilt without the old one
    still finds what was edited, deleted, appended to or cut short."""
    data = str(tmp_path / "data")
    assert labkiosk.run("batch", pilot_plan, "--participant", "4", "--data", data, "--headless", timeout=300).returncode == 0
    logs = sorted(glob.glob(os.path.join(data, "4", "*", "*", "*.csv")))
    samples = glob.glob(os.path.join(data, "4", "*", "*", "*_samples.tsv"))
    assert len(logs) == 4 and len(samples) == 1, logs + samples
    edited, deleted, appended, truncated = logs
    with open(edited, "r+b") as f:
        f.seek(40)
        f.write(b"X")
    os.remove(deleted)
    with open(appended, "ab") as f:
        f.write(b"1.0,,manual,,,appended\r\n")
    os.truncate(truncated, 100)
    os.remove(os.path.join(data, "catalogue.sqlite"))
    checked = labkiosk.run("sessions", "--data", data, "--verify", timeout=120)
    assert checked.returncode == 1, checked
    for path in (edited, deleted, appended, truncated):
        assert os.path.relpath(path, data) in checked.stdout, (path, checked.stdout)
    assert os.path.relpath(samples[0], data) not in checked.stdout, checked.stdout
    # The tampered logs would fail the closing `labkiosk verify`, as they should.
    shutil.rmtree(data)


def test_sessions_reads_a_read_only_copy_and_creates_no_folder(labkiosk, tmp_path, pilot_plan):
    missing = tmp_path / "missing" / "a" / "b"
    result = labkiosk.run("sessions", "--data", missing)
    assert result.returncode == 1 and f"{missing}: no such data folder (nothing was created)" in result.stderr, result
    assert not os.path.exists(tmp_path / "missing")

    data = tmp_path / "data"
    assert labkiosk.run("batch", pilot_plan, "--participant", "5", "--data", data, "--headless", timeout=300).returncode == 0
    without = tmp_path / "without-catalogue"
    shutil.copytree(data, without)
    os.remove(without / "catalogue.sqlite")
    for folder, warning in ((data, None), (without, "catalogue.sqlite is missing and the folder cannot be written")):
        for options in ([], ["--verify"]):
            result = read_only(labkiosk, folder, "sessions", "--data", folder, *options)
            assert result.returncode == 0, (folder, options, result)
            assert "damaged" not in result.stderr, result.stderr
            assert (warning in result.stderr) if warning else not result.stderr, result.stderr
            assert ("every checksum matches" if options else "complete  5/5") in result.stdout, result.stdout
        rebuilt = read_only(labkiosk, folder, "sessions", "--data", folder, "--rebuild")
        assert rebuilt.returncode == 1 and "this folder cannot be written, so its catalogue cannot be rebuilt" in rebuilt.stderr, rebuilt
    assert not os.path.exists(without / "catalogue.sqlite")


def read_only(labkiosk, folder, *arguments):
    """Runs labkiosk with `folder` read-only: by its mode for a user other than root, else on a
    read-only bind mount in a mount namespace of its own (root may write whatever the mode)."""
    if os.geteuid() != 0:
        modes = {}
        for root, folders, _ in os.walk(folder):
            for name in [root] + [os.path.join(root, f) for f in folders]:
                modes[name] = os.stat(name).st_mode
                os.chmod(name, modes[name] & ~0o222)
        try:
            return labkiosk.run(*arguments)
        finally:
            for name, mode in modes.items():
                os.chmod(name, mode)
    if subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode != 0:
        pytest.skip("needs a user other than root, or unshare(1) allowed to make a mount namespace")
    script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
    result = subprocess.run(["unshare", "-rm", "sh", "-c", script, "sh", str(folder), labkiosk.path, *map(str, arguments)],
                            capture_output=True, text=True, timeout=120)
    return result
