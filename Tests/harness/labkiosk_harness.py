"""What the end-to-end tests (Tests/e2e) and the crash, device and race harnesses
(scripts/crash-test, scripts/device-test, scripts/race-test) share: a private X server, stand-in input devices
(FIFOs with their descriptions, kernel event frames), and readers of the files labkiosk writes.

No pytest here: the scripts import it as a plain module.
"""
import csv
import hashlib
import io
import json
import os
import select
import struct
import subprocess
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
# The X screen, and the window size most runs ask for: the 1920x1080 reference canvas, so
# reference coordinates are window pixels (y flipped).
WIDTH, HEIGHT = 1920, 1080


def build_release_binary():
    """Builds the release binary as scripts/test does and returns its path (for scripts
    called without --binary)."""
    options = ["-c", "release", "--static-swift-stdlib"]
    subprocess.run(["swift", "build", *options, "--product", "labkiosk"], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    folder = subprocess.run(["swift", "build", *options, "--show-bin-path"], cwd=REPO, check=True,
                            capture_output=True, text=True).stdout.strip()
    return os.path.join(folder, "labkiosk")


class Xvfb:
    """A private X server: `with Xvfb() as x`, then run programs with `env=x.env`; its screen
    is WIDTH x HEIGHT unless `size` ("1280x1024") says otherwise."""

    def __init__(self, size=None):
        self.size = size or f"{WIDTH}x{HEIGHT}"

    def __enter__(self):
        # Xvfb picks a free display and reports it, so parallel runs never share a server.
        # -noreset: by default an X server resets when its last client leaves (a probe such as
        # xdpyinfo or xdotool), and a client connecting during the reset fails, so SDL would
        # fall back to another video driver and draw nowhere.
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{self.size}x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        number = b""
        deadline = time.time() + 30
        while not number.endswith(b"\n") and time.time() < deadline:
            ready, _, _ = select.select([read_end], [], [], 0.5)
            if ready:
                chunk = os.read(read_end, 16)
                if not chunk:
                    break
                number += chunk
        os.close(read_end)
        if not number.strip().isdigit():
            self.process.kill()
            self.process.wait()
            raise RuntimeError("could not start Xvfb")
        self.display = f":{number.strip().decode()}"
        self.env = dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy")
        return self

    def __exit__(self, *exc):
        self.process.kill()
        self.process.wait()

    def xdotool(self, *args):
        subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True, capture_output=True)

    def wait_for_window(self, name="labkiosk", timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--name", name], env=self.env, capture_output=True, text=True)
            if found.returncode == 0 and found.stdout.strip():
                return found.stdout.split()[0]
            time.sleep(0.1)
        raise AssertionError(f"no window named {name!r} appeared within {timeout} s")


# Input devices. labkiosk's --input-dir reads FIFOs in place of /dev/input/event*, each with a
# JSON description beside it (what `labkiosk devices --describe` writes for a real device).

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT, SYN_DROPPED = 0, 3
# struct input_event on 64-bit Linux: seconds, microseconds, type, code, value.
INPUT_EVENT = struct.Struct("<qqHHi")


def stick_description(name, rest=(512, 512)):
    """A two-axis joystick (0...1023) with two buttons; `rest`: what X and Y read when opened."""
    return {"name": name, "clock": "monotonic", "keys": [288, 289],
            "axes": [{"code": 0, "minimum": 0, "maximum": 1023, "value": rest[0]},
                     {"code": 1, "minimum": 0, "maximum": 1023, "value": rest[1]}]}


def pen_description(name, tilt=False):
    """A pen tablet covering a 1920x1080 screen: x 0...19200, y 0...10800, pressure 0...4095,
    and with `tilt` ±64 on each axis at 57 units per radian."""
    axes = [{"code": 0, "minimum": 0, "maximum": 19200, "resolution": 100},
            {"code": 1, "minimum": 0, "maximum": 10800, "resolution": 100},
            {"code": 24, "minimum": 0, "maximum": 4095}]
    if tilt:
        axes += [{"code": 26, "minimum": -64, "maximum": 63, "resolution": 57},
                 {"code": 27, "minimum": -64, "maximum": 63, "resolution": 57}]
    return {"name": name, "clock": "monotonic", "keys": [320, 321, 330], "axes": axes}


def touchscreen_description(name):
    """A single-touch screen covering a 1920x1080 screen."""
    return {"name": name, "clock": "monotonic", "keys": [330],
            "axes": [{"code": 0, "minimum": 0, "maximum": 19200, "resolution": 100},
                     {"code": 1, "minimum": 0, "maximum": 10800, "resolution": 100}]}


def device_fifo(folder, node, description):
    """A FIFO named `node` in `folder` standing in for a device, with `description` beside it."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, node)
    os.mkfifo(path)
    with open(path + ".json", "w") as f:
        json.dump(description, f)
    return path


def stick_fifo(folder, node="event0", name="E2E Stick", rest=(512, 512)):
    return device_fifo(folder, node, stick_description(name, rest))


def pen_fifo(folder, node="event0", name="E2E Pen", tilt=False):
    return device_fifo(folder, node, pen_description(name, tilt))


def pen_stroke_script(points, pressure=2000, tilt=(20, -10), step=1 / 240):
    """Kernel frames for a pen that comes into range at the first point, touches, moves through
    `points` (screen pixels), lifts and leaves."""
    def at(x, y):
        return [(EV_ABS, 0, int(x * 10)), (EV_ABS, 1, int(y * 10))]
    script = [(step, [(EV_KEY, 320, 1)] + at(*points[0]))]
    script.append((step, [(EV_KEY, 330, 1), (EV_ABS, 24, pressure), (EV_ABS, 26, tilt[0]), (EV_ABS, 27, tilt[1])]))
    for p in points[1:]:
        script.append((step, at(*p) + [(EV_ABS, 24, pressure)]))
    script.append((step, [(EV_KEY, 330, 0), (EV_ABS, 24, 0)]))
    script.append((step, [(EV_KEY, 320, 0)]))
    return script


def evdev_event(sec, usec, kind, code, value):
    return INPUT_EVENT.pack(sec, usec, kind, code, value)


def evdev_frame(items):
    """One kernel frame of (type, code, value) events stamped now on CLOCK_MONOTONIC, closed by
    SYN_REPORT unless it already ends in a SYN event (`[(EV_SYN, SYN_DROPPED, 0)]` is the kernel
    saying it dropped events). Returns (bytes, seconds, microseconds)."""
    ns = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    sec, usec = ns // 1_000_000_000, (ns % 1_000_000_000) // 1000
    if not items or items[-1][0] != EV_SYN:
        items = items + [(EV_SYN, SYN_REPORT, 0)]
    return b"".join(evdev_event(sec, usec, kind, code, value) for kind, code, value in items), sec, usec


class FramePlayer(threading.Thread):
    """Plays a script of (delay, items) frames into a device FIFO, then hangs up; keeps each
    frame's stamp in `stamps` (seconds)."""

    def __init__(self, path, script):
        super().__init__(daemon=True)
        self.script, self.stamps = script, []
        # Opened now, read-write: that never blocks and is a writer at once, so labkiosk's
        # reader sees "nothing yet" rather than "no writer" (end of stream) when it opens.
        self.fd = os.open(path, os.O_RDWR)

    def run(self):
        try:
            with os.fdopen(self.fd, "wb", buffering=0) as f:
                for delay, items in self.script:
                    time.sleep(delay)
                    data, sec, usec = evdev_frame(items)
                    f.write(data)
                    self.stamps.append(sec + usec / 1e6)
        except OSError:
            pass  # labkiosk exited first: a broken pipe


# A study over visits, as the desk and the lab tests run it.

def three_visit_plan(seconds=(1, 1, 30)):
    """The "memory" study's plan: visits baseline, week-1 (day 7, a day either side) and week-4
    (day 28, three days either side), each one break of its `seconds`."""
    visits = '[[visit]]\nname = "baseline"\n\n[[visit]]\nname = "week-1"\nday = 7\nwindow_days = 1\n\n' \
             '[[visit]]\nname = "week-4"\nday = 28\nwindow_days = 3\n'
    blocks = "".join(f'\n[[block]]\nkind = "break"\nseconds = {length}\nvisit = "{visit}"\n'
                     for visit, length in zip(["baseline", "week-1", "week-4"], seconds))
    return '[study]\nname = "memory"\n\n' + visits + blocks


# MATB session logs: OpenMATB's CSV, CRLF line ends.

MATB_LOG_HEADER = b"logtime,scenario_time,type,module,address,value\r\n"


def session_logs(folder):
    """Every .csv file under `folder`, sorted."""
    found = []
    for root, _, files in os.walk(folder):
        found += [os.path.join(root, f) for f in files if f.endswith(".csv")]
    return sorted(found)


def is_matb_log(path):
    with open(path, "rb") as f:
        return f.read(len(MATB_LOG_HEADER)).startswith(MATB_LOG_HEADER)


def read_log(path):
    """A finished session log's rows as dicts; its header and line ends are checked."""
    data = open(path, "rb").read()
    assert data.startswith(MATB_LOG_HEADER), data[:80]
    body = data.decode("utf-8")
    assert "\n" not in body.replace("\r\n", ""), "every line must end with CRLF"
    return list(csv.DictReader(io.StringIO(body, newline="")))


def read_log_so_far(path):
    """The rows of a log still being written (the writer flushes every frame), as dicts."""
    body = open(path, "rb").read().decode("utf-8", errors="replace")
    return list(csv.DictReader(io.StringIO(body, newline="")))


def newest_log_so_far(folder):
    """The rows written so far to the last of the session logs under `folder` (none yet: [])."""
    logs = session_logs(folder)
    return read_log_so_far(logs[-1]) if logs else []


def run_number(path):
    """The run number a data file's name starts with (`3_240305_101500.csv` → 3), as labkiosk
    reads it: leading digits followed by `_` or `.`; None for any other name."""
    name = os.path.basename(path)
    digits = len(name) - len(name.lstrip("0123456789"))
    return int(name[:digits]) if 0 < digits < len(name) and name[digits] in "_." else None


def complete_rows(path):
    """A log's rows as lists, header left out; a last line without its line end is what a kill
    cut off and is left out too. ValueError when the file has no session log header."""
    data = open(path, "rb").read().decode("utf-8")
    if not data.startswith(MATB_LOG_HEADER.decode()):
        raise ValueError("no CSV header")
    complete = data[: data.rfind("\n") + 1]
    return list(csv.reader(io.StringIO(complete, newline="")))[1:]


# Drawing-pad trials: InteractLog's files, one set per trial.

PAD_FILE_SUFFIXES = ["_strokes.txt", "_keys.txt", "_img.png", "_samples.tsv", "_journal.txt", ".txt"]


def pad_files(data):
    """The trial files under `data`, by suffix."""
    found = {}
    for root, _, names in os.walk(data):
        for name in names:
            suffix = next((s for s in PAD_FILE_SUFFIXES if name.endswith(s)), None)
            if suffix:
                found.setdefault(suffix, []).append(os.path.join(root, name))
    return found


def pad_events(path):
    """A trial's main file: its header lines and its events as (n, t, x, y, event)."""
    lines = open(path, "rb").read().decode("utf-8").split("\n")
    assert lines[-1] == "" and lines[12] == "", "12 header lines, an empty line, every line ending in LF"
    events = [tuple(int(v) if i < 4 else v for i, v in enumerate(line.split(";", 4))) for line in lines[13:-1]]
    return lines[:12], events


def pad_samples(path):
    """A trial's `_samples.tsv`: its `#` lines, and its rows as dicts by the header's columns
    (`kind`, `t_event_ns`, `tool`, `contact`…). ValueError when the file does not end in a line
    end or a row's fields do not match the header."""
    text = open(path, "rb").read().decode("utf-8")
    if not text.endswith("\n"):
        raise ValueError("the last line has no line end")
    lines = text.split("\n")[:-1]
    comments = [l for l in lines if l.startswith("#")]
    table = [l.split("\t") for l in lines if not l.startswith("#")]
    if not table:
        raise ValueError("no header")
    header = table[0]
    if any(len(r) != len(header) for r in table[1:]):
        raise ValueError("a row whose fields do not match the header")
    return comments, [dict(zip(header, r)) for r in table[1:]]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# Screenshots, read through ImageMagick.

def pixels(png):
    """The picture as (width, height, rgb bytes row by row)."""
    raw = subprocess.run(["convert", png, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    size = subprocess.run(["identify", "-format", "%w %h", png], capture_output=True, text=True, check=True).stdout
    w, h = map(int, size.split())
    return w, h, raw


def pixel(image, x, y):
    w, _, raw = image
    i = (y * w + x) * 3
    return tuple(raw[i:i + 3])
