"""As deploy/ runs labkiosk by default: deploy/labkiosk-compositor with Weston's kiosk shell,
whose presentation-time stamps each frame (docs/timing.md). Weston runs on its X11 backend
inside Xvfb (its headless backend has no seat, on which SDL 2.26 crashes), so the screen it
shows is read from Xvfb."""
import glob
import os
import subprocess
import time

from labkiosk_harness import REPO, pixel, pixels

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
