"""As deploy/ runs labkiosk by default: deploy/labkiosk-compositor with Weston's kiosk shell,
whose presentation-time stamps each frame (docs/timing.md). Weston runs on its X11 backend
inside Xvfb (its headless backend has no seat, on which SDL 2.26 crashes), so the screen it
shows is read from Xvfb."""
import glob
import os
import signal
import subprocess
import time

from labkiosk_harness import HEIGHT, REPO, WIDTH, device_fifo, pixel, pixels
from test_timing import PATCH, PATCH_SIZE, SENSOR_DEVICE, emulated_sensor, summary_text, watch_patch, written  # noqa: F401 (emulated_sensor is a fixture)

COMPOSITOR = os.path.join(REPO, "deploy", "labkiosk-compositor")
KIOSK = os.path.join(REPO, "deploy", "labkiosk-kiosk")
OUTPUT = (1024, 640)
CAGE_PANEL = (50, 50, 50)


def kiosk_env(xvfb, tmp_path):
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    return dict(xvfb.env, XDG_RUNTIME_DIR=str(runtime), RUNTIME_DIRECTORY=str(runtime), SDL_VIDEODRIVER="wayland",
                WESTON_OPTIONS=f"--backend=x11-backend.so --use-pixman --width={OUTPUT[0]} --height={OUTPUT[1]}")


