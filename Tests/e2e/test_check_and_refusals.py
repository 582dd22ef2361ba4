"""`labkiosk check` on good and bad scenarios, and sessions that must not start: errors are
reported at their place, and nothing is written."""
import os
import shutil

import pytest

from labkiosk_harness import REPO, session_logs
from support import FIXTURES


def test_missing_voice_clip_is_reported_before_start(labkiosk, tmp_path):
    home = tmp_path / "home"
    shutil.copytree(os.path.join(REPO, "Assets"), home / "Assets")
    shutil.copytree(os.path.join(REPO, "Scenarios"), home / "Scenarios")
    os.remove(home / "Assets" / "voices" / "english" / "female" / "k.wav")
    sessions = tmp_path / "sessions"
    result = labkiosk.run("matb", "--headless", "--sessions", sessions, env=dict(os.environ, LABKIOSK_HOME=str(home)), timeout=60)
    assert result.returncode == 1, result
    assert "english/female/k.wav: no such file" in result.stderr, result.stderr
    assert not os.path.exists(sessions) or not session_logs(sessions), "no log for a session that did not start"


def test_check_reports_located_errors(labkiosk, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0:00:00;sysmon;start\n  # indented comment\n0:00:05;sysmon;scales-1-side;2\n0:00:10;sysmn;start\n")
    result = labkiosk.run("check", bad)
    assert result.returncode == 1, result
    assert f"{bad}:2:3: error:" in result.stderr, result.stderr
    assert f"{bad}:3:30: error: scales-1-side should be comprised in ['-1', '0', '1'] (not 2)" in result.stderr, result.stderr
    assert f"{bad}:4:9: error: sysmn is not a valid plugin name" in result.stderr, result.stderr
    assert "does not have a stop command" in result.stderr, result.stderr


def test_check_accepts_fixture_scenarios(labkiosk):
    folder = os.path.join(FIXTURES, "scenarios")
    files = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".txt"))
    result = labkiosk.run("check", *files)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": ok") == len(files) >= 2, result.stdout


@pytest.mark.openmatb
def test_check_accepts_openmatb_scenarios(labkiosk, openmatb_scenarios):
    files = [os.path.join(openmatb_scenarios, n) for n in ("basic.txt", "default.txt")]
    result = labkiosk.run("check", *files)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": ok") == 2, result.stdout


def test_check_accepts_bundled_scenarios(labkiosk):
    folder = os.path.join(REPO, "Scenarios")
    files = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".txt"))
    result = labkiosk.run("check", *files)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": ok") == len(files) >= 2, result.stdout


def test_invalid_scenario_starts_nothing(labkiosk, tmp_path):
    sessions = tmp_path / "sessions"
    bad = tmp_path / "bom.txt"
    bad.write_bytes(b"\xef\xbb\xbf0:00:00;sysmon;start\n0:00:10;sysmon;stop\n")
    result = labkiosk.run("matb", "--headless", "--sessions", sessions, bad)
    assert result.returncode == 1
    assert "byte-order mark" in result.stderr, result.stderr
    assert not os.path.exists(sessions) or not session_logs(sessions), "no log for a scenario that did not start"


def test_unwritable_sessions_folder_is_reported_before_start(labkiosk, tmp_path):
    blocker = tmp_path / "sessions"
    blocker.touch()
    result = labkiosk.run("matb", "--headless", "--sessions", blocker)
    assert result.returncode == 1
    assert str(blocker) in result.stderr, result.stderr


