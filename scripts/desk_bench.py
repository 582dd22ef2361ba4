#!/usr/bin/env python3
"""scripts/bench's figures for the front desk (docs/desk.md), printed, not asserted:
  - idle under Xvfb: the locked desk's CPU share of one core and its resident memory at the
    start and the end of SECONDS untouched;
  - the machine's part of starting a participant: from the tap on Start to the batch's window
    on the screen with its first frame drawn, and from the tap on OK (the PIN checked) to the
    studies page drawn, over three participants;
  - idle under cage (wlroots' headless backend, pixman, no GPU), the desk's and cage's CPU.
Usage: desk_bench.py BINARY DISPLAY SECONDS"""
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time

binary, display, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
REPO = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
PLAN = '[study]\nname = "bench"\n\n[[block]]\nkind = "break"\nseconds = 1\n'
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def setup(folder, owner=None):
    plans = os.path.join(folder, "plans")
    data = os.path.join(folder, "data")
    os.makedirs(plans)
    os.makedirs(data)
    open(os.path.join(plans, "bench.toml"), "w").write(PLAN)
    hashed = subprocess.run([binary, "desk", "--hash-pin"], input="2468\n", capture_output=True, text=True, check=True).stdout
    config = os.path.join(folder, "desk.toml")
    open(config, "w").write(f'lab = "Bench lab"\nplans = "{plans}"\ndata = "{data}"\n{hashed}')
    return config


def idle(pid, label, extra=()):
    time.sleep(2)
    start_cpu, start_rss = cpu_seconds(pid), rss_mb(pid)
    others = [(name, other, cpu_seconds(other)) for name, other in extra]
    time.sleep(seconds)
    share = 100 * (cpu_seconds(pid) - start_cpu) / seconds
    line = f"{label}: desk {share:.2f} % of one core over {seconds:.0f} s, RSS {start_rss:.1f} MB at the start, {rss_mb(pid):.1f} MB at the end"
    for name, other, before in others:
        line += f"; {name} {100 * (cpu_seconds(other) - before) / seconds:.2f} %"
    print(line)


def xdotool(*args, env):
    return subprocess.run(["xdotool", *map(str, args)], env=env, capture_output=True, text=True)


def visible(env, other_than=None):
    found = xdotool("search", "--onlyvisible", "--name", "labkiosk", env=env).stdout.split()
    return [w for w in found if w != other_than]


