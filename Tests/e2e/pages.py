"""Page objects: the screens the end-to-end tests drive in a labkiosk window under Xvfb.

`AppWindow` is the window itself (a running labkiosk, keys, pointer, screenshots); each
screen wraps one and knows where its controls are and how a participant or the staff use
them. A batch shows several screens in one window, so screens share their window.
"""
import os
import subprocess
import tempfile
import time

from labkiosk_harness import HEIGHT, WIDTH, pixel, pixels


class AppWindow:
    """A labkiosk process and its window on a private X server."""

    def __init__(self, display, process, window_id):
        self.display, self.process, self.id = display, process, window_id

    @classmethod
    def launch(cls, labkiosk, display, *args, env=None):
        """Starts `labkiosk ARGS` on `display` and waits for its window."""
        process = labkiosk.start(*args, env=env or display.env)
        try:
            window_id = display.wait_for_window(timeout=30)
        except AssertionError:
            tree = subprocess.run(["xwininfo", "-root", "-tree"], env=display.env, capture_output=True, text=True)
            process.kill()
            out, err = process.communicate()
            server = f"exited {display.process.returncode}" if display.process.poll() is not None else "running"
            raise AssertionError(f"no window (exit {process.returncode}): {err.strip()} {out.strip()}; X server {display.display} "
                                 f"{server}; windows: {tree.stdout[-600:]} {tree.stderr[-300:]}")
        return cls(display, process, window_id)

    def is_running(self):
        return self.process.poll() is None

    def finish(self, timeout):
        """Waits for labkiosk to exit: (stdout, stderr)."""
        return self.process.communicate(timeout=timeout)

    def focus(self):
        self.display.xdotool("windowfocus", "--sync", self.id)

    def key(self, name):
        self.display.xdotool("key", "--window", self.id, name)

    def key_down(self, name):
        self.display.xdotool("keydown", "--window", self.id, name)

    def key_up(self, name):
        self.display.xdotool("keyup", "--window", self.id, name)

    def hold_key(self, name, seconds=0.4, during=None):
        """Holds `name` down for `seconds`; `during()` runs before it comes up."""
        self.key_down(name)
        time.sleep(seconds)
        if during:
            during()
        self.key_up(name)
        time.sleep(0.2)

    def key_closing(self, name):
        """A key that closes the window: xdotool may find it gone when it sends the release."""
        subprocess.run(["xdotool", "key", "--window", self.id, name], env=self.display.env, capture_output=True)

    def type(self, text):
        self.display.xdotool("type", "--delay", "60", text)

    def click(self, x, y):
        """Moves the pointer to (x, y) and clicks there, as a mouse does."""
        self.display.xdotool("mousemove", "--window", self.id, x, y, "click", "1")

    def send_click(self, x, y):
        """Moves the pointer to (x, y), then sends the window a click event."""
        self.display.xdotool("mousemove", "--window", self.id, x, y)
        self.display.xdotool("click", "--window", self.id, "1")

    def press(self, x, y):
        self.display.xdotool("mousemove", "--window", self.id, x, y, "mousedown", "1")

    def move(self, x, y):
        self.display.xdotool("mousemove", "--window", self.id, x, y)

    def release(self):
        self.display.xdotool("mouseup", "1")

    def drag(self, start, end):
        self.press(*start)
        self.move((start[0] + end[0]) // 2, end[1])
        self.display.xdotool("mousemove", "--window", self.id, end[0], end[1], "mouseup", "1")

    def grab(self, path):
        """The window's pixels now, as (width, height, rgb bytes); also saved to `path`."""
        # ImageMagick's grab can hang for ever if the window closes under it.
        subprocess.run(["import", "-window", self.id, path], env=self.display.env, check=True, capture_output=True, timeout=20)
        return pixels(path)


# What the on-screen controls look like.
FRAME = b"\x32\x32\x32"
FACES = ((255, 255, 255), (153, 204, 255))


def find_buttons(image):
    """On-screen buttons: white (or pressed blue) faces in a dark 2 px frame, 200 px wide
    (dialogs) or 300 px wide (slides). Returns (centre x, centre y, width) left to right."""
    w, h, raw = image
    found = []
    y = 0
    while y < h - 4:
        row = raw[y * w * 3:(y + 1) * w * 3]
        start = row.find(FRAME * 190)
        while start != -1:
            if start % 3 == 0:
                x0 = start // 3
                x1 = x0
                while x1 < w and row[x1 * 3:x1 * 3 + 3] == FRAME:
                    x1 += 1
                length = x1 - x0
                face = pixel(image, x0 + 6, y + 4)
                if (195 <= length <= 206 or 295 <= length <= 306) and face in FACES:
                    # Down the face (inside the side borders) to the bottom border.
                    yb = y + 3
                    while yb < h and pixel(image, x0 + 6, yb) != (50, 50, 50):
                        yb += 1
                    if not any(abs(f[0] - (x0 + x1) // 2) < 5 and abs(f[1] - (y + yb) // 2) < 40 for f in found):
                        found.append(((x0 + x1) // 2, (y + yb) // 2, length))
                start = row.find(FRAME * 190, (x1 + 1) * 3)
            else:
                start = row.find(FRAME * 190, start + 1)
        y += 1
    return sorted(found)


def reference_to_window(x, y):
    """Window pixel of a point in MATB's reference coordinates (1920x1080, y up)."""
    return int(round(x * WIDTH / 1920)), int(round(HEIGHT - y * HEIGHT / 1080))


def slider_grooves(rows, height=HEIGHT):
    """Left and right ends of each questionnaire slider's groove on the page on screen, in
    window pixels, from the `aoi` rows logged for it (the slide zone is the middle 60 % of the
    row, the groove 90 % of that)."""
    last = {}
    for r in rows:
        if r["type"] == "aoi" and r["module"] == "genericscales" and r["address"].startswith("slider_"):
            x1, y1, x2, y2 = [float(v) for v in r["value"].strip("()").split(",")]
            slide_left, slide_width = x1 + 0.2 * (x2 - x1), 0.6 * (x2 - x1)
            left, right = slide_left + 0.05 * slide_width, slide_left + 0.95 * slide_width
            last[r["address"]] = (round(left), round(right), round(height - (y1 + y2) / 2))
    return [last[k] for k in sorted(last, key=lambda a: int(a.split("_")[1]))]


class MatbScreen:
    """The MATB window: the five tasks, instruction slides, questionnaires and dialogs, in a
    window of the reference size (reference coordinates are window pixels, y flipped)."""

    LIGHT_1 = (168, HEIGHT - 941)  # reference (168, 940.95)
    # The on-screen stick's centre and full travel (track topmid, stick in the strip right of
    # the reticle).
    STICK_CENTRE, STICK_TRAVEL = (1489, HEIGHT - 783), 109.85
    PUMP_5 = reference_to_window(823.8, 157.95)  # the centre of its triangle
    # The communications panel's tune buttons (the panel is 576x486 reference pixels).
    RADIO_TUNE_UP = reference_to_window(0.73 * 576 + 0.075 * 576, 0.04 * 486 + 0.045 * 486)
    RADIO_TUNE_DOWN = reference_to_window(0.12 * 576 + 0.075 * 576, 0.04 * 486 + 0.045 * 486)

    def __init__(self, window):
        self.window = window

    def pause(self):
        self.window.key("p")

    def resume(self):
        self.window.key("space")

    def quit(self):
        """Escape asks whether to quit, Q answers."""
        self.window.key("Escape")
        time.sleep(0.3)
        self.window.key("q")

    def click_light_1(self):
        self.window.send_click(*self.LIGHT_1)

    def touch_stick(self):
        self.window.press(*self.STICK_CENTRE)

    def push_stick(self, dx, dy):
        """Drags the touching finger to (dx, dy) pixels from the stick's centre."""
        self.window.move(self.STICK_CENTRE[0] + dx, self.STICK_CENTRE[1] + dy)

    def let_go_of_stick(self):
        self.window.release()

    def answer_screens(self, on_slide, on_dialog, timeout=240):
        """Until labkiosk exits: whenever a screen waits (a button shows), answers it with
        `on_slide(button, image, path)` or `on_dialog(buttons, image, path)`, given the
        screenshot and its file. Returns how many were answered."""
        deadline = time.time() + timeout
        answered = 0
        shot = 0
        while self.window.is_running() and time.time() < deadline:
            path = os.path.join(tempfile.gettempdir(), f"grab-{shot}.png")
            shot += 1
            try:
                image = self.window.grab(path)
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
                break  # the window closed under us: the session ended
            buttons = find_buttons(image)
            slide = [b for b in buttons if b[2] >= 295]
            dialog = [b for b in buttons if b[2] < 295]
            if slide:
                on_slide(slide[0], image, path)
            elif dialog:
                on_dialog(dialog, image, path)
            else:
                time.sleep(0.2)
                continue
            answered += 1
            time.sleep(0.6)
        return answered


class ReplayScreen:
    """`labkiosk replay` of a MATB session: the session as it was, a timeline along the bottom."""

    TIMELINE_Y = HEIGHT - 18  # reference y 8...28 from the bottom

    def __init__(self, window):
        self.window = window

    def playhead(self, path):
        """The x of the white playhead on the timeline now (the screenshot saved to `path`)."""
        image = self.window.grab(path)
        w, h, raw = image
        whites = [x for x in range(w) if pixel(image, x, h - 18) == (255, 255, 255)]
        assert whites, "no playhead on the timeline"
        return sum(whites) / len(whites)

    def to_end(self):
        self.window.key("End")

    def to_start(self):
        self.window.key("Home")

    def click_timeline(self, x):
        self.window.send_click(x, self.TIMELINE_Y)

    def quit(self):
        # Q closes the window on its press.
        self.window.key_closing("q")


class DrawingPad:
    """The drawing pad (the bundled 1260x600 pad in a 1920x1080 window, its controls below)."""

    TOP_LEFT = (330, 180)
    # The "Hold: show again" control.
    SHOW_AGAIN = (TOP_LEFT[0] + 3 * 1260 // 12 - 8, TOP_LEFT[1] + 600 + 24 + 48)

    def __init__(self, window):
        self.window = window

    def on_screen(self, x, y):
        """The window pixel of pad pixel (x, y)."""
        return self.TOP_LEFT[0] + x, self.TOP_LEFT[1] + y

    def open_trial(self):
        self.window.hold_key("n", 0.1)

    def end_familiarisation(self):
        self.window.hold_key("Down", 0.2)

    def show_stimulus(self, seconds=0.6, during=None):
        """Holds the stimulus key: stimulus 1 shows while it is down."""
        self.window.hold_key("Right", seconds, during=during)

    def stroke(self, points, hold=None):
        """Draws through pad pixel positions with the mouse; `hold()` runs before the button comes up."""
        self.window.press(*self.on_screen(*points[0]))
        for a, b in zip(points, points[1:]):
            for i in range(1, 9):
                self.window.move(*self.on_screen(a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8))
                time.sleep(0.012)
        if hold:
            hold()
        self.window.release()
        time.sleep(0.15)

    def hold_show_again(self, seconds=0.5):
        self.window.press(*self.SHOW_AGAIN)
        time.sleep(seconds)
        self.window.release()
        time.sleep(0.2)

    def end_trial(self):
        self.window.hold_key("Escape", 0.2)

    def trial_drawn_by(self, pen):
        """A trial whose strokes `pen` (a FramePlayer on a pen's FIFO) draws: opened, past the
        familiarisation image, drawn, ended."""
        self.open_trial()
        self.end_familiarisation()
        pen.start()
        pen.join(timeout=20)
        time.sleep(0.5)
        self.end_trial()

    def finish_block(self):
        """Escape after a trial finishes the pad's block (in a batch the window stays)."""
        self.window.hold_key("Escape", 0.2)

    def finish_and_close(self):
        """Escape after a trial finishes the block; alone, the pad's window closes."""
        self.window.key_closing("Escape")


class NextBlockScreen:
    """A plan's screen before each block ("Part N of M"); Space continues."""

    BACKGROUND = (200, 200, 200)

    def __init__(self, window):
        self.window = window

    @classmethod
    def is_showing(cls, image):
        return pixel(image, 5, 5) == cls.BACKGROUND

    def continue_(self, pause=0.6):
        """Space, then `pause` seconds for what comes next."""
        self.window.key("space")
        time.sleep(pause)


class StaffPanel:
    """The kiosk's staff panel: the experimenter chord opens it over whatever shows; S skips
    the current block."""

    BACKGROUND = (215, 215, 215)

    def __init__(self, window, chord):
        """`chord`: the keys of the settings' exit_chord, as xdotool names them."""
        self.window, self.chord = window, chord

    def open(self):
        # The chord goes to the focused window as real key presses, not sent events.
        self.window.display.xdotool("keydown", *self.chord)
        time.sleep(0.2)
        self.window.display.xdotool("keyup", *self.chord)

    @classmethod
    def is_open(cls, image):
        return pixel(image, WIDTH // 2, HEIGHT // 2 - 280) == cls.BACKGROUND

    def skip_block(self):
        self.window.key("s")


class JudgeScreen:
    """An image judgement: answered by a key or by tapping an answer button."""

    # 420 px wide, 48 px right of Friend, the pair centred, 40 px up from the bottom, 140 tall.
    FOE_BUTTON = (1194, HEIGHT - 110)

    def __init__(self, window):
        self.window = window

    def answer(self, key):
        self.window.key(key)

    def tap_foe(self):
        self.window.click(*self.FOE_BUTTON)


class PromptScreen:
    """A prompt sequence's screens: Continue (one button, 360x96, 40 px above the bottom
    edge); at a pause Continue and Stop here side by side, 24 px apart; H opens help."""

    CONTINUE = (960, HEIGHT - 88)
    STOP_HERE = (1152, HEIGHT - 88)

    def __init__(self, window):
        self.window = window

    def tap_continue(self):
        self.window.click(*self.CONTINUE)

    def tap_stop_here(self):
        self.window.click(*self.STOP_HERE)

    def open_help(self):
        self.window.key("h")

    def close_help(self):
        self.window.key("Escape")

    def continue_by_key(self):
        self.window.key("space")
