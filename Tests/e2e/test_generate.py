"""`labkiosk generate` (docs/generate.md): a scenario and a plan from a workload description,
the same on every run of the same seed, checked, and run as a batch whose logs carry out
every generated line at its time."""
import csv
import glob
import os

from labkiosk_harness import REPO


def scenario_lines(path):
    """(seconds, plugin, address, value) of each line of a generated scenario."""
    lines = []
    for line in open(path, encoding="utf-8").read().splitlines():
        if line and not line.startswith("#"):
            time, plugin, *command = line.split(";")
            h, m, s = (int(part) for part in time.split(":"))
            address, value = (command + [""])[:2] if len(command) > 1 else ("self", command[0])
            lines.append((h * 3600 + m * 60 + s, plugin, address, value))
    return lines


def test_generate_writes_the_same_checked_scenario_and_plan_for_the_same_seed(labkiosk, tmp_path):
    first, second, reseeded = tmp_path / "first.txt", tmp_path / "second.txt", tmp_path / "reseeded.txt"
    result = labkiosk.run("generate", "--out", first)
    assert result.returncode == 0 and result.stdout == f"{first}: 3 blocks, 180 s, seed 1\n", result
    assert labkiosk.run("generate", "--out", second).returncode == 0
    assert labkiosk.run("generate", "--out", reseeded, "--seed", "2").returncode == 0
    assert first.read_bytes() == second.read_bytes() and first.read_bytes() != reseeded.read_bytes()

    plan = tmp_path / "plan"
    result = labkiosk.run("generate", os.path.join(REPO, "Scenarios", "generate", "three-load-levels.toml"), "--plan", plan)
    assert result.returncode == 0 and "plan.toml: 3 MATB blocks (low.txt, medium.txt, high.txt)" in result.stdout, result
    assert sorted(os.listdir(plan)) == ["high.txt", "low.txt", "medium.txt", "plan.toml"]
    description = os.path.join(REPO, "Scenarios", "generate", "three-load-levels.toml")
    checked = labkiosk.run("check", first, description, *sorted(glob.glob(str(plan / "*"))))
    assert checked.returncode == 0 and checked.stdout.count(": ok") == 6, checked
    assert f"{description}: ok (workload description: 3 blocks, 180 s; `labkiosk generate` writes 39 events)" in checked.stdout, checked.stdout

    again = labkiosk.run("generate", "--out", first, "--seed", "9")
    assert again.returncode == 1 and "cannot create (File exists); give another --out" in again.stderr, again
    assert first.read_bytes() == second.read_bytes(), "an existing file is never written over"


def test_a_generated_plan_runs_and_its_logs_carry_out_every_line_at_its_time(labkiosk, tmp_path):
    plan, data = tmp_path / "plan", tmp_path / "data"
    assert labkiosk.run("generate", "--plan", plan).returncode == 0
    result = labkiosk.run("batch", plan / "plan.toml", "--participant", "P1", "--data", data, "--headless", timeout=300)
    assert result.returncode == 0, result.stderr
    logs = sorted(glob.glob(str(data / "P1" / "*" / "*" / "*.csv")))
    assert len(logs) == 3, logs
    for log, name in zip(logs, ["low.txt", "medium.txt", "high.txt"]):
        with open(log, newline="") as f:
            executed = [(float(r["scenario_time"]), r["module"], r["address"], r["value"]) for r in csv.DictReader(f) if r["type"] == "event"]
        for seconds, plugin, address, value in scenario_lines(plan / name):
            value = "1" if value == "True" else value  # a boolean is logged as OpenMATB logs it
            assert any(abs(t - seconds) < 0.5 and (m, a, v) == (plugin, address, value) for t, m, a, v in executed), (name, seconds, plugin, address, value)


def test_a_bad_description_is_refused_with_every_problem_at_its_place(labkiosk, tmp_path):
    description = tmp_path / "bad.toml"
    description.write_text('seed = -4\nown_share = 2\n[[block]]\nseconds = 60\nsysmon = 1.5\n[[block]]\ntrack = 0.5\n')
    result = labkiosk.run("generate", description, "--out", tmp_path / "out.txt", "--plan", tmp_path / "plan")
    assert result.returncode == 1, result
    # In the file's order, though the settings are read after the blocks.
    assert result.stderr.splitlines() == [
        f"{description}:1:8: error: `seed` is the seed of every draw, a whole number from 0 to 9007199254740992 (found `-4`)",
        f"{description}:2:13: error: `own_share` is the share of prompts for the own callsign, a number from 0 to 1 (found `2`)",
        f"{description}:5:10: error: `sysmon` is sysmon's difficulty, a number from 0 to 1 (found `1.5`)",
        f"{description}:6:1: error: a [[block]] needs `seconds`, its length",
        f"{description}: the description has errors; nothing was written",
    ], result.stderr
    assert sorted(os.listdir(tmp_path)) == ["bad.toml"], "nothing was written"
    checked = labkiosk.run("check", description)
    assert checked.returncode == 1 and f"{description}:5:10: error: `sysmon` is sysmon's difficulty" in checked.stderr, checked
    assert f"{description}: 4 errors; the description will not run" in checked.stderr, checked.stderr


def test_counts_at_exact_multiples_are_openmatbs_and_one_block_is_one(labkiosk, tmp_path):
    # 0.6 / (11 / 55) and 0.6 / (14 / 70) are 2.9999999999999996 in Python: 2 of each.
    description = tmp_path / "edges.toml"
    description.write_text('[[block]]\nseconds = 55\nsysmon = 0.6\n[[block]]\nseconds = 70\ncommunications = 0.6\n')
    scenario = tmp_path / "edges.txt"
    result = labkiosk.run("generate", description, "--out", scenario)
    assert result.returncode == 0 and result.stdout == f"{scenario}: 2 blocks, 125 s, seed 1\n", result
    lines = scenario_lines(scenario)
    assert len([line for line in lines if line[2].endswith("-failure")]) == 4, lines
    assert len([line for line in lines if line[2] == "radioprompt"]) == 2, lines

    one = tmp_path / "one.toml"
    one.write_text('[[block]]\nseconds = 60\ntrack = 0.5\n')
    result = labkiosk.run("generate", one, "--out", tmp_path / "one.txt")
    assert result.returncode == 0 and result.stdout == f"{tmp_path / 'one.txt'}: 1 block, 60 s, seed 1\n", result
    checked = labkiosk.run("check", one)
    assert f"{one}: ok (workload description: 1 block, 60 s;" in checked.stdout, checked.stdout


def test_a_description_whose_scenario_would_pass_8_mb_names_the_values_to_change(labkiosk, tmp_path):
    """Within every range docs/generate.md gives, a day of the four tasks at the shortest
    times would be a scenario larger than a scenario may be: the description's to change."""
    description = tmp_path / "day.toml"
    description.write_text('name = "day"\nrefractory_seconds = 0\nprompt_seconds = 1\nalert_timeout_ms = 1000\n\n'
                           "[[block]]\nseconds = 86400\nsysmon = 1.0\ncommunications = 1.0\nresman = 1.0\ntrack = 1.0\n")
    result = labkiosk.run("generate", description, "--out", tmp_path / "day.txt", timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "more than the 8 MB a scenario may hold: make the blocks shorter (`seconds`)" in result.stderr, result.stderr
    assert "nothing was written" in result.stderr and "fault of labkiosk generate" not in result.stderr, result.stderr
    assert not (tmp_path / "day.txt").exists()