def test_check_of_a_plan_reports_every_block_beside_an_unknown_kind(labkiosk, tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text('[study]\nname = "s"\n'
                    '[[block]]\nkind = "matb"\nscenario = "missing.txt"\n'
                    '[[block]]\nkind = "slideshow"\n'
                    '[[block]]\nkind = "pad"\nconfig = "missing.ini"\n')
    result = labkiosk.run("check", plan)
    assert result.returncode == 1, result
    assert f"{plan}:5:1: error: scenario not found: {tmp_path}/missing.txt" in result.stderr, result.stderr
    assert f"{plan}:7:1: error: unknown block kind `slideshow`" in result.stderr, result.stderr
    assert f"{plan}:10:1: error: config not found: {tmp_path}/missing.ini" in result.stderr, result.stderr
    assert f"{plan}: 3 errors; the plan will not run" in result.stderr, result.stderr


def test_every_command_takes_one_window_size(labkiosk, tmp_path):
    for command in (["matb", "--headless"], ["replay", str(tmp_path / "none.csv")]):
        result = labkiosk.run(*command, "--size", "100x50")
        assert result.returncode == 64 and "'100x50' is invalid for '--size" in result.stderr, (command, result)


def test_help_groups_the_commands(labkiosk):
    result = labkiosk.run("--help")
    assert result.returncode == 0, result
    groups = [line for line in result.stdout.splitlines() if line.endswith("SUBCOMMANDS:")]
    assert groups == ["RUN A BLOCK SUBCOMMANDS:", "RUN A STUDY SUBCOMMANDS:", "LOOK BACK SUBCOMMANDS:", "SET UP SUBCOMMANDS:"], result.stdout
    for command in ("matb", "pad", "judge", "prompts", "batch", "simulate", "sessions", "recover", "replay", "verify", "compare", "report",
                    "export", "check", "devices", "generate"):
        assert f"\n  {command} " in result.stdout, command


def test_the_lab_commands_print_their_help(labkiosk):
    """`labkiosk lab` runs labkiosk-lab, whose help is ArgumentParser's, not an error line."""
    for command in (["lab", "--help"], ["lab", "send", "--help"], ["lab", "serve", "--help"]):
        result = labkiosk.run(*command)
        assert result.returncode == 0 and result.stdout.startswith("OVERVIEW: "), (command, result)
        assert "CommandError" not in result.stdout + result.stderr, (command, result)


def test_numbers_no_run_can_keep_are_refused_before_anything_starts(labkiosk, tmp_path):
    for command in (["matb", "--headless", "--speed", "inf"], ["matb", "--headless", "--speed", "1e12"],
                    ["matb", "--headless", "--speed", "1e-9"], ["matb", "--headless", "--stop-after", "-5"],
                    ["replay", str(tmp_path / "none.csv"), "--start", "1e10"], ["replay", str(tmp_path / "none.csv"), "--start", "nan"]):
        result = labkiosk.run(*command, "--sessions" if command[0] == "matb" else "--speed", tmp_path / "s" if command[0] == "matb" else "1")
        assert result.returncode == 64, (command, result)
    assert not os.path.exists(tmp_path / "s"), "nothing started"


def test_pipes_and_devices_are_refused_rather_than_read_forever(labkiosk, tmp_path):
    # Named .log: the closing verify check leaves hand-made logs alone (and would wait on a pipe).
    fifo = tmp_path / "pipe.log"
    os.mkfifo(fifo)
    log = tmp_path / "real.log"
    log.write_text("logtime,scenario_time,type,module,address,value\r\n")
    for command in (["check", fifo], ["verify", fifo], ["compare", "/dev/zero", log], ["compare", fifo, log],
                    ["report", fifo, "--out", tmp_path / "report"], ["export", "--bids", fifo, "--out", tmp_path / "bids"]):
        result = labkiosk.run(*command, timeout=30)
        assert result.returncode != 0 and "not a regular file" in result.stderr + result.stdout, (command, result)
    # Named inside a file: a picture of a drawing-pad configuration, a settings file.
    shutil.copytree(os.path.join(REPO, "Scenarios", "drawing-pad"), tmp_path / "pad")
    os.remove(tmp_path / "pad" / "figure-1.png")
    os.mkfifo(tmp_path / "pad" / "figure-1.png")
    data = ["--data", tmp_path / "data"]
    for command in (["check", tmp_path / "pad" / "drawing.ini"], ["pad", "--headless", tmp_path / "pad" / "drawing.ini", *data],
                    ["matb", "--headless", "--settings", fifo, *data]):
        result = labkiosk.run(*command, timeout=30)
        assert result.returncode == 1 and "not a regular file" in result.stderr, (command, result)
    assert not os.path.exists(tmp_path / "data"), "nothing started"


def test_a_window_that_cannot_open_leaves_no_file_and_takes_no_run_number(labkiosk, xvfb, tmp_path):
    data = tmp_path / "data"
    for command in (["matb"], ["judge", "--participant", "1"], ["prompts", "--participant", "1"]):
        result = labkiosk.run(*command, "--size", "99999x99999", "--data", data, "--stop-after", "1", env=xvfb.env, timeout=60)
        assert result.returncode == 1 and "Window is too large" in result.stderr, (command, result)
    assert not os.path.exists(data) or not [f for _, _, files in os.walk(data) for f in files if not f.startswith(".")], "no data file"


def test_a_participant_with_a_line_break_is_refused_by_every_command(labkiosk, tmp_path):
    for command in ("matb", "pad", "judge", "prompts"):
        result = labkiosk.run(command, "--headless", "--participant", "P1\nP2", "--data", tmp_path / "data", timeout=60)
        assert result.returncode == 64 and "--participant must not contain control characters" in result.stderr, (command, result)
    assert not os.path.exists(tmp_path / "data"), "nothing started"


def test_check_reads_a_crlf_drawing_pad_configuration_as_one_and_refuses_a_signed_time(labkiosk, tmp_path):
    shutil.copytree(os.path.join(REPO, "Scenarios", "drawing-pad"), tmp_path / "pad")
    crlf = tmp_path / "pad" / "drawing.ini"
    crlf.write_bytes(crlf.read_bytes().replace(b"\n", b"\r\n"))
    result = labkiosk.run("check", crlf)
    assert result.returncode == 0 and f"{crlf}: ok (drawing pad 1260x600, 3 stimuli" in result.stdout, result
    signed = tmp_path / "signed.txt"
    signed.write_text("-0:00:01;sysmon;start\n0:00:05;sysmon;stop\n")
    result = labkiosk.run("check", signed)
    assert result.returncode == 1 and f"{signed}:1:1: error: a scenario time cannot be negative (found `-0:00:01`)" in result.stderr, result


@pytest.mark.parametrize("moment", ["garbage", "2026-12-04T10:00", "2026-12-04T10:00:00Z", "2026-12-04T99:99:99", "99999999999-01-01T00:00:00"])
def test_a_test_clock_that_is_no_time_starts_nothing(labkiosk, tmp_path, moment):
    """LABKIOSK_NOW that is no local time stops every command (it once ran on another hour, or
    on today's date, or crashed), before anything is written."""
    result = labkiosk.run("batch", os.path.join(REPO, "Scenarios", "plans", "workload-pilot", "plan.toml"), "--participant", "P1",
                          "--data", tmp_path / "data", "--headless", env=dict(os.environ, LABKIOSK_NOW=moment), timeout=60)
    assert result.returncode == 64, result.stdout + result.stderr
    assert f"LABKIOSK_NOW={moment} is not a local time such as 2026-12-04T10:00:00" in result.stderr, result.stderr
    assert not (tmp_path / "data").exists()