def xvfb_figures():
    folder = tempfile.mkdtemp(prefix="labkiosk-desk-bench-")
    config = setup(folder)
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", SDL_MOUSE_TOUCH_EVENTS="1", LABKIOSK_HOME=REPO)
    log = open(os.path.join(folder, "desk.txt"), "w")

    def start_desk():
        desk = subprocess.Popen([binary, "desk", "--config", config, "--size", "1280x800"], env=env, stdout=log, stderr=subprocess.STDOUT)
        while not visible(env):
            time.sleep(0.05)
        return desk, visible(env)[0]

    desk, window = start_desk()
    idle(desk.pid, "idle, locked, under Xvfb")
    desk.terminate()
    desk.wait()

    def capture(target):
        return subprocess.run(["import", "-window", target, "-depth", "8", "rgb:-"], env=env, capture_output=True).stdout

    def drawn_after(tapped, target, check):
        """Seconds from `tapped` until the window's pixels pass `check`."""
        while time.monotonic() - tapped < 10:
            if check(capture(target)):
                return time.monotonic() - tapped
        return float("nan")

    unlocks, starts = [], []
    # Three participants one after another on one desk, which comes back locked after each.
    # Their IDs are more than one character apart: P001 after P002 would ask "did you mean".
    desk, window = start_desk()
    time.sleep(1)
    for number, participant in enumerate(["A101", "B202", "C303"], start=1):

        def tap(x, y):
            xdotool("mousemove", "--window", window, x, 800 - y, "click", "1", env=env)
            time.sleep(0.15)

        tap(640, 400)
        for index in (1, 3, 5, 7):                   # 2, 4, 6, 8
            tap(470 + (index % 3) * 116 + 54, 450 - (index // 3) * 92 + 42)
        pad = capture(window)
        tapped = time.monotonic()
        xdotool("mousemove", "--window", window, 470 + 2 * 116 + 54, 800 - (450 - 3 * 92 + 42), "click", "1", env=env)  # OK
        unlocks.append(drawn_after(tapped, window, lambda shot: shot != pad))
        time.sleep(0.3)
        tap(340, 600)                                # the study
        rows = ["1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM_"]
        for character in participant:                # on the desk's own keys, as on a touchscreen
            row = next(r for r, keys in enumerate(rows) if character in keys)
            tap(115 + rows[row].index(character) * 106 + row * 20 + 49, 400 - row * 90 + 40)
        tap(1280 - 300 + 130, 75)                    # OK
        time.sleep(0.5)
        tapped = time.monotonic()
        xdotool("mousemove", "--window", window, 1050, 800 - 588, "click", "1", env=env)  # Start
        while not visible(env, other_than=window):
            time.sleep(0.005)
        batch = visible(env, other_than=window)[0]
        starts.append(drawn_after(tapped, batch, lambda shot: len(set(shot[::9973])) > 2))
        time.sleep(0.5)
        xdotool("key", "--window", batch, "space", env=env)
        while len(open(log.name).read().split("ended with status")) <= number:
            time.sleep(0.2)
        time.sleep(1)
    desk.terminate()
    desk.wait()
    print("unlock (tap on OK to the studies page drawn): " + ", ".join(f"{1000 * s:.0f} ms" for s in unlocks))
    print("start (tap on Start to the batch's first frame on screen): " + ", ".join(f"{1000 * s:.0f} ms" for s in starts))
    shutil.rmtree(folder, ignore_errors=True)


def cage_figures():
    if shutil.which("cage") is None:
        print("cage: not installed")
        return
    folder = tempfile.mkdtemp(prefix="labkiosk-desk-bench-cage-")
    runtime = os.path.join(folder, "run")
    os.makedirs(runtime, mode=0o700)
    prefix, program = [], binary
    if os.getuid() == 0:
        # cage refuses to run as root: the desk runs as nobody, with its own copy of the binary.
        nobody = pwd.getpwnam("nobody")
        program = os.path.join(folder, "labkiosk")
        shutil.copy(binary, program)
        prefix = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
    config = setup(os.path.join(folder, "desk"))
    if os.getuid() == 0:
        os.chmod(folder, 0o755)
        for root, dirs, files in os.walk(folder):
            for path in [root] + [os.path.join(root, n) for n in dirs + files]:
                os.chown(path, nobody.pw_uid, nobody.pw_gid)
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": folder, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless",
           "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1", "SDL_VIDEODRIVER": "wayland", "SDL_AUDIODRIVER": "dummy",
           "LABKIOSK_HOME": REPO}
    log = open(os.path.join(folder, "cage.txt"), "w")
    cage = subprocess.Popen([*prefix, "env", "-i", *(f"{k}={v}" for k, v in env.items()), "cage", "--", program, "desk", "--config", config,
                             "--fullscreen", "--kiosk"], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 20
    desk = None
    while time.time() < deadline and desk is None:
        found = subprocess.run(["pgrep", "-f", f"{program} desk"], capture_output=True, text=True).stdout.split()
        desk = int(found[0]) if found else None
        time.sleep(0.2)
    compositor = subprocess.run(["pgrep", "-x", "cage", "-P", str(cage.pid)], capture_output=True, text=True).stdout.split()
    compositor = int(compositor[0]) if compositor else cage.pid
    if desk is None:
        print("cage: the desk did not start: " + open(log.name).read()[-400:])
    else:
        idle(desk, "idle, locked, under cage (headless, pixman)", extra=[("cage", compositor)])
    cage.terminate()
    cage.wait()
    shutil.rmtree(folder, ignore_errors=True)


xvfb_figures()
cage_figures()
