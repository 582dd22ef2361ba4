"""The front desk (docs/desk.md): staff unlock it with the on-screen PIN pad, choose a study,
enter a participant on the on-screen keys or as a scanner types, and start, confirm and resume
visits of a three-visit study driven across days with LABKIOSK_NOW; the batch runs in its own
window and the desk comes back locked."""
import os
import shutil
import signal
import subprocess
import time

from labkiosk_harness import REPO, pixels, three_visit_plan

PIN = "2468"
# The desk draws on a 1280x800 canvas; its window is that size, so canvas points are pixels (y flipped).
SIZE = "1280x800"

PLAN = three_visit_plan()


class Desk:
    """A running `labkiosk desk` and its window, driven as staff would with taps and keys."""

    def __init__(self, labkiosk, xvfb, tmp_path, day):
        self.xvfb, self.tmp_path = xvfb, tmp_path
        self.out = open(tmp_path / f"desk-{day}.txt", "w")
        # Days are local calendar days; a daylight-saving change (Europe's, 2026-03-29) falls between visits.
        env = dict(xvfb.env, LABKIOSK_NOW=f"{day}T10:00:00", TZ="Europe/Berlin", SDL_MOUSE_TOUCH_EVENTS="1")
        self.process = labkiosk.start("desk", "--config", tmp_path / "desk.toml", "--size", SIZE, env=env, stdout=self.out,
                                      stderr=subprocess.STDOUT)
        self.window = self.visible_window()
        time.sleep(0.5)

    def visible_window(self, other_than=None, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "labkiosk"], env=self.xvfb.env, capture_output=True, text=True)
            ids = [i for i in found.stdout.split() if i != other_than]
            if ids:
                return ids[0]
            time.sleep(0.1)
        tree = subprocess.run(["xwininfo", "-root", "-children"], env=self.xvfb.env, capture_output=True, text=True).stdout
        raise AssertionError(f"no visible labkiosk window other than {other_than}: {tree[-500:]}; {found.stdout} {self.log()}")

    def log(self):
        self.out.flush()
        return open(self.out.name, encoding="utf-8").read()

    def tap(self, x, y, window=None):
        """A tap at canvas point (x, y): y counts up from the bottom."""
        self.xvfb.xdotool("mousemove", "--window", window or self.window, int(x), 800 - int(y), "click", "1")
        time.sleep(0.25)

    def key(self, name, window=None):
        self.xvfb.xdotool("key", "--window", window or self.window, name)
        time.sleep(0.1)

    def shot(self, path):
        subprocess.run(["import", "-window", self.window, str(path)], env=self.xvfb.env, check=True, capture_output=True, timeout=20)
        return pixels(str(path))

    def pin_key(self, label):
        index = "123456789⌫0".index(label) if label != "OK" else 11
        self.tap(470 + (index % 3) * 116 + 54, 450 - (index // 3) * 92 + 42)

    def unlock(self, pin=PIN):
        self.tap(640, 400)                     # anywhere on the locked screen: the PIN pad
        for digit in pin + "K":
            self.pin_key("OK" if digit == "K" else digit)
        time.sleep(0.5)

    def choose_study(self, index=1):
        self.tap(340, 560 - index * 80 + 35)

    def type_on_keys(self, text):
        rows = ["1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM_"]
        for character in text:
            row = next(r for r, keys in enumerate(rows) if character in keys)
            column = rows[row].index(character)
            self.tap(115 + column * 106 + row * 20 + 49, 400 - row * 90 + 40)

    def ok(self):
        self.tap(1280 - 300 + 130, 75)

    def open_participant(self, participant="P017"):
        """Unlocked, the memory study's participant page."""
        self.unlock()
        self.choose_study()
        self.type_on_keys(participant)
        self.ok()

    def resume(self, row):
        """Resume on the participant page, then past the batch's "Welcome back" screen."""
        self.visit_button(row)
        batch = self.visible_window(other_than=self.window)
        time.sleep(0.8)
        self.key("space", window=batch)
        time.sleep(1)

    def visit_button(self, row):
        self.tap(1050, 560 - row * 64 + 28)

    def run_batch(self, shots=None, kill=False):
        """The batch's window: past the screen before the block, then its end, back to the desk."""
        batch = self.visible_window(other_than=self.window)
        time.sleep(0.8)
        self.key("space", window=batch)
        if kill:
            time.sleep(2)
            children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout.split()
            assert len(children) == 1, children
            os.kill(int(children[0]), signal.SIGKILL)
        deadline = time.time() + 40
        while time.time() < deadline and "ended with status" not in self.log().split("starting")[-1]:
            time.sleep(0.2)
        assert "ended with status" in self.log().split("starting")[-1], self.log()
        time.sleep(0.8)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.out.close()


def setup_desk(labkiosk, tmp_path):
    plans = tmp_path / "plans"
    (plans / "memory").mkdir(parents=True)
    (plans / "memory" / "plan.toml").write_text(PLAN)
    (plans / "broken.toml").write_text("[study]\nname = \"broken\"\n\n[[blocks]]\nkind = \"break\"\n")
    hashed = subprocess.run([labkiosk.path, "desk", "--hash-pin"], input=PIN + "\n", capture_output=True, text=True, check=True).stdout
    assert hashed.startswith('pin_hash = "$y$') and PIN not in hashed, hashed
    data = tmp_path / "data"
    data.mkdir()
    (tmp_path / "desk.toml").write_text(f'lab = "Human Factors Lab"\nplans = "{plans}"\ndata = "{data}"\n{hashed}')
    return data


def journals(data, participant="P017"):
    folder = data / participant
    return sorted(open(folder / name / "batch.txt", encoding="utf-8").read() for name in os.listdir(folder)) if folder.exists() else []


def test_three_visits_across_days_with_confirmation_near_miss_and_resume(labkiosk, xvfb, tmp_path, shots):
    data = setup_desk(labkiosk, tmp_path)

    # Day 0: the locked desk, the PIN pad, the studies (one broken), the ID typed on the keys.
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-27")
    desk.shot(os.path.join(shots, "desk-locked.png"))
    desk.tap(640, 400)
    for digit in "24":
        desk.pin_key(digit)
    desk.shot(os.path.join(shots, "desk-pin.png"))
    for digit in "68":
        desk.pin_key(digit)
    desk.pin_key("OK")
    desk.shot(os.path.join(shots, "desk-studies.png"))
    desk.choose_study(0)                          # the broken plan's button shows its problems whole
    desk.shot(os.path.join(shots, "desk-broken-plan.png"))
    desk.key("Escape")
    desk.choose_study()
    desk.type_on_keys("P017")
    desk.shot(os.path.join(shots, "desk-id.png"))
    desk.ok()
    width, height, rgb = desk.shot(os.path.join(shots, "desk-new-participant.png"))
    assert (width, height) == (1280, 800)
    desk.visit_button(0)                          # baseline: due
    desk.run_batch()
    assert "P017 · memory · baseline ended with status 0" in desk.log()
    desk.stop()
    [first] = journals(data)
    assert "visit baseline\n" in first and "complete 2026-03-27" in first
    roster = open(data / "roster.txt", encoding="utf-8").read().splitlines()
    assert roster[0] == "labkiosk roster 1" and roster[1].split("\t")[2:4] == ["P017", "memory"], roster

    # Day 5 (across the DST change): week-1 is early; a scanner types "P071", the desk asks
    # "did you mean P017?"; staff confirm the early start, which the journal records.
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-04-01")
    desk.unlock()
    desk.choose_study()
    for name in ["shift+p", "0", "7", "1", "Return"]:
        desk.key(name)
    desk.shot(os.path.join(shots, "desk-did-you-mean.png"))
    desk.tap(270, 330 + 40)                       # "Yes: P017" (someone new is the highlighted choice)
    desk.shot(os.path.join(shots, "desk-participant.png"))
    desk.visit_button(1)                          # week-1: early, "Start…"
    desk.shot(os.path.join(shots, "desk-confirm.png"))
    desk.tap(480, 300)                            # "Yes, start"
    desk.run_batch()
    desk.stop()
    second = [j for j in journals(data) if "visit week-1" in j]
    assert len(second) == 1 and "confirmed 2026-04-01 10:00:" in second[0] and "by staff (desk PIN): visit week-1 started outside its window (early: due 2026-04-02 to 2026-04-04)" in second[0], second

    # Day 28: week-4 is due; its batch is killed mid-block; the desk comes back locked, says
    # so once unlocked, and resumes the visit.
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-04-24")
    desk.open_participant()
    desk.visit_button(2)
    desk.run_batch(kill=True)
    assert "P017 · memory · week-4 ended with status 137" in desk.log()
    desk.unlock()
    desk.shot(os.path.join(shots, "desk-after-crash.png"))
    desk.choose_study()
    desk.type_on_keys("P017")
    desk.ok()
    desk.shot(os.path.join(shots, "desk-resume.png"))
    desk.resume(2)
    desk.stop()
    third = [j for j in journals(data) if "visit week-4" in j]
    assert len(third) == 1 and "interrupted 1 " in third[0] and third[0].count("started 2026-04-24") == 2, third
    log = open(data / "desk-log.txt", encoding="utf-8").read()
    assert log.count("unlocked with the PIN") == 4 and "P017 · memory · week-4 ended with status 137" in log, log


def test_wrong_pins_lock_the_pad_and_nothing_on_the_locked_screen_leaves_it(labkiosk, xvfb, tmp_path, shots):
    data = setup_desk(labkiosk, tmp_path)
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-27")
    for _ in range(5):
        desk.unlock("1111")
    desk.shot(os.path.join(shots, "desk-pin-locked-out.png"))
    desk.unlock()
    for key in ["Escape", "alt+F4", "ctrl+w", "super"]:
        desk.key(key)
    assert desk.process.poll() is None
    log = open(data / "desk-log.txt", encoding="utf-8").read()
    assert log.count("a wrong PIN") == 5 and "the PIN pad is locked for 60 s" in log and "unlocked" not in log, log
    desk.stop()
    # Restarted, the desk keeps the lockout: no fresh round of tries.
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-27")
    desk.unlock()
    log = open(data / "desk-log.txt", encoding="utf-8").read()
    assert "unlocked" not in log, log
    desk.stop()


# The memory plan's three visits, each one go/no-go block.
TRAINING_PLAN = PLAN[:PLAN.index("[[block]]")].replace('name = "memory"', 'name = "training"') + "".join(
    f'[[block]]\nkind = "judge"\nconfig = "visit{n}.toml"\nvisit = "{visit}"\n\n' for n, visit in enumerate(["baseline", "week-1", "week-4"], start=1))


def test_history_shows_each_visits_figures_in_a_table_and_a_plot(labkiosk, xvfb, tmp_path, shots):
    """Three visits of go/no-go judgements run headless on their days (nobody answers, so a
    visit's accuracy is its share of no-go trials: 0.25, 0.5, 0.75); the desk's participant
    page shows each visit's figures and the plot rising across the visits."""
    plans = tmp_path / "plans"
    training = plans / "training"
    shutil.copytree(os.path.join(REPO, "Scenarios", "judge", "images"), training / "images")
    (training / "plan.toml").write_text(TRAINING_PLAN)
    for n in (1, 2, 3):
        rows = [f"images/friend-1-near.png,0,near" if i < n else "images/foe-1-near.png,1,near" for i in range(4)]
        (training / f"trials{n}.csv").write_text("image,target,distance\n" + "\n".join(rows) + "\n")
        (training / f"visit{n}.toml").write_text(f'title = "Hold fire {n}"\nparadigm = "go-nogo"\ntrials = "trials{n}.csv"\norder = "file"\n'
                                                 'fixation_seconds = 0.2\nimage_seconds = 0.3\nresponse_seconds = 0.5\ninterval_seconds = 0.2\n\n'
                                                 '[[response]]\nlabel = "Fire"\nkey = "SPACE"\n')
    data = tmp_path / "data"
    for day in ("2026-03-02", "2026-03-09", "2026-03-30"):
        run = labkiosk.run("batch", training / "plan.toml", "--participant", "P017", "--data", data, "--headless", timeout=120,
                           env=dict(os.environ, LABKIOSK_NOW=f"{day}T10:00:00", TZ="Europe/Berlin"))
        assert run.returncode == 0 and "batch complete" in run.stdout, run.stdout + run.stderr
    hashed = subprocess.run([labkiosk.path, "desk", "--hash-pin"], input=PIN + "\n", capture_output=True, text=True, check=True).stdout
    (tmp_path / "desk.toml").write_text(f'lab = "Human Factors Lab"\nplans = "{plans}"\ndata = "{data}"\n{hashed}')
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-30")
    try:
        desk.unlock()
        desk.choose_study(index=0)
        desk.type_on_keys("P017")
        desk.ok()
        time.sleep(0.8)
        image = desk.shot(os.path.join(shots, "desk-history.png"))
    finally:
        desk.stop()
    w, h, raw = image
    # The plot's line and points, in the accent colour, right of the table and above the buttons.
    accent = [(x, y) for y in range(800 - 480, 800 - 130) for x in range(700, 1220) if raw[(y * w + x) * 3:(y * w + x) * 3 + 3] == bytes((37, 99, 235))]
    assert len(accent) > 300, len(accent)
    # Rising: the rightmost points sit higher on the screen (smaller y) than the leftmost.
    left = [y for x, y in accent if x < 800]
    right = [y for x, y in accent if x > 1150]
    assert left and right and sum(right) / len(right) < sum(left) / len(left) - 50, (len(left), len(right))


def test_the_desk_killed_mid_visit_comes_back_and_resumes_it(labkiosk, xvfb, tmp_path, shots):
    """The desk itself dies mid-visit (kill -9, outside systemd): its batch ends by itself,
    resumable, rather than stay on screen with no desk to come back to. The desk started again
    names the interrupted visit and offers to resume it."""
    data = setup_desk(labkiosk, tmp_path)
    (tmp_path / "plans" / "memory" / "plan.toml").write_text(PLAN.replace("seconds = 1\nvisit = \"baseline\"", "seconds = 30\nvisit = \"baseline\""))
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-27")
    desk.open_participant()
    desk.visit_button(0)
    batch_window = desk.visible_window(other_than=desk.window)
    time.sleep(0.8)
    desk.key("space", window=batch_window)        # past the screen before the 30 s break
    time.sleep(1.5)
    children = subprocess.run(["pgrep", "-P", str(desk.process.pid)], capture_output=True, text=True).stdout.split()
    assert len(children) == 1, children
    desk.process.kill()
    desk.process.wait(timeout=10)
    deadline = time.time() + 20
    while time.time() < deadline and os.path.exists(f"/proc/{children[0]}") and "zombie" not in open(f"/proc/{children[0]}/status").read():
        time.sleep(0.1)
    desk.out.close()
    [journal] = journals(data)
    assert "\nbegan 1 " in journal and "\ninterrupted 1 " in journal and "\nended 1 " not in journal, journal
    assert "\nstopped " in journal and "\ncomplete" not in journal, journal

    assert not os.path.exists(f"/proc/{children[0]}") or "zombie" in open(f"/proc/{children[0]}/status").read(), "the batch outlived its desk"
    # The break its desk's end cut short is not complete: its run is recorded as interrupted.

    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-27")
    desk.unlock()
    desk.shot(os.path.join(shots, "desk-interrupted-notice.png"))
    desk.choose_study()
    desk.type_on_keys("P017")
    desk.ok()
    desk.shot(os.path.join(shots, "desk-after-desk-crash.png"))
    desk.resume(0)
    desk.stop()
    [journal] = journals(data)
    assert journal.count("\nstarted 2026-03-27") == 2 and journal.count("\nbegan 1 ") == 2, journal


def test_a_visit_reaches_the_lab_block_by_block_while_it_runs(labkiosk, xvfb, postgres, tmp_path):
    """With a lab database in its settings, the desk sends as the batch's blocks start and end,
    while the visit runs: the lab sees the running block before the visit is over."""
    setup_desk(labkiosk, tmp_path)
    (tmp_path / "plans" / "memory" / "plan.toml").write_text(PLAN.replace("seconds = 1\nvisit = \"baseline\"", "seconds = 30\nvisit = \"baseline\""))
    with open(tmp_path / "desk.toml", "a") as settings:
        settings.write(f'lab_database = "{postgres.url}"\n')
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-03-27")
    try:
        desk.open_participant()
        desk.visit_button(0)
        batch_window = desk.visible_window(other_than=desk.window)
        time.sleep(0.8)
        desk.key("space", window=batch_window)        # the 30 s break begins
        started = time.time()
        running = []
        while time.time() < started + 20 and not running:
            if postgres.psql("SELECT count(*) FROM information_schema.tables WHERE table_name = 'block'") == [["1"]]:
                running = postgres.psql("SELECT s.participant, b.state FROM session s JOIN block b USING (kiosk, journal) WHERE b.state = 'running'")
            time.sleep(0.5)
        assert running == [["P017", "running"]], (running, desk.log())
        assert time.time() < started + 25, "seen while the 30 s block still ran"
        children = subprocess.run(["pgrep", "-P", str(desk.process.pid)], capture_output=True, text=True).stdout.split()
        assert any("batch" in open(f"/proc/{child}/cmdline").read() for child in children), "the batch was still running"
    finally:
        desk.stop()


def test_a_participant_whose_first_visit_ran_on_another_kiosk_is_due_here(labkiosk, xvfb, tmp_path, shots):
    """P017 was registered, and their baseline ran, on another kiosk: this desk knows it from the
    lab's copy the last send brought back (docs/lab.md: One roster for the lab). Their page says
    so, week-1 is due on day 7, and it starts without confirming; the registration stays the
    other kiosk's."""
    data = setup_desk(labkiosk, tmp_path)
    (data / "lab-copy.txt").write_text("labkiosk lab copy 1\npulled\t2026-04-03 09:55:00\n"
                                       "registered\t2026-03-27 10:00:00\tP017\tmemory\t\tleft-handed\n"
                                       "visit\t2026-03-27 10:00:00\tP017\tmemory\tbaseline\n")
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-04-03")
    desk.open_participant()
    desk.shot(os.path.join(shots, "desk-lab-participant.png"))
    desk.visit_button(1)                          # week-1: due (day 7, across the DST change)
    desk.run_batch()
    assert "P017 · memory · week-1 ended with status 0" in desk.log(), desk.log()
    desk.stop()
    [visit] = journals(data)
    assert "visit week-1\n" in visit and "confirmed" not in visit, visit
    assert not (data / "roster.txt").exists(), "registered once, on the other kiosk"


def test_a_damaged_roster_is_shown_and_holds_back_only_the_participant_it_may_be_about(labkiosk, xvfb, tmp_path, shots):
    """A roster a person edited (CR LF, a garbage line, a withdrawal whose time was typed by
    hand) and a lab copy cut short: the desk names them on the studies page, a new
    participant's visit runs and registers, and the participant the damaged withdrawal is
    about cannot start until the line is corrected; the desk never exits."""
    data = setup_desk(labkiosk, tmp_path)
    (data / "roster.txt").write_bytes(("labkiosk roster 1\r\n"
                                       "registered\t2026-03-20 10:00:00\tP005\tmemory\t\t\r\n"
                                       "%%% pasted from a spreadsheet\n"
                                       "withdrawn\tlast Tuesday\tP005\tmemory\tstaff\tmoved\n").encode())
    (data / "lab-copy.txt").write_text("labkiosk lab copy 1\npulled\t2026-04-03 09:55:00\nregistered\t2026-03-2")
    desk = Desk(labkiosk, xvfb, tmp_path, "2026-04-03")
    desk.unlock()
    desk.shot(os.path.join(shots, "desk-damaged-roster-studies.png"))
    log = desk.log()
    assert "roster.txt: line 3: expected six fields" in log and "lab-copy.txt: line 3: the copy ends without its last line break" in log, log
    desk.choose_study()
    desk.type_on_keys("P017")
    desk.ok()
    desk.visit_button(0)                          # baseline: due for a new participant
    desk.run_batch()
    assert "P017 · memory · baseline ended with status 0" in desk.log(), desk.log()
    assert "\tP017\tmemory\t" in (data / "roster.txt").read_text(), "registered after the damaged lines"
    desk.open_participant("P005")
    desk.shot(os.path.join(shots, "desk-damaged-roster-held.png"))
    desk.visit_button(0)                          # where Start would be: nothing starts
    time.sleep(1)
    assert desk.process.poll() is None, desk.log()
    assert "starting P005" not in desk.log() and journals(data, "P005") == [], desk.log()
    desk.stop()
