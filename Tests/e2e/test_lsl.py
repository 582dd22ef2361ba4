"""Lab Streaming Layer: a real pylsl inlet (scripts/lsl_inlet.py) receives labkiosk's markers
and streamed rows, stamped when the display showed their frame; without liblsl a scenario that
streams does not start."""
import json
import os
import subprocess
import sys

import pytest

from labkiosk_harness import REPO, read_log, session_logs
from pages import MatbScreen
from support import start_matb_window

LSL_SCENARIO = """\
0:00:00;labstreaminglayer;pauseatstart;True
0:00:00;labstreaminglayer;streamsession;True
0:00:00;labstreaminglayer;start
0:00:00;generictrigger;start
0:00:01;labstreaminglayer;marker;first marker
0:00:01;generictrigger;state;trigger one
0:00:02;labstreaminglayer;marker;second marker, with a comma
0:00:03;generictrigger;stop
0:00:03;labstreaminglayer;stop
"""


def test_lab_streaming_layer_peer_receives_markers_and_rows(labkiosk, xvfb, tmp_path):
    if subprocess.run([sys.executable, "-c", "import pylsl"], capture_output=True).returncode != 0:
        pytest.skip("pylsl cannot be imported (scripts/setup installs it with pip; it failed here)")
    scenario = tmp_path / "lsl.txt"
    scenario.write_text(LSL_SCENARIO)
    received = tmp_path / "received.json"
    window, sessions = start_matb_window(labkiosk, xvfb, tmp_path, scenario)
    inlet = subprocess.Popen([sys.executable, os.path.join(REPO, "scripts", "lsl_inlet.py"), received, "--timeout", "40"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    resolved = inlet.stdout.readline().strip()
    assert resolved == "resolved OpenMATB Markers 1 string myuidw435368 0.0", resolved
    # The LabRecorder is listening: continue past the LSL notice (by a tap, as a kiosk would).
    MatbScreen(window).answer_screens(on_slide=lambda b, image, path: window.click(b[0], b[1]),
                                      on_dialog=lambda bs, image, path: None, timeout=30)
    out, err = window.finish(timeout=30)
    inlet.communicate(timeout=40)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    assert "labstreaminglayer: liblsl" in out, out
    samples = json.load(open(received))
    texts = [s[1] for s in samples]
    stamps = [s[0] for s in samples]
    assert stamps == sorted(stamps), "LSL timestamps never go backwards"
    assert "first marker" in texts and "second marker, with a comma" in texts, texts
    rows = read_log(session_logs(sessions)[0])
    # Every row from the participant's continue to the outlet's stop went out, in order,
    # as its six columns joined by `;` (markers interleaved where they were pushed): OpenMATB's
    # rows, not labkiosk's `presented` ones, whose refresh each sample's own timestamp carries.
    start = next(i for i, r in enumerate(rows) if r["type"] == "aoi" and r["module"] == "labstreaminglayer")
    stop = next(i for i, r in enumerate(rows) if (r["type"], r["module"], r["value"]) == ("event", "labstreaminglayer", "stop"))
    assert any(r["module"] == "presented" for r in rows[start:stop]), "the window's frames have their presented rows"
    expected = [";".join(r[c] for c in ["logtime", "scenario_time", "type", "module", "address", "value"])
                for r in rows[start:stop] if r["type"] != "aoi" and r["module"] != "presented"]
    streamed = [t for t in texts if t not in ("first marker", "second marker, with a comma")]
    missing = [e for e in expected if e not in streamed]
    extra = [t for t in streamed if t not in expected]
    assert streamed == expected, (len(streamed), len(expected), "missing:", missing, "extra:", extra)
    assert any(";event;labstreaminglayer;marker;first marker" in t for t in streamed)
    assert any(";event;generictrigger;state;trigger one" in t for t in streamed)
    assert texts.index("first marker") > texts.index(next(t for t in streamed if ";event;labstreaminglayer;marker;first marker" in t))
    # The window's onsets are the display's (Xvfb's Present): a marker goes out stamped when the
    # frame that carried its event was shown, a refresh after the frame began, not at the frame's
    # start as the log row's time is.
    for marker in ("first marker", "second marker, with a comma"):
        stamp = stamps[texts.index(marker)]
        row = next(t for t in streamed if t.endswith(";event;labstreaminglayer;marker;" + marker))
        shown_after = stamp - float(row.split(";")[0])
        assert 0.005 < shown_after < 0.2, (marker, stamp, row)


def test_lsl_scenario_without_liblsl_stops_before_anything_starts(labkiosk, tmp_path):
    scenario = tmp_path / "lsl.txt"
    scenario.write_text(LSL_SCENARIO)
    sessions = tmp_path / "sessions"
    env = dict(os.environ, LABKIOSK_LIBLSL="/nonexistent/liblsl.so", PATH="/usr/local/bin:/bin")  # no python3 with pylsl
    env.pop("PYTHONPATH", None)
    env["PYTHONNOUSERSITE"] = "1"
    env["PYENV_VERSION"] = "system"
    result = labkiosk.run("matb", "--headless", "--sessions", sessions, scenario, env=env)
    if result.returncode == 0:
        pytest.skip("a system liblsl is installed")
    assert "no liblsl was found" in result.stderr and "pip install pylsl" in result.stderr, result.stderr
    assert not os.path.exists(sessions) or not session_logs(sessions), "no log for a session that did not start"