def test_matb_fills_westons_kiosk_shell_and_its_onsets_are_presented(labkiosk, xvfb, tmp_path, shots):
    data = tmp_path / "data 'quoted'"
    process = subprocess.Popen([COMPOSITOR, labkiosk.path, "matb", os.path.join(REPO, "Scenarios", "default.txt"), "--data", str(data),
                                "--mute", "--fullscreen", "--stop-after", "8"],
                               env=kiosk_env(xvfb, tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # Weston's output is a window on Xvfb: what it shows is read there, once MATB has drawn.
    shot = os.path.join(shots, "e2e-weston-matb.png")
    deadline = time.time() + 60
    image = None
    while time.time() < deadline and process.poll() is None:
        time.sleep(1)
        subprocess.run(["import", "-window", "root", shot], env=xvfb.env, check=True, capture_output=True, timeout=20)
        candidate = pixels(shot)
        if sum(1 for x in range(0, OUTPUT[0], 16) if pixel(candidate, x, OUTPUT[1] // 2) == CAGE_PANEL) > 4:
            image = candidate
            break
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0, out
    assert image is not None, out
    assert "labkiosk: onset clock: display-presented (Wayland presentation-time" in out, out
    # Full screen in the kiosk shell: MATB's dark panels reach both edges of Weston's output.
    assert pixel(image, 2, OUTPUT[1] // 2) == CAGE_PANEL and pixel(image, OUTPUT[0] - 3, OUTPUT[1] // 2) == CAGE_PANEL, shot
    logs = glob.glob(os.path.join(data, "*", "*.csv"))
    assert len(logs) == 1, logs


def test_the_kiosk_exits_with_labkiosks_own_status(labkiosk, xvfb, tmp_path):
    """systemd restarts a batch that failed and not one that cannot start: Weston's status says
    neither, so labkiosk's own comes through."""
    env = dict(kiosk_env(xvfb, tmp_path), LABKIOSK_BIN=labkiosk.path, PLAN=str(tmp_path / "no-such-plan.toml"), DATA=str(tmp_path / "data"))
    refused = subprocess.run([KIOSK, "P001"], env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 64, refused.stdout + refused.stderr
    assert "no-such-plan.toml" in refused.stdout + refused.stderr
    killed = subprocess.run([COMPOSITOR, "sh", "-c", "kill -9 $$"], env=env, capture_output=True, text=True, timeout=120)
    assert killed.returncode == 128 + 9, killed.stdout + killed.stderr
    unknown = subprocess.run([COMPOSITOR, "true"], env=dict(env, COMPOSITOR="kde"), capture_output=True, text=True, timeout=30)
    assert unknown.returncode == 64 and 'COMPOSITOR is "kde"; it is weston or cage' in unknown.stderr, unknown.stderr


def test_the_desk_runs_a_visit_in_westons_kiosk_shell_and_comes_back(labkiosk, xvfb, tmp_path, shots):
    """The desk as labkiosk-desk.service runs it by default: full screen in Weston's kiosk shell.
    Staff tap the PIN, the study, the participant and the visit on Weston's output (an X window
    in Xvfb, which passes the taps on); the visit's batch opens its own window, which the kiosk
    shell shows full screen with onsets from presentation-time; when it ends the desk is back."""
    from test_desk import PIN, setup_desk
    data = setup_desk(labkiosk, tmp_path)
    env = dict(kiosk_env(xvfb, tmp_path), LABKIOSK_NOW="2026-03-27T10:00:00", TZ="Europe/Berlin",
               WESTON_OPTIONS="--backend=x11-backend.so --use-pixman --width=1280 --height=800")
    log = open(tmp_path / "desk.txt", "w")
    # A session of its own, ended whole below: the script's shell ends on a signal without
    # passing it on (systemd stops the unit's whole cgroup), and a Weston left behind when Xvfb
    # goes spins on its broken connection.
    process = subprocess.Popen([COMPOSITOR, labkiosk.path, "desk", "--config", str(tmp_path / "desk.toml"), "--fullscreen", "--kiosk"],
                               env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def output():
        log.flush()
        return (tmp_path / "desk.txt").read_text(encoding="utf-8", errors="replace")

    def weston_window():
        deadline = time.time() + 30
        while time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--class", "Weston"], env=xvfb.env, capture_output=True, text=True)
            if found.stdout.split():
                return found.stdout.split()[0]
            time.sleep(0.2)
        raise AssertionError("Weston's output never showed: " + output())

    def tap(x, y):
        """A tap at desk canvas point (x, y), y counting up from the bottom."""
        xvfb.xdotool("mousemove", "--window", window, int(x), 800 - int(y), "click", "1")
        time.sleep(0.3)

    def shot(name):
        path = os.path.join(shots, name)
        subprocess.run(["import", "-window", window, path], env=xvfb.env, check=True, capture_output=True, timeout=20)
        return pixels(path)

    try:
        window = weston_window()
        time.sleep(3)
        tap(640, 400)                                  # the locked screen: the PIN pad
        for digit in PIN + "K":
            index = 11 if digit == "K" else "123456789⌫0".index(digit)
            tap(470 + (index % 3) * 116 + 54, 450 - (index // 3) * 92 + 42)
        time.sleep(0.5)
        tap(340, 560 - 80 + 35)                        # the memory study
        for character in "P017":
            rows = ["1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM_"]
            row = next(r for r, keys in enumerate(rows) if character in keys)
            tap(115 + rows[row].index(character) * 106 + row * 20 + 49, 400 - row * 90 + 40)
        tap(1280 - 300 + 130, 75)                      # OK
        shot("e2e-weston-desk-participant.png")
        tap(1050, 560 + 28)                            # baseline: due
        time.sleep(3)
        xvfb.xdotool("key", "--window", window, "space")   # the batch's screen before its block
        deadline = time.time() + 60
        while time.time() < deadline and "ended with status" not in output():
            time.sleep(0.5)
        assert "P017 · memory · baseline ended with status 0" in output(), output()
        time.sleep(2)
        image = shot("e2e-weston-desk-back.png")
        assert sum(1 for x in range(0, 1280, 8) if pixel(image, x, 400) != (0, 0, 0)) > 100, "the desk did not come back"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()
    [session] = glob.glob(str(data / "P017" / "*"))
    journal = open(os.path.join(session, "batch.txt"), encoding="utf-8").read()
    assert "complete 2026-03-27" in journal and "figure 1 onset clock=display-presented" in journal, journal


def test_timing_in_westons_kiosk_shell_reads_the_light_of_its_presented_frames(labkiosk, xvfb, emulated_sensor, tmp_path):  # noqa: F811
    """`labkiosk timing` as a kiosk runs it, in Weston's kiosk shell: its onsets are Weston's
    presentation times, on Weston's clock mapped to CLOCK_MONOTONIC, and the emulated sensor
    sees their light where Weston's output reaches Xvfb. Weston's X11 backend presents on a
    timer of its own, so the figures say nothing of a panel; what must hold is the clocks
    (light within a refresh or two of each onset, never seconds off) and the refresh, the
    display's period however many refreshes a loaded machine misses."""
    fifo = device_fifo(str(tmp_path / "dev"), "event0", SENSOR_DEVICE)
    sensor = watch_patch(emulated_sensor, xvfb, fifo)
    data = tmp_path / "data"
    env = dict(kiosk_env(xvfb, tmp_path), WESTON_OPTIONS=f"--backend=x11-backend.so --use-pixman --width={WIDTH} --height={HEIGHT}")
    try:
        result = subprocess.run([COMPOSITOR, labkiosk.path, "timing", "--sensor", fifo, "--patch", f"{PATCH[0]},{PATCH[1]}",
                                 "--patch-size", str(PATCH_SIZE), "--repeats", "2", "--seed", "11", "--size", f"{WIDTH}x{HEIGHT}",
                                 "--data", str(data), "--mute"], env=env, capture_output=True, text=True, timeout=180)
    finally:
        sensor.terminate()
        sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "labkiosk: onset clock: display-presented (Wayland presentation-time" in result.stdout, result.stdout[-3000:]
    summary = summary_text(data)
    assert "valid: yes" in summary and "flashes: 10, measured 10, flickering 0" in summary, summary
    [refresh] = [float(line.split()[1]) for line in summary.splitlines() if line.startswith("refresh: ")]
    assert 15.5 < refresh < 18.5, summary
    [certificate] = [f for f in written(data) if f.endswith("_timing_certificate.txt")]
    text = open(certificate, encoding="utf-8").read()
    assert "display path: Wayland presentation-time" in text and "display: 1920x1080" in text, text
    [table] = [f for f in written(data) if f.endswith("_timing.tsv")]
    rows = [dict(zip(lines[0].split("\t"), line.split("\t"))) for lines in [open(table, encoding="utf-8").read().splitlines()] for line in lines[1:]]
    offsets = [(float(row["light_on"]) - float(row["presented_time"])) * 1000 for row in rows]
    assert len(offsets) == 10 and all(-20 < offset < 60 for offset in offsets), offsets
