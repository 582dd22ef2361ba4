"""`labkiosk verify`, `compare` and `replay` on recorded sessions (docs/verify.md,
docs/compare.md, docs/replay.md). Hand-made logs end in .log, which the check that every
session log passes verify after each test leaves alone."""
import os
import time

from labkiosk_harness import HEIGHT, REPO, WIDTH, Xvfb, pixel, pixels, read_log, session_logs
from pages import AppWindow, MatbScreen, ReplayScreen
from support import REFERENCE_SIZE, SYSMON_SCENARIO


def record_sysmon_session(labkiosk, folder, *extra, sessions_folder="sessions"):
    """A 6 s windowed session of SYSMON_SCENARIO (on a fresh X server) answered by F1 and a
    click on light 1 at 2 s, then paused by P and continued by Space: (the scenario's path,
    the log's path). `extra` goes to `labkiosk matb`; the log is written in `folder/sessions_folder`."""
    scenario = os.path.join(folder, "sysmon.txt")
    with open(scenario, "w") as f:
        f.write(SYSMON_SCENARIO)
    sessions = os.path.join(folder, sessions_folder)
    with Xvfb() as x:
        window = AppWindow.launch(labkiosk, x, "matb", "--sessions", sessions, "--size", REFERENCE_SIZE, "--mute",
                                  "--stop-after", "6", *extra, scenario)
        matb = MatbScreen(window)
        window.focus()
        time.sleep(2.0)
        window.key("F1")
        matb.click_light_1()
        time.sleep(0.5)
        matb.pause()
        time.sleep(1.5)
        matb.resume()
        out, err = window.finish(timeout=40)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    return scenario, session_logs(sessions)[0]


