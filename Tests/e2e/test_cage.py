"""Under the cage kiosk compositor, as deploy/README.md runs labkiosk: wlroots' headless backend
(one 1280x720 output, pixman renderer), SDL on native Wayland, screenshots taken through the
compositor with grim."""
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from labkiosk_harness import REPO, pixel, pixels
from pages import find_buttons

CAGE_SIZE = (1280, 720)
CAGE_PANEL = (50, 50, 50)
CAGE_BACKGROUND = (240, 240, 240)
CAGE_TANK = (142, 219, 176)


class Cage:
    """labkiosk under cage, working in `folder`: `start` runs one command, `screenshot` reads
    the output through the compositor. `home` holds the Assets/ and Scenarios/ the binary
    reads. cage refuses to run as root, so a root run starts it as nobody, with the binary,
    Assets/ and Scenarios/ copied where nobody can read them."""

    def __init__(self, binary, folder):
        self.runtime = os.path.join(folder, "run")
        self.sessions = os.path.join(folder, "sessions")
        os.makedirs(self.runtime, mode=0o700)
        os.makedirs(self.sessions)
        self.binary, self.home, self.prefix = binary, REPO, []
        if os.getuid() == 0:
            nobody = pwd.getpwnam("nobody")
            self.home = os.path.join(folder, "home")
            os.makedirs(self.home)
            self.binary = os.path.join(self.home, "labkiosk")
            shutil.copy(binary, self.binary)
            for name in ("Assets", "Scenarios"):
                shutil.copytree(os.path.join(REPO, name), os.path.join(self.home, name))
            os.chmod(folder, 0o755)
            for root, dirs, files in os.walk(folder):
                for path in [root] + [os.path.join(root, n) for n in dirs + files]:
                    os.chown(path, nobody.pw_uid, nobody.pw_gid)
            self.prefix = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        self.env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": folder, "XDG_RUNTIME_DIR": self.runtime,
                    "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
                    "SDL_VIDEODRIVER": "wayland", "SDL_AUDIODRIVER": "dummy", "LABKIOSK_HOME": self.home}
        self.log = open(os.path.join(folder, "cage.log"), "w")

    def start(self, *args, sessions=True):
        command = [self.binary, *args, *(["--sessions", self.sessions] if sessions else [])]
        self.process = subprocess.Popen([*self.prefix, "env", "-i", *(f"{k}={v}" for k, v in self.env.items()), "cage", "--", *command],
                                        stdout=self.log, stderr=subprocess.STDOUT)

    def output(self):
        if not self.log.closed:
            self.log.flush()
        return open(self.log.name, encoding="utf-8", errors="replace").read()

    def screenshot(self, path):
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, WAYLAND_DISPLAY="wayland-0")
        subprocess.run(["grim", path], env=env, check=True, capture_output=True, timeout=20)
        return pixels(path)

    def settled_screenshot(self, path, timeout=30):
        """A screenshot 2 s after the window first showed: what stays on screen, not only
        the first frames."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            assert self.process.poll() is None, f"cage ended ({self.process.returncode}) with nothing but black on its output:\n{self.output()}"
            if os.path.exists(os.path.join(self.runtime, "wayland-0")):
                w, h, raw = self.screenshot(path)
                if raw.count(b"\0\0\0") < w * h / 2:
                    time.sleep(2)
                    return self.screenshot(path)
            time.sleep(0.2)
        raise AssertionError(f"nothing but black on cage's output within {timeout} s:\n{self.output()}")

    def finish(self):
        try:
            self.process.wait(timeout=60)
        finally:
            self.log.close()
        return self.output()


@pytest.fixture
def cage(labkiosk, session_log_verifier):
    missing = [tool for tool in ("cage", "grim") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (apt-get install cage grim)")
    # Not tmp_path: under root the session runs as nobody, who cannot enter pytest's folders.
    folder = tempfile.mkdtemp(prefix="labkiosk-e2e-cage-")
    session_log_verifier.folders.append(folder)
    yield Cage(labkiosk.path, folder)
    shutil.rmtree(folder, ignore_errors=True)


def share(image, colour):
    """The fraction of a screenshot's pixels that are exactly `colour`."""
    w, h, raw = image
    target = bytes(colour)
    return sum(1 for i in range(0, len(raw), 3) if raw[i:i + 3] == target) / (w * h)


