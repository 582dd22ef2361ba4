"""Headless runs: the guided tour to its end, and runs whose rows must not change when code is
reshaped (golden rows)."""
import csv
import hashlib
import io
import lzma
import os
import shutil

import pytest

from labkiosk_harness import REPO, read_log, session_logs
from support import FIXTURES

GUIDED_TOUR = os.path.join(FIXTURES, "scenarios", "guided-tour.txt")

# Headless runs whose rows (without `logtime` and the version row) must not change when code
# is reshaped: (name, scenario relative to the repository, extra options). Their rows are in
# Tests/Fixtures/golden/<name>.csv.xz; LABKIOSK_WRITE_GOLDEN=1 rewrites them from this build
# (read the diff of a few rows before committing one).
GOLDEN_RUNS = [
    ("default", "Scenarios/default.txt", []),
    ("questionnaire", "Scenarios/questionnaire.txt", []),
    ("guided-tour", "Tests/Fixtures/scenarios/guided-tour.txt", []),
    ("guided-tour-french", "Tests/Fixtures/scenarios/guided-tour.txt", ["--language", "fr"]),
    ("short-battery", "Tests/Fixtures/scenarios/short-battery.txt", ["--participant", "P07"]),
    ("short-battery-openmatb-cadence", "Tests/Fixtures/scenarios/short-battery.txt", ["--cadence", "openmatb"]),
    ("every-sysmon-track-scheduling-parameter", "Tests/Fixtures/scenarios/every-sysmon-track-scheduling-parameter.txt", []),
    ("every-resman-communications-parameter", "Tests/Fixtures/scenarios/every-resman-communications-parameter.txt", []),
    ("three-panel-load", "Tests/Fixtures/scenarios/three-panel-load.txt", []),
]
GOLDEN = os.path.join(FIXTURES, "golden")
WRITE_GOLDEN = os.environ.get("LABKIOSK_WRITE_GOLDEN") == "1"


def headless_rows(labkiosk, folder, scenario, *extra):
    """A headless run's rows as CSV lines without `logtime`, the version row left out and
    the scenario path cut to its file name, so runs compare across builds and folders."""
    sessions = os.path.join(folder, "golden-sessions")
    shutil.rmtree(sessions, ignore_errors=True)
    result = labkiosk.run("matb", "--headless", "--sessions", sessions, *extra, scenario, timeout=300)
    assert result.returncode == 0, (scenario, result.stderr)
    lines = []
    for row in read_log(session_logs(sessions)[0]):
        if row["type"] == "version":
            continue
        if row["type"] == "scenario_path":
            row["value"] = os.path.basename(row["value"])
        out = io.StringIO()
        csv.writer(out, lineterminator="").writerow([row[c] for c in ["scenario_time", "type", "module", "address", "value"]])
        lines.append(out.getvalue())
    return lines


def compare_rows(name, got, expected):
    for index, (line, want) in enumerate(zip(got, expected)):
        assert line == want, f"{name}: row {index + 1} differs:\n  got      {line}\n  expected {want}"
    assert len(got) == len(expected), f"{name}: {len(got)} rows, expected {len(expected)}"


def test_headless_run_of_the_guided_tour(labkiosk, tmp_path):
    sessions = tmp_path / "sessions"
    result = labkiosk.run("matb", "--headless", "--sessions", sessions, GUIDED_TOUR, timeout=60)
    assert result.returncode == 0, result.stderr
    rows = read_log(session_logs(sessions)[0])
    # Seven instruction screens, the first of two slides: eight slides to dismiss.
    dismissed = [r for r in rows if r["type"] == "manual" and "dismissed instructions" in r["value"]]
    assert len(dismissed) == 8, len(dismissed)
    assert rows[-1]["type"] == "manual" and rows[-1]["value"] == "end"
    assert float(rows[-2]["scenario_time"]) == 150.0, rows[-2]


def test_headless_rows_match_golden(labkiosk, tmp_path):
    for name, scenario, extra in GOLDEN_RUNS:
        got = headless_rows(labkiosk, tmp_path, os.path.join(REPO, scenario), *extra)
        path = os.path.join(GOLDEN, f"{name}.csv.xz")
        if WRITE_GOLDEN:
            os.makedirs(GOLDEN, exist_ok=True)
            with lzma.open(path, "wt", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(got) + "\n")
        with lzma.open(path, "rt", encoding="utf-8", newline="\n") as f:
            compare_rows(name, got, f.read().split("\n")[:-1])


@pytest.mark.openmatb
def test_headless_rows_of_openmatb_scenarios_match_golden(labkiosk, tmp_path, openmatb_scenarios):
    """OpenMATB's own scenarios are not ours to ship: their rows are kept as a count and a
    SHA-256 digest, checked when OPENMATB_SCENARIOS names a folder holding them."""
    path = os.path.join(GOLDEN, "openmatb-scenarios.sha256")
    digests = {}
    for name in ("basic.txt", "default.txt"):
        rows = headless_rows(labkiosk, tmp_path, os.path.join(openmatb_scenarios, name))
        digest = hashlib.sha256(("\n".join(rows) + "\n").encode()).hexdigest()
        digests[name] = f"{digest} {len(rows)}"
    if WRITE_GOLDEN:
        with open(path, "w") as f:
            f.write("".join(f"{name} {value}\n" for name, value in digests.items()))
    expected = dict(line.split(" ", 1) for line in open(path).read().splitlines())
    for name, value in digests.items():
        assert value == expected[name], f"{name}: got digest and rows {value}, expected {expected[name]}"