def write_edited_log(folder, lines, marker):
    """A copy of a log's `lines` as `folder/edited.log`, with a `1` added to the value of the
    first row past the middle that contains `marker`: (that row's index, the copy's path)."""
    target = next(i for i, line in enumerate(lines) if i > len(lines) // 2 and marker in line)
    edited = lines[:]
    edited[target] = edited[target] + b"1"
    path = os.path.join(folder, "edited.log")
    with open(path, "wb") as f:
        f.write(b"\r\n".join(edited))
    return target, path


def as_openmatb_log(lines):
    """A log's lines with its version row saying OpenMATB 1.4.5 wrote it."""
    return b"\r\n".join(line.split(b",version,,,")[0] + b",version,,,1.4.5" if b",version,,," in line else line for line in lines)


def test_verify_catches_an_edited_value_a_changed_scenario_and_foreign_logs(labkiosk, tmp_path):
    """`labkiosk verify` on a windowed session answered by a key, a click and a pause: identical; with
    one value edited by hand it names that line; cut short by a crash it checks what is
    there; after the scenario file changed it says so; OpenMATB's own log is refused with
    the reason."""
    scenario, log = record_sysmon_session(labkiosk, tmp_path)

    def verify(path, *extra):
        return labkiosk.run("verify", path, *extra, timeout=120)

    result = verify(log)
    assert result.returncode == 0 and ": identical, " in result.stdout, result.stdout + result.stderr
    lines = open(log, "rb").read().split(b"\r\n")
    assert any(b",input,keyboard,F1,press" in line for line in lines)

    # The same inputs with OpenMATB's cadence: its loop passes are laid out from the session
    # number, not the display, so this session too runs again row for row.
    _, gated_log = record_sysmon_session(labkiosk, tmp_path, "--cadence", "openmatb", sessions_folder="gated")
    result = verify(gated_log)
    assert result.returncode == 0 and ": identical, " in result.stdout, result.stdout + result.stderr
    assert b",manual,labkiosk,cadence,openmatb" in open(gated_log, "rb").read()

    # One value edited by hand: the tracking deviation at a row in the middle.
    target, edited_log = write_edited_log(tmp_path, lines, b",performance,track,center_deviation,")
    result = verify(edited_log, "--scenario", scenario)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"edited.log:{target + 1}: differs after " in result.stdout, result.stdout
    assert "logged:" in result.stdout and "run again:" in result.stdout, result.stdout

    # Cut short mid-row, as a crash leaves it.
    cut_log = tmp_path / "cut.log"
    cut_log.write_bytes(open(log, "rb").read()[: os.path.getsize(log) * 2 // 3])
    result = verify(cut_log, "--scenario", scenario)
    assert result.returncode == 0 and "identical as far as it goes" in result.stdout, result.stdout + result.stderr

    # The scenario file changed since: a sysmon failure moved.
    with open(scenario, "w") as f:
        f.write(SYSMON_SCENARIO.replace("0:00:02;sysmon;scales-1-failure", "0:00:03;sysmon;scales-1-failure"))
    result = verify(log)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{scenario} changed since the session" in result.stderr, result.stderr
    assert "differs after" in result.stdout, result.stdout
    with open(scenario, "w") as f:
        f.write(SYSMON_SCENARIO)

    # OpenMATB's own log (its version row) cannot be run again, and says why.
    foreign = tmp_path / "openmatb.log"
    foreign.write_bytes(as_openmatb_log(lines))
    result = verify(foreign)
    assert result.returncode == 2 and "written by OpenMATB 1.4.5" in result.stderr, result.stdout + result.stderr


def test_compare_lines_up_two_logs_of_one_scenario(labkiosk, tmp_path):
    """`labkiosk compare` (docs/compare.md) on headless logs of the bundled default scenario:
    two runs in fresh folders are identical whatever their logtimes and paths, also when one
    says it was written by OpenMATB; the fixed and the OpenMATB cadence differ in tracking; a
    value edited by hand is shown with its line; a malformed log is refused with its place."""
    scenario = os.path.join(REPO, "Scenarios", "default.txt")

    def record(name, *extra):
        folder = tmp_path / name
        result = labkiosk.run("matb", "--headless", "--sessions", folder, *extra, scenario, timeout=300)
        assert result.returncode == 0, result.stderr
        return session_logs(folder)[0]

    def compare(first, second):
        return labkiosk.run("compare", first, second, timeout=120)

    fixed, again, openmatb_cadence = record("fixed"), record("again"), record("gated", "--cadence", "openmatb")
    result = compare(fixed, again)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("verdict: identical: every row of each log has its match at the same time in the other"), result.stdout

    lines = open(fixed, "rb").read().split(b"\r\n")
    foreign = tmp_path / "openmatb.log"
    foreign.write_bytes(as_openmatb_log(lines))
    result = compare(foreign, again)
    assert result.returncode == 0 and "(OpenMATB 1.4.5)" in result.stdout, result.stdout + result.stderr

    result = compare(fixed, openmatb_cadence)
    assert result.returncode == 1, result.stdout + result.stderr
    table = [line.split() for line in result.stdout.splitlines()]
    assert any(row[:4] == ["state", "track", "reticle,", "cursor_relative"] for row in table), result.stdout
    assert "verdict: different: " in result.stdout, result.stdout

    target, edited_log = write_edited_log(tmp_path, lines, b",state,resman,\"tank_a, fluid_level\",")
    result = compare(fixed, edited_log)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"differs: first line {target + 1} at " in result.stdout, result.stdout
    assert "verdict: different: 1 of " in result.stdout, result.stdout

    broken = tmp_path / "broken.log"
    broken.write_bytes(b"\r\n".join(lines[:5] + [b"1.0,0.5,state,x"] + lines[5:]))
    result = compare(fixed, broken)
    assert result.returncode == 2 and f"{broken}:6:1: error: expected 6 columns" in result.stderr, result.stdout + result.stderr


def test_replay_shows_the_session_as_it_was_and_answers_keys_and_the_timeline(labkiosk, xvfb, tmp_path, shots):
    """A windowed session with a key, a click and a pause, replayed: started inside the pause
    it shows the Pause dialog under its band; End, Home and a click on the timeline move the
    playhead there (docs/replay.md)."""
    _, log = record_sysmon_session(labkiosk, tmp_path)
    rows = read_log(log)
    first = float(rows[0]["logtime"])
    dialog_end = next(float(r["logtime"]) for r in rows if r["type"] == "dialog")
    inside_pause = dialog_end - first - 0.5

    shot = os.path.join(shots, "e2e-replay.png")
    with Xvfb() as x:
        replayed = labkiosk.run("replay", log, "--start", f"{inside_pause:.3f}", "--paused", "--size", REFERENCE_SIZE,
                              "--screenshot-at", "1", "--screenshot", shot, "--stop-after", "1.5", env=x.env, timeout=60)
    assert replayed.returncode == 0, replayed.stderr
    image = pixels(shot)
    # The Pause dialog's white face in the middle, the dark band along the bottom.
    face = [pixel(image, x, y) for x in range(850, 1070, 4) for y in range(455, 620, 4)]
    assert sum(min(p) >= 250 for p in face) > len(face) // 2, "no Pause dialog in the middle"
    assert max(pixel(image, 600, HEIGHT - 50)) < 90, pixel(image, 600, HEIGHT - 50)

    window = AppWindow.launch(labkiosk, xvfb, "replay", log, "--paused", "--size", REFERENCE_SIZE, "--stop-after", "60")
    replay = ReplayScreen(window)
    window.focus()
    time.sleep(0.5)
    assert replay.playhead(tmp_path / "start.png") < 80
    replay.to_end()
    time.sleep(0.5)
    assert replay.playhead(tmp_path / "end.png") > WIDTH - 80
    replay.to_start()
    time.sleep(0.5)
    assert replay.playhead(tmp_path / "home.png") < 80
    replay.click_timeline(WIDTH // 2)
    time.sleep(0.5)
    assert abs(replay.playhead(tmp_path / "middle.png") - WIDTH / 2) < 40
    assert window.is_running(), f"the replay ended before Q: {window.process.communicate()[1]}"
    replay.quit()
    out, err = window.finish(timeout=20)
    assert window.process.returncode == 0, err


def test_headless_logs_of_every_bundled_scenario_verify(labkiosk, tmp_path):
    folder = os.path.join(REPO, "Scenarios")
    scenarios = sorted(os.path.join(root, n) for root, _, names in os.walk(folder) for n in names
                       if n.endswith(".txt") and "instructions" not in root and n not in ("welcome.txt", "nasatlx_en.txt"))
    assert len(scenarios) >= 4, scenarios
    for index, scenario in enumerate(scenarios):
        sessions = tmp_path / f"sessions-{index}"
        run = labkiosk.run("matb", "--headless", "--sessions", sessions, scenario, timeout=300)
        assert run.returncode == 0, (scenario, run.stderr)
        result = labkiosk.run("verify", session_logs(sessions)[0], timeout=300)
        assert result.returncode == 0 and ": identical, " in result.stdout, (scenario, result.stdout, result.stderr)