def test_cage_native_wayland_shows_every_panel(cage, shots):
    cage.start("matb", "--fullscreen", "--stop-after", "6", "--mute")
    image = cage.settled_screenshot(os.path.join(shots, "e2e-cage-wayland.png"))
    out = cage.finish()
    assert cage.process.returncode == 0 and "session 1:" in out, out
    assert image[:2] == CAGE_SIZE, image[:2]
    # The window fills the output: the canvas's two rows of panel titles, at its top and middle.
    for x in (5, 1275):
        assert pixel(image, x, 17) == CAGE_PANEL and pixel(image, x, 377) == CAGE_PANEL, (x, pixel(image, x, 17), pixel(image, x, 377))
    assert share(image, CAGE_BACKGROUND) > 0.4, share(image, CAGE_BACKGROUND)
    assert share(image, CAGE_TANK) > 0.01, "no tank is drawn"
    assert share(image, (0, 0, 0)) < 0.01, "black is left on screen"


def test_cage_native_wayland_keeps_a_static_screen(cage, shots):
    # The welcome slide, full screen as in kiosk mode, never changes after its first frame.
    cage.start("matb", os.path.join(cage.home, "Scenarios", "questionnaire.txt"), "--fullscreen", "--stop-after", "5", "--mute")
    image = cage.settled_screenshot(os.path.join(shots, "e2e-cage-wayland-slide.png"))
    out = cage.finish()
    assert cage.process.returncode == 0 and "session 1:" in out, out
    assert image[:2] == CAGE_SIZE, image[:2]
    assert share(image, CAGE_BACKGROUND) > 0.8, share(image, CAGE_BACKGROUND)
    assert share(image, CAGE_PANEL) > 0.001, "no text is drawn"
    assert len(find_buttons(image)) == 1, find_buttons(image)
    assert share(image, (0, 0, 0)) < 0.01, "black is left on screen"


DESK_NIGHT = (30, 41, 59)


def test_cage_native_wayland_shows_the_locked_desk(cage, shots):
    """The desk as deploy/labkiosk-desk.service runs it: full screen under cage. It draws only
    when its page changes, so it must still send frames after cage has configured its window
    (it once stayed black there); SIGTERM, as systemd stops it, ends it cleanly."""
    folder = os.path.dirname(cage.runtime)
    plans, data = os.path.join(folder, "plans"), os.path.join(folder, "data")
    os.makedirs(os.path.join(plans, "quick"))
    os.makedirs(data)
    with open(os.path.join(plans, "quick", "plan.toml"), "w") as f:
        f.write('[study]\nname = "quick"\n\n[[block]]\nkind = "break"\nseconds = 1\n')
    hashed = subprocess.run([cage.binary, "desk", "--hash-pin"], input="2468\n", capture_output=True, text=True, check=True).stdout
    with open(os.path.join(folder, "desk.toml"), "w") as f:
        f.write(f'lab = "Cage Lab"\nplans = "{plans}"\ndata = "{data}"\n{hashed}')
    if os.getuid() == 0:
        nobody = pwd.getpwnam("nobody")
        for path in [plans, data, os.path.join(plans, "quick"), os.path.join(plans, "quick", "plan.toml"), os.path.join(folder, "desk.toml")]:
            os.chown(path, nobody.pw_uid, nobody.pw_gid)
    cage.start("desk", "--config", os.path.join(folder, "desk.toml"), "--fullscreen", "--kiosk", sessions=False)
    image = cage.settled_screenshot(os.path.join(shots, "e2e-cage-desk.png"))
    desks = subprocess.run(["pgrep", "-P", str(cage.process.pid)], capture_output=True, text=True).stdout.split()
    assert len(desks) == 1, desks
    os.kill(int(desks[0]), signal.SIGTERM)
    out = cage.finish()
    assert "desk stopped" in out, out
    assert image[:2] == CAGE_SIZE, image[:2]
    assert share(image, DESK_NIGHT) > 0.6, share(image, DESK_NIGHT)
    assert share(image, (0, 0, 0)) < 0.01, "black is left on screen"
