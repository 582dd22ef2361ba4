"""Consent as a block kind (docs/consent.md), driven in a window under Xvfb as a participant
would: the pages read, every statement ticked, the name typed on the on-screen keys and a
keyboard, a signature drawn; and a participant who declines, which ends the visit at once and
is recorded on the roster."""
import hashlib
import os
import re
import shutil
import time

from labkiosk_harness import REPO, pixels
from pages import AppWindow

# The batch's window is 1280x800 and consent draws on a canvas of that size, so canvas points
# are window pixels with y counted from the bottom.
SIZE = "1280x800"
PLAN = """[study]
name = "consent-study"

[[block]]
kind = "consent"
form = "consent/form.toml"

[[block]]
kind = "break"
seconds = 1
"""
# Where ConsentBlock+Drawing puts things on a 1280x800 canvas.
CONTINUE_BEFORE = (640, 248)  # the screen before a block
FOOTER_RIGHT, FOOTER_LEFT = (1033, 76), (247, 76)
STATEMENT_ROWS = [(640, 559), (640, 449), (640, 339)]
CONFIRM_DECLINE = (890, 285)


def key_centre(letter):
    """The on-screen key of a letter, below the name field."""
    for row, letters in enumerate(["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]):
        if letter in letters:
            left = (1280 - (len(letters) * 104 - 8)) / 2
            return int(left + letters.index(letter) * 104 + 48), int(560 - (row + 1) * 104 + 48)
    raise ValueError(letter)


class ConsentRun:
    def __init__(self, labkiosk, xvfb, tmp_path, participant):
        shutil.copytree(os.path.join(REPO, "Scenarios", "consent"), tmp_path / "consent", dirs_exist_ok=True)
        (tmp_path / "plan.toml").write_text(PLAN)
        self.data = tmp_path / "data"
        self.window = AppWindow.launch(labkiosk, xvfb, "batch", tmp_path / "plan.toml", "--participant", participant,
                                       "--data", self.data, "--size", SIZE, env=dict(xvfb.env, SDL_MOUSE_TOUCH_EVENTS="1"))
        time.sleep(1)

    def tap(self, point):
        self.window.click(point[0], 800 - point[1])
        time.sleep(0.35)

    def shot(self, path):
        time.sleep(0.3)
        return self.window.grab(path)


def dark_pixels(image, box):
    w, h, raw = image
    left, top, right, bottom = box
    return sum(1 for y in range(top, bottom) for x in range(left, right) if raw[(y * w + x) * 3] < 80)


def record_fields(data, participant):
    records = [os.path.join(root, f) for root, _, files in os.walk(data / participant) for f in files if f.endswith("_consent.tsv")]
    assert len(records) == 1, records
    lines = open(records[0], encoding="utf-8").read().splitlines()
    assert lines[0] == "# labkiosk consent record 1", lines[:1]
    return records[0], dict(line.split("\t", 1) for line in lines[1:])


def test_consent_agreed_with_name_and_signature(labkiosk, xvfb, tmp_path, shots):
    run = ConsentRun(labkiosk, xvfb, tmp_path, "P1")
    run.tap(CONTINUE_BEFORE)
    run.shot(os.path.join(shots, "consent-page.png"))
    run.tap(FOOTER_RIGHT)
    run.tap(FOOTER_RIGHT)
    # Agree is greyed out until every statement is ticked.
    run.tap(STATEMENT_ROWS[0])
    run.tap(FOOTER_RIGHT)
    assert run.window.is_running()
    for row in STATEMENT_ROWS[1:]:
        run.tap(row)
    run.shot(os.path.join(shots, "consent-statements.png"))
    run.tap(FOOTER_RIGHT)
    for letter in "ADA":
        run.tap(key_centre(letter))
    run.window.focus()
    for key in ["space", "l", "o", "v", "e", "l", "a", "c", "e"]:
        run.window.key(key)
        time.sleep(0.05)
    run.shot(os.path.join(shots, "consent-name.png"))
    run.tap(FOOTER_RIGHT)
    # A signature across the box (y 226 to 546 on the canvas, x 140 to 1140).
    points = [(260, 420), (330, 330), (400, 430), (470, 330), (540, 430), (650, 360), (760, 400)]
    run.window.press(points[0][0], points[0][1])
    for x, y in points[1:]:
        time.sleep(0.03)
        run.window.move(x, y)
    run.window.release()
    signed = run.shot(os.path.join(shots, "consent-signature.png"))
    assert dark_pixels(signed, (250, 320, 770, 440)) > 200, "the ink is not on the screen"
    run.tap(FOOTER_RIGHT)
    # The screen before the break, the break (1 s), and the closing screen (5 s).
    time.sleep(0.5)
    run.tap(CONTINUE_BEFORE)
    out, err = run.window.finish(timeout=60)
    assert run.window.process.returncode == 0 and "batch complete" in out, out + err

    path, fields = record_fields(run.data, "P1")
    assert fields["decision"] == "agreed" and fields["name"] == "Ada Lovelace", fields
    assert [fields[f"statement {n} ticked"] for n in (1, 2, 3)] == ["yes", "yes", "yes"], fields
    pages = b"".join(open(tmp_path / "consent" / name, "rb").read() for name in ["information.html", "data.html"])
    assert fields["text sha256"] == hashlib.sha256(pages).hexdigest(), fields
    assert fields["form sha256"] == hashlib.sha256(open(tmp_path / "consent" / "form.toml", "rb").read()).hexdigest()
    signature = os.path.join(os.path.dirname(path), fields["signature"])
    width, height, raw = pixels(signature)
    assert (width, height) == (1000, 320), (width, height)
    assert os.stat(signature).st_mode & 0o777 == 0o600, oct(os.stat(signature).st_mode)
    assert 200 < dark_pixels((width, height, raw), (0, 0, width, height)) < width * height // 4, "the signature's picture holds no ink"
    shutil.copy(signature, os.path.join(shots, "consent-signature-record.png"))
    journal = open(next(str(p) for p in (run.data / "P1").glob("*/batch.txt")), encoding="utf-8").read()
    assert re.search(r"^figure 1 consent=agreed$", journal, re.M) and re.search(r"^complete ", journal, re.M), journal
    roster = open(run.data / "roster.txt", encoding="utf-8").read()
    assert "\tP1\tconsent-study" in roster and "withdrawn" not in roster, roster
    verified = labkiosk.run("sessions", "--data", run.data, "--verify", timeout=60)
    assert verified.returncode == 0 and "every checksum matches" in verified.stdout, verified.stdout + verified.stderr


def test_consent_declined_ends_the_visit_and_the_roster_says_so(labkiosk, xvfb, tmp_path, shots):
    run = ConsentRun(labkiosk, xvfb, tmp_path, "P2")
    run.tap(CONTINUE_BEFORE)
    run.tap(FOOTER_LEFT)
    run.shot(os.path.join(shots, "consent-decline.png"))
    run.tap(CONFIRM_DECLINE)
    out, err = run.window.finish(timeout=60)
    assert run.window.process.returncode == 0, out + err
    assert "the participant declined consent; the session ends here" in out and "batch ended" in out, out

    _, fields = record_fields(run.data, "P2")
    assert fields["decision"] == "declined" and "name" not in fields and "signature" not in fields, fields
    journal = open(next(str(p) for p in (run.data / "P2").glob("*/batch.txt")), encoding="utf-8").read()
    assert re.search(r"^declined \S+ \S+: the participant declined consent$", journal, re.M), journal
    assert not re.search(r"^began 2 ", journal, re.M), "a block ran after the participant declined"
    roster = open(run.data / "roster.txt", encoding="utf-8").read()
    assert re.search(r"^withdrawn\t\S+ \S+\tP2\tconsent-study\tparticipant \(consent form\)\tthe participant declined consent$", roster, re.M), roster
    again = labkiosk.run("batch", tmp_path / "plan.toml", "--participant", "P2", "--data", run.data, "--headless", timeout=60)
    assert again.returncode == 64 and "P2 withdrew from consent-study" in again.stderr, again.stdout + again.stderr
    listed = labkiosk.run("sessions", "--data", run.data, "--participant", "P2", timeout=60)
    assert "declined" in listed.stdout, listed.stdout
