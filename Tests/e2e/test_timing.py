"""`labkiosk timing` under Xvfb against the emulated light sensor (docs/timing.md, "Light
under Xvfb"): a client of the X server reads the patch's pixel at every refresh of Present's
clock and turns each change into a key event stamped with that refresh's time, through an
evdev FIFO. labkiosk flashes the patch, reads the sensor, and writes the table and the summary.
And each bad input: no sensor, a sensor that never sees light, one that sees flicker, a patch
off the screen, a display that reports no presentation: a clear message, no figures that stand."""
import glob
import os
import re
import shutil
import subprocess
import time

import pytest
from labkiosk_harness import REPO, device_fifo, pixel, pixels
from pages import AppWindow, NextBlockScreen
from support import REFERENCE_SIZE

SENSOR_SOURCE = os.path.join(REPO, "Tests", "harness", "emulated_light_sensor.c")
SENSOR_DEVICE = {"name": "Emulated light sensor", "clock": "monotonic", "keys": [256], "axes": []}
PATCH, PATCH_SIZE = (200, 150), 100


@pytest.fixture(scope="module")
def emulated_sensor(tmp_path_factory):
    """The emulated sensor, compiled (needs a C compiler and libxcb-present-dev, libxcb-damage0-dev)."""
    binary = str(tmp_path_factory.mktemp("sensor") / "emulated_light_sensor")
    compiler = shutil.which("cc") or shutil.which("clang")
    assert compiler, "no C compiler to build the emulated light sensor"
    built = subprocess.run([compiler, "-O2", "-o", binary, SENSOR_SOURCE, "-lxcb", "-lxcb-present", "-lxcb-damage"],
                           capture_output=True, text=True)
    assert built.returncode == 0, "the emulated light sensor does not build (libxcb-present-dev, libxcb-damage0-dev):\n" + built.stderr
    return binary


