"""Input devices read from evdev (a FIFO standing in for each, docs/input.md): kernel
timestamps, hot unplugging, `labkiosk devices` and calibration."""

from labkiosk_harness import EV_ABS, EV_KEY, FramePlayer, read_log, session_logs, stick_fifo


def test_evdev_joystick_with_kernel_timestamps_and_hot_unplug(labkiosk, xvfb, tmp_path):
    sessions = tmp_path / "sessions"
    devices = tmp_path / "input"
    node = stick_fifo(devices)
    script = [(1.0, [(EV_ABS, 0, 1023)]), (0.3, [(EV_KEY, 288, 1)]), (0.2, [(EV_KEY, 288, 0), (EV_ABS, 1, 0)]),
              (0.3, [(EV_ABS, 0, 512), (EV_ABS, 1, 512)])]
    writer = FramePlayer(node, script)
    writer.start()
    run = labkiosk.run("matb", "--sessions", sessions, "--size", "960x540", "--input-dir", devices,
                       "--stop-after", "4", "--input-stats", env=xvfb.env, timeout=30)
    writer.join(timeout=5)
    assert run.returncode == 0, run.stderr
    assert "input latency: " in run.stdout and "joystick events" in run.stdout, run.stdout
    rows = read_log(session_logs(sessions)[0])
    manual = [r["value"] for r in rows if r["type"] == "manual"]
    assert any(m.startswith(f"labkiosk: joystick connected: E2E Stick ({node})") for m in manual), manual
    assert f"labkiosk: joystick disconnected: E2E Stick ({node}): the event stream ended" in manual, manual
    assert "labkiosk: no joystick connected; the on-screen stick takes over" in manual, manual
    assert manual[-1] == "end", "the run goes on after the joystick goes away"
    inputs = [(r["module"], r["address"], r["value"], float(r["logtime"])) for r in rows
              if r["type"] == "input" and r["module"].lower() == "joystick"]
    # Connected at rest (512 of 0...1023 reads 0.000978, as pyglet maps it); four frames;
    # the stick springs back to exactly 0 when the device goes away.
    expected = [("joystick", "x", "0.000978"), ("joystick", "y", "0.000978"), ("joystick", "x", "1.0"),
                ("Joystick", "JOY_BTN_1", "press"), ("joystick", "y", "-1.0"), ("Joystick", "JOY_BTN_1", "release"),
                ("joystick", "x", "0.000978"), ("joystick", "y", "0.000978"), ("joystick", "x", "0.0"), ("joystick", "y", "0.0")]
    assert [i[:3] for i in inputs] == expected, inputs
    # Each row's logtime is its event's kernel timestamp, to the microsecond.
    stamps = [writer.stamps[0], writer.stamps[1], writer.stamps[2], writer.stamps[2], writer.stamps[3], writer.stamps[3]]
    for (module, address, value, logtime), stamp in zip(inputs[2:8], stamps):
        assert abs(logtime - stamp) < 2e-6, (module, address, logtime, stamp)
    times = [float(r["scenario_time"]) for r in rows[2:]]
    assert times == sorted(times), "scenario time never goes backwards"


def test_devices_lists_and_calibrates(labkiosk, tmp_path):
    devices = tmp_path / "input"
    node = stick_fifo(devices, name="Calibration Stick", rest=(500, 520))
    calibration = str(tmp_path / "calibration.ini")
    # At rest around (500, 520) for 1.2 s, then round the edges for 2 s.
    rest = [(0.01, [(EV_ABS, 0, 500 + (i % 3) - 1), (EV_ABS, 1, 520 - (i % 3) + 1)]) for i in range(120)]
    edges = [(0.01, [(EV_ABS, 0, v), (EV_ABS, 1, 1023 - v)])
             for v in list(range(500, 1016, 40)) + list(range(1015, 5, -40)) + list(range(5, 501, 40))]
    writer = FramePlayer(node, rest + edges * 3)
    writer.start()
    run = labkiosk.run("devices", "--calibrate", "--calibration", calibration, "--input-dir", devices,
                       "--rest-seconds", "0.8", "--range-seconds", "2.5", timeout=30)
    writer.join(timeout=5)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{node}  Calibration Stick  joystick" in run.stdout, run.stdout
    assert "Step 1 of 2: leave the stick at rest" in run.stdout and "calibration written to " + calibration in run.stdout
    text = open(calibration).read()
    assert "[evdev: Calibration Stick]" in text, text
    axes = {line.split(" = ")[0]: [float(v) for v in line.split(" = ")[1].split()]
            for line in text.splitlines() if " = " in line and not line.startswith("#")}
    assert axes["x"][:3] == [5, 500, 1015] and axes["y"][:3] == [8, 520, 1018], axes
    assert 2 <= axes["x"][3] <= 4, axes  # twice the rest wobble, at least the device's fuzz (0)
    # Sessions read the file: a bad line is a warning, a missing file named on the command line an error.
    with open(calibration, "a") as f:
        f.write("x = 1 2\n")
    sessions = tmp_path / "sessions"
    ok = labkiosk.run("matb", "--headless", "--stop-after", "1", "--sessions", sessions, "--calibration", calibration, timeout=30)
    assert ok.returncode == 0 and f"{calibration}:" in ok.stderr and "x needs four numbers" in ok.stderr, ok.stderr
    missing = labkiosk.run("matb", "--headless", "--sessions", sessions, "--calibration", tmp_path / "none.ini", timeout=30)
    assert missing.returncode == 1 and "cannot read this calibration file" in missing.stderr, missing.stderr
    listing = labkiosk.run("devices", "--once", "--input-dir", tmp_path / "nothing-here")
    assert listing.returncode == 0 and "does not exist" in listing.stdout, listing.stdout