def watch_patch(sensor, xvfb, fifo, *mode):
    """The sensor on the patch's middle; returns once it reads the screen."""
    x, y = PATCH[0] + PATCH_SIZE // 2, PATCH[1] + PATCH_SIZE // 2
    process = subprocess.Popen([sensor, str(x), str(y), fifo, *mode], env=xvfb.env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().startswith("emulated_light_sensor: watching"), process.stderr.read()
    return process


def run_timing(labkiosk, env, data, sensor_path, *extra, repeats=4):
    return labkiosk.run("timing", "--sensor", sensor_path, "--patch", f"{PATCH[0]},{PATCH[1]}", "--patch-size", PATCH_SIZE,
                        "--repeats", repeats, "--seed", 11, "--size", REFERENCE_SIZE, "--data", data, "--mute", *extra,
                        timeout=120, env=env)


def written(data):
    return sorted(glob.glob(os.path.join(data, "*", "*_timing*")))


def summary_text(data):
    """The run's summary; a run whose figures did not stand has no certificate beside it."""
    [summary] = [f for f in written(data) if f.endswith("_timing_summary.txt")]
    text = open(summary, encoding="utf-8").read()
    if "valid: yes" not in text:
        assert not [f for f in written(data) if f.endswith("_timing_certificate.txt")], "a run that did not stand left a certificate"
    return text


def table(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def test_timing_against_the_emulated_sensor_writes_the_table_and_summary(labkiosk, xvfb, emulated_sensor, tmp_path, shots):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch_patch(emulated_sensor, xvfb, fifo)
    screenshot = os.path.join(shots, "timing.png")
    result = run_timing(labkiosk, xvfb.env, tmp_path / "data", fifo, "--screenshot-at", 0.2, "--screenshot", screenshot)
    sensor.terminate()
    _, sensor_counts = sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout + result.stderr + sensor_counts
    assert "labkiosk: onset clock: display-presented" in result.stdout
    assert "timing: 20 flashes at 200,150 (100 px), light sensor" in result.stdout

    files = written(tmp_path / "data")
    assert [os.path.basename(f).split("_", 3)[3] for f in files] == ["timing.tsv", "timing_certificate.txt", "timing_summary.txt"], files
    rows = table(files[0])
    assert len(rows) == 20
    assert sorted(int(r["frames"]) for r in rows) == sorted([1, 2, 3, 6, 12] * 4)
    assert all(r["light_on"] and r["light_off"] and r["presented_time"] for r in rows), rows
    # Light and presentation are both refreshes of Present's clock. Xvfb times each client's
    # report of a refresh by its own timer callback, so the same refresh reads some tens of
    # microseconds apart on the two connections; a frame labkiosk asked about after its refresh
    # had passed (a busy machine) is reported a refresh late. Most flashes are the same refresh.
    same = [r for r in rows if abs(float(r["presented_time"]) - float(r["light_on"])) < 0.005]
    assert len(same) >= len(rows) // 2, rows
    # The light goes off at the refresh that showed the dark after it, for most flashes too
    # (a frame shown late lengthens a flash, in the light and in the log alike).
    ends = [r for r in rows if abs(float(r["presented_off"]) - float(r["light_off"])) < 0.005]
    assert len(ends) >= len(rows) // 2, rows

    summary = open(files[2], encoding="utf-8").read()
    assert "onset clock: display-presented" in summary
    assert "flashes: 20, measured 20, flickering 0" in summary
    assert "valid: yes" in summary, summary
    assert "visual onset (light on - logged onset): lag" in result.stdout
    # The figures stood: the kiosk's timing certificate beside them, and in the catalogue.
    certificate = open(files[1], encoding="utf-8").read().splitlines()
    assert certificate[0] == "labkiosk timing certificate"
    assert "display: 1920x1080" in certificate and "display path: X11 Present" in certificate, certificate
    assert "patch: 200,150 100" in certificate and "flashes: 20" in certificate and f"sensor: {fifo} (Emulated light sensor)" in certificate, certificate
    assert [line for line in certificate if line.startswith("visual onset: lag ") and line.endswith(" ms over 20")], certificate
    assert f"timing: certificate written: {files[1]}" in result.stdout
    assert "timing: this kiosk's timing certificate now, kept in" in result.stdout and ", visual onset lag " in result.stdout, result.stdout
    # The screen in its dark lead-in: black, the patch's place framed in grey outside it.
    image = pixels(screenshot)
    middle = (PATCH[0] + PATCH_SIZE // 2, PATCH[1] + PATCH_SIZE // 2)
    assert pixel(image, *middle) == (0, 0, 0)
    left_of = [pixel(image, x, middle[1]) for x in range(PATCH[0] - 8, PATCH[0])]
    right_of = [pixel(image, x, middle[1]) for x in range(PATCH[0] + PATCH_SIZE, PATCH[0] + PATCH_SIZE + 8)]
    assert (90, 90, 90) in left_of and (90, 90, 90) in right_of, (left_of, right_of)
    assert pixel(image, PATCH[0], middle[1]) == (0, 0, 0) and pixel(image, PATCH[0] + PATCH_SIZE - 1, middle[1]) == (0, 0, 0)


def test_a_virtual_human_answering_each_flash_gives_the_response_time_figures(labkiosk, xvfb, emulated_sensor, tmp_path):
    """A button box in "virtual human" mode: its own sensor on the patch, pressing 120 ms after
    light. Each press is paired with its flash, and the response time's error (press − logged
    onset − 120 ms) is the onset's own error, since the press comes a fixed time after the light."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    box = device_fifo(str(tmp_path / "dev"), "event1", {"name": "Emulated response box", "clock": "monotonic", "keys": [256], "axes": []})
    sensor = watch_patch(emulated_sensor, xvfb, fifo, "128", "--respond", box, "120")
    result = run_timing(labkiosk, xvfb.env, tmp_path / "data", fifo, "--response", box, "--response-delay", 120, repeats=2)
    sensor.terminate()
    _, counts = sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout + result.stderr + counts
    assert ", 10 presses" in counts, counts
    assert f"timing: response device {box} (Emulated response box), answering 120.000 ms after light" in result.stdout, result.stdout
    [path] = [f for f in written(tmp_path / "data") if f.endswith("_timing.tsv")]
    rows = table(path)
    assert len(rows) == 10 and all(r["response"] for r in rows), rows
    for r in rows:
        # The press is 120 ms after this flash's light, stamped as the kernel would stamp it.
        assert abs(float(r["response"]) - float(r["light_on"]) - 0.120) < 1e-6, r
    summary = summary_text(tmp_path / "data")
    assert "responses: 10 of 10 flashes answered" in summary and "valid: yes" in summary, summary
    rt = re.search(r"^response time \(press - logged onset - the device's 120\.000 ms\): lag (-?[\d.]+) ms, var \(SD\) ([\d.]+) ms", summary, re.M)
    onset = re.search(r"^visual onset \(light on - logged onset\): lag (-?[\d.]+) ms, var \(SD\) ([\d.]+) ms", summary, re.M)
    assert rt and onset, summary
    assert abs(float(rt.group(1)) - float(onset.group(1))) < 0.002 and abs(float(rt.group(2)) - float(onset.group(2))) < 0.002, summary


def line_in_env(xvfb, audio_fifo):
    """SDL's disk audio driver reading the emulated line-in as its capture device, as fast as it comes."""
    return {**xvfb.env, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILEIN": audio_fifo, "SDL_DISKAUDIODELAY": "0",
            "SDL_DISKAUDIOFILE": os.devnull}


def test_a_photodiode_on_the_line_in_gives_the_same_figures(labkiosk, xvfb, emulated_sensor, tmp_path):
    """The emulated sensor as a photodiode on a sound card's line-in: 48 kHz samples, dark and lit
    levels with noise, read through SDL's capture. labkiosk finds the threshold from the run's
    own readings, puts each crossing on the machine's clock from when its block arrived, and
    each flash's light is its refresh's moment, within a few samples."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    audio = str(tmp_path / "line-in")
    os.mkfifo(audio)
    sensor = watch_patch(emulated_sensor, xvfb, fifo, "128", "--line-in", audio)
    result = labkiosk.run("timing", "--line-in", "--patch", f"{PATCH[0]},{PATCH[1]}", "--patch-size", PATCH_SIZE, "--repeats", 2,
                          "--seed", 11, "--size", REFERENCE_SIZE, "--data", tmp_path / "data", timeout=120, env=line_in_env(xvfb, audio))
    sensor.terminate()
    _, counts = sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout + result.stderr + counts
    assert "timing: 10 flashes at 200,150 (100 px), light sensor line-in " in result.stdout, result.stdout
    summary = summary_text(tmp_path / "data")
    assert "valid: yes" in summary and "flashes: 10, measured 10, flickering 0" in summary, summary
    threshold = re.search(r"^line-in: threshold (\d+) to (\d+), (\d+) samples in \d+ blocks", summary, re.M)
    assert threshold and 2000 < int(threshold.group(1)) < int(threshold.group(2)) < 20000, summary
    [path] = [f for f in written(tmp_path / "data") if f.endswith("_timing.tsv")]
    rows = table(path)
    # The light is the refresh's moment, N × Xvfb's interval: a crossing lands within a few
    # samples of it, and the sample clock's mapping adds at most the delivery of a block.
    for r in rows:
        light_us = float(r["light_on"]) * 1e6
        assert abs(light_us / 16666 - round(light_us / 16666)) * 16666 < 1500, (r, light_us % 16666)
    same = [r for r in rows if abs(float(r["presented_time"]) - float(r["light_on"])) < 0.005]
    assert len(same) >= len(rows) // 2, rows


def test_a_plans_timing_block_reads_the_line_in(labkiosk, xvfb, emulated_sensor, tmp_path):
    """A plan's `timing` block with `line_in = true`: the same line-in as the command's, its
    table, summary and certificate in the block's folder, the certificate among its files."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    audio = str(tmp_path / "line-in")
    os.mkfifo(audio)
    (tmp_path / "light.toml").write_text(f"line_in = true\npatch_x = {PATCH[0]}\npatch_y = {PATCH[1]}\npatch_size = {PATCH_SIZE}\nrepeats = 2\n")
    plan = tmp_path / "plan.toml"
    plan.write_text('[study]\nname = "line-in-check"\n\n[[block]]\nkind = "timing"\nconfig = "light.toml"\n')
    sensor = watch_patch(emulated_sensor, xvfb, fifo, "128", "--line-in", audio)
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan, "--participant", "P1", "--data", tmp_path / "data", "--size", REFERENCE_SIZE,
                              "--mute", env=line_in_env(xvfb, audio))
    time.sleep(0.8)
    window.focus()
    NextBlockScreen(window).continue_()     # "Part 1 of 1"
    out, err = window.finish(timeout=120)
    sensor.terminate()
    _, counts = sensor.communicate(timeout=10)
    assert window.process.returncode == 0, out + err + counts
    assert "timing: 10 flashes at 200,150 (100 px), light sensor line-in " in out, out
    [session] = glob.glob(str(tmp_path / "data" / "P1" / "*"))
    [summary_path] = glob.glob(os.path.join(session, "*", "*_timing_summary.txt"))
    summary = open(summary_path, encoding="utf-8").read()
    assert "valid: yes" in summary and "flashes: 10, measured 10, flickering 0" in summary, summary
    assert re.search(r"^line-in: threshold \d+ to \d+, \d+ samples in \d+ blocks", summary, re.M), summary
    [certificate_path] = glob.glob(os.path.join(session, "*", "*_timing_certificate.txt"))
    certificate = open(certificate_path, encoding="utf-8").read().splitlines()
    assert [line for line in certificate if line.startswith("sensor: line-in ")] and "flashes: 10" in certificate, certificate
    journal = open(os.path.join(session, "batch.txt"), encoding="utf-8").read()
    assert os.path.basename(certificate_path) in journal and "figure 1 measured flashes=10" in journal, journal
    listing = labkiosk.run("timing", "--certificates", "--data", tmp_path / "data", timeout=60, env=xvfb.env)
    assert listing.returncode == 0 and os.path.basename(certificate_path) in listing.stdout, listing.stdout + listing.stderr


def test_a_plans_line_in_is_checked(labkiosk, tmp_path):
    light = tmp_path / "light.toml"
    light.write_text('line_in = true\nline_in_device = "USB Audio"\npatch_x = 0\npatch_y = 0\nrepeats = 2\n')
    result = labkiosk.run("check", light, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "light.toml: ok (timing check: 10 flashes at 0,0, light sensor line-in USB Audio)" in result.stdout, result.stdout

    light.write_text('line_in = true\nfind_patch = true\nsensor = "/dev/input/event7"\n')
    (tmp_path / "plan.toml").write_text('[study]\nname = "timing-check"\n\n[[block]]\nkind = "timing"\nconfig = "light.toml"\n')
    result = labkiosk.run("check", tmp_path / "plan.toml", timeout=60)
    assert result.returncode == 1
    assert f"{light}:2:14: error: `find_patch` reads the sensor while the screen flashes, which a line-in sensor" in result.stderr, result.stderr
    assert f"{light}:3:10: error: `sensor` and `line_in = true` name two light sensors; keep one" in result.stderr, result.stderr


def test_a_response_device_that_never_answers_makes_no_valid_figures(labkiosk, xvfb, emulated_sensor, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    box = device_fifo(str(tmp_path / "dev"), "event1", {"name": "A silent box", "clock": "monotonic", "keys": [256], "axes": []})
    silent = os.open(box, os.O_RDWR)
    sensor = watch_patch(emulated_sensor, xvfb, fifo)
    try:
        result = run_timing(labkiosk, xvfb.env, tmp_path / "data", fifo, "--response", box, "--response-delay", 120, repeats=1)
    finally:
        os.close(silent)
        sensor.terminate()
        sensor.communicate(timeout=10)
    assert result.returncode == 1
    assert "the response device answered 0 of 5 flashes" in result.stderr, result.stderr
    assert "valid: no" in summary_text(tmp_path / "data")
    # A delay without a device, or a device without its delay, is refused before anything runs.
    for extra, message in [(["--response", box], "--response needs --response-delay"),
                           (["--response-delay", 120], "--response-delay and --response-key describe a --response device")]:
        refused = run_timing(labkiosk, xvfb.env, tmp_path / "refused", fifo, *extra)
        assert refused.returncode == 64 and message in refused.stderr, refused.stderr
    assert written(tmp_path / "refused") == []


def test_no_sensor_is_refused_before_anything_is_written(labkiosk, xvfb, tmp_path):
    result = run_timing(labkiosk, xvfb.env, tmp_path / "data", tmp_path / "event7")
    assert result.returncode == 1
    assert f"labkiosk: no light sensor: {tmp_path / 'event7'} does not exist; name the sensor's event device with --sensor" in result.stderr
    assert written(tmp_path / "data") == []

    # A device without keys cannot be a photodiode on a button input.
    pointer = device_fifo(str(tmp_path / "dev"), "event1", {"name": "A mouse", "clock": "monotonic", "keys": [], "axes": []})
    result = run_timing(labkiosk, xvfb.env, tmp_path / "data", pointer)
    assert result.returncode == 1
    assert "has no keys or buttons, so it cannot be a photodiode on a button input" in result.stderr
    assert written(tmp_path / "data") == []

    # Neither sensor, or the line-in with a search it cannot serve: refused before a window opens.
    for arguments, message in [((), "name the light sensor: --sensor DEVICE"),
                               (("--line-in", "--find-patch"), "--find-patch reads the sensor while the screen flashes")]:
        refused = labkiosk.run("timing", *arguments, "--size", REFERENCE_SIZE, "--data", tmp_path / "data", timeout=60, env=xvfb.env)
        assert refused.returncode == 64 and message in refused.stderr, refused.stderr
    assert written(tmp_path / "data") == []


def test_a_patch_off_the_screen_is_refused(labkiosk, xvfb, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    result = labkiosk.run("timing", "--sensor", fifo, "--patch", "1900,0", "--size", REFERENCE_SIZE, "--data", tmp_path / "data",
                          timeout=60, env=xvfb.env)
    assert result.returncode == 1
    assert "labkiosk: the patch at 1900,0 (100 pixels square) is off the 1920×1080 screen: x must be 0 to 1820 and y 0 to 980; nothing was measured" in result.stderr
    assert written(tmp_path / "data") == []


def test_a_display_that_reports_no_presentation_is_refused(labkiosk, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = run_timing(labkiosk, env, tmp_path / "data", fifo)
    assert result.returncode == 1
    assert "the display reports no presentation (onset clock: software-timer)" in result.stderr
    assert written(tmp_path / "data") == []


def run_with_a_dark_sensor(labkiosk, xvfb, tmp_path):
    """A `timing` run of one flash per length whose sensor is plugged in and never lit."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    silent = os.open(fifo, os.O_RDWR)
    try:
        return run_timing(labkiosk, xvfb.env, tmp_path / "data", fifo, repeats=1)
    finally:
        os.close(silent)


def test_a_sensor_that_never_sees_light_makes_no_valid_figures(labkiosk, xvfb, tmp_path):
    result = run_with_a_dark_sensor(labkiosk, xvfb, tmp_path)
    assert result.returncode == 1
    assert "never saw light in 5 flashes: is it on the patch" in result.stderr
    assert "these figures do not stand as the kiosk's timing; no timing certificate was written" in result.stderr
    summary = summary_text(tmp_path / "data")
    assert "valid: no" in summary and "valid: yes" not in summary


def test_a_sensor_that_sees_flicker_makes_no_valid_figures(labkiosk, xvfb, emulated_sensor, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch_patch(emulated_sensor, xvfb, fifo, "128", "flicker")
    result = run_timing(labkiosk, xvfb.env, tmp_path / "data", fifo, repeats=1)
    sensor.terminate()
    sensor.communicate(timeout=10)
    assert result.returncode == 1
    assert "sees flicker: 5 of 5 flashes turned it on more than once" in result.stderr, result.stderr
    summary = summary_text(tmp_path / "data")
    assert "valid: no" in summary


def test_a_plan_with_a_timing_block_is_checked(labkiosk, tmp_path):
    (tmp_path / "light.toml").write_text('sensor = "/dev/input/event7"\npatch_x = 0\npatch_y = 0\nrepeats = 2\n')
    (tmp_path / "plan.toml").write_text('[study]\nname = "timing-check"\n\n[[block]]\nkind = "timing"\nconfig = "light.toml"\n')
    result = labkiosk.run("check", tmp_path / "plan.toml", timeout=60)
    assert result.returncode == 0 and "plan.toml: ok (timing-check: 1 blocks)" in result.stdout, result.stdout + result.stderr
    result = labkiosk.run("check", tmp_path / "light.toml", timeout=60)
    assert "light.toml: ok (timing check: 10 flashes at 0,0, light sensor /dev/input/event7)" in result.stdout, result.stdout + result.stderr

    (tmp_path / "light.toml").write_text('patch_x = -3\nrepeats = 0\n')
    result = labkiosk.run("check", tmp_path / "plan.toml", timeout=60)
    assert result.returncode == 1
    light = tmp_path / "light.toml"
    assert f"{light}:1:1: error: no `sensor`" in result.stderr, result.stderr
    assert f"{light}:1:11: error: `patch_x` is pixels from the screen's left" in result.stderr, result.stderr
    assert f"{light}:2:11: error: `repeats` is flashes of each length" in result.stderr, result.stderr


def test_escape_stops_the_run_and_its_figures_do_not_stand(labkiosk, xvfb, emulated_sensor, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch_patch(emulated_sensor, xvfb, fifo)
    process = labkiosk.start("timing", "--sensor", fifo, "--patch", f"{PATCH[0]},{PATCH[1]}", "--repeats", 20, "--seed", 3,
                             "--size", REFERENCE_SIZE, "--data", tmp_path / "data", "--mute", env=xvfb.env)
    window = xvfb.wait_for_window()
    time.sleep(2)
    xvfb.xdotool("key", "--window", window, "Escape")
    out, err = process.communicate(timeout=60)
    sensor.terminate()
    sensor.communicate(timeout=10)
    assert process.returncode == 1, out + err
    assert "labkiosk: timing: the run was stopped after" in err, err
    summary = summary_text(tmp_path / "data")
    assert "valid: no" in summary and "problem: the run was stopped after" in summary


def test_the_search_finds_the_sensor_before_the_flashes(labkiosk, xvfb, emulated_sensor, tmp_path):
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch_patch(emulated_sensor, xvfb, fifo)      # at 250,200
    result = labkiosk.run("timing", "--sensor", fifo, "--find-patch", "--repeats", 2, "--seed", 5, "--size", REFERENCE_SIZE,
                          "--data", tmp_path / "data", "--mute", timeout=120, env=xvfb.env)
    sensor.terminate()
    _, counts = sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout + result.stderr + counts
    found = re.search(r"^timing: the search found the light sensor under the patch at (\d+),(\d+) \(100 px\)$", result.stdout, re.M)
    assert found, result.stdout
    x, y = int(found.group(1)), int(found.group(2))
    assert x <= PATCH[0] + PATCH_SIZE // 2 < x + 100 and y <= PATCH[1] + PATCH_SIZE // 2 < y + 100, (x, y)
    summary = summary_text(tmp_path / "data")
    assert f"patch: {x},{y}, 100 px (found by the search)" in summary and "valid: yes" in summary, summary
