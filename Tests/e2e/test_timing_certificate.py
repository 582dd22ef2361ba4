"""A timing certificate per kiosk (docs/timing.md, "A timing certificate per kiosk"): one
`labkiosk timing` run under Xvfb against the emulated light sensor makes the kiosk's
certificate, dated by LABKIOSK_NOW; the module's tests copy its data folder. A plan with
`timing_certificate_max_age_days` runs while the certificate is young enough, and `batch`
refuses to start (status 64, nothing written) when it is older or missing, naming its date and
the command that makes one; the catalogue finds it again when rebuilt; the desk's self-check
page shows it, and shows an expired one as a warning. A certificate holds only for the display
it was made on: on an X screen of another size the self-check says so (in red on the desk) and
a plan's maximum age refuses it; `timing --certificates` lists them with their validity there.
The dashboard's kiosk page shows a kiosk's certificates, the lab's check of each, and a name
that is markup as text."""
import glob
import os
import shutil
import sqlite3
import subprocess
import time

import pytest
from labkiosk_harness import Xvfb, device_fifo, pixels
from pages import AppWindow, NextBlockScreen
from support import REFERENCE_SIZE
from test_dashboard import add_staff, browser, lab_binary, main_text, sign_in, wait_for  # noqa: F401 (browser is a fixture)
from test_timing import SENSOR_DEVICE, emulated_sensor, run_timing, run_with_a_dark_sensor, watch_patch  # noqa: F401 (emulated_sensor is a fixture)

MADE = "2026-11-20T09:30:00"
PIN = "2468"


@pytest.fixture(scope="module")
def certified(labkiosk, emulated_sensor, tmp_path_factory):  # noqa: F811
    """A data folder holding one timing run that stood, made on 2026-11-20, a "virtual human"
    button box answering its flashes 120 ms after light."""
    folder = tmp_path_factory.mktemp("certified")
    with Xvfb() as xvfb:
        fifo = device_fifo(str(folder / "dev"), "event0", SENSOR_DEVICE)
        box = device_fifo(str(folder / "dev"), "event1", {"name": "Emulated response box", "clock": "monotonic", "keys": [256], "axes": []})
        sensor = watch_patch(emulated_sensor, xvfb, fifo, "128", "--respond", box, "120")
        result = run_timing(labkiosk, dict(xvfb.env, LABKIOSK_NOW=MADE), folder / "data", fifo, "--response", box, "--response-delay", 120,
                            repeats=2)
        sensor.terminate()
        sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout + result.stderr
    [certificate] = glob.glob(str(folder / "data" / "2026-11-20" / "*_timing_certificate.txt"))
    # Made as the run ended: LABKIOSK_NOW plus the run's seconds.
    [made] = [line[6:] for line in open(certificate, encoding="utf-8").read().splitlines() if line.startswith("made: ")]
    return {"data": folder / "data", "certificate": certificate, "stdout": result.stdout, "made": made, "box": box}


def plan(folder, max_age=None):
    study = 'name = "certified-study"\n' + (f"timing_certificate_max_age_days = {max_age}\n" if max_age is not None else "")
    path = folder / "plan.toml"
    path.write_text(f'[study]\n{study}\n[[block]]\nkind = "break"\nseconds = 1\n')
    return path


def data_copy(certified, tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(certified["data"], copy)
    return copy


def batch(labkiosk, plan_path, data, today, participant="P01"):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(LABKIOSK_NOW=f"{today}T10:00:00", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return labkiosk.run("batch", plan_path, "--participant", participant, "--data", data, "--headless", timeout=120, env=env)


def test_the_run_wrote_its_certificate_and_the_catalogue_keeps_it(labkiosk, certified):
    text = open(certified["certificate"], encoding="utf-8").read().splitlines()
    assert text[0] == "labkiosk timing certificate" and certified["made"].startswith("2026-11-20 09:3"), text
    assert [line for line in text if line.startswith("version: labkiosk ")], text
    # Xvfb's refreshes are its 16.666 ms timer, reported late or early by a loaded machine's milliseconds.
    [refresh] = [float(line.split()[1]) for line in text if line.startswith("refresh: ") and line.endswith(" ms")]
    assert 15.5 < refresh < 18, text
    # The box's answers: their count, and the response time's error as the summary gives it.
    assert f"response device: {certified['box']} (Emulated response box)" in text and "response delay: 120.000 ms" in text, text
    assert "responses: 10 of 10 flashes answered" in text, text
    [response_time] = [line for line in text if line.startswith("response time: lag ")]
    assert response_time.endswith(" ms over 10") and ", var " in response_time and ", |p99| " in response_time, text
    assert f"timing: certificate written: {certified['certificate']}" in certified["stdout"]
    assert "timing: this kiosk's timing certificate now, kept in" in certified["stdout"]


def test_a_plan_runs_with_a_young_enough_certificate(labkiosk, certified, tmp_path):
    data = data_copy(certified, tmp_path)
    result = batch(labkiosk, plan(tmp_path, 30), data, "2026-11-29")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"labkiosk: self-check: timing certificate of {certified['made']}, 9 days old; the plan accepts up to 30 days\n" in result.stdout, result.stdout
    assert "labkiosk: self-check: timing certificate: visual onset lag " in result.stdout, result.stdout
    assert "; response time lag " in result.stdout and " ms (10 answered); 1920×1080 at " in result.stdout, result.stdout
    assert "X11 Present\n" in result.stdout, result.stdout
    assert "labkiosk: batch complete" in result.stdout


def test_a_plan_refuses_an_expired_certificate_and_writes_nothing(labkiosk, certified, tmp_path):
    data = data_copy(certified, tmp_path)
    result = batch(labkiosk, plan(tmp_path, 30), data, "2027-01-05")
    assert result.returncode == 64, result.stdout + result.stderr
    assert (f"labkiosk: self-check: FAIL timing certificate expired: made {certified['made']}, 46 days old; the plan needs one at most "
            "30 days old; `labkiosk timing --sensor DEVICE` makes a new one") in result.stdout, result.stdout
    assert (f"labkiosk: the self-check failed (timing certificate expired: made {certified['made']}, 46 days old; the plan needs one at most "
            "30 days old; `labkiosk timing --sensor DEVICE` makes a new one); nothing was started") in result.stderr, result.stderr
    assert not (data / "P01").exists()


def test_a_plan_refuses_a_kiosk_without_a_certificate(labkiosk, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    result = batch(labkiosk, plan(tmp_path, 7), data, "2026-11-29")
    assert result.returncode == 64, result.stdout + result.stderr
    assert ("labkiosk: self-check: FAIL no timing certificate on this kiosk: the plan needs one at most 7 days old; "
            "`labkiosk timing --sensor DEVICE` makes one") in result.stdout, result.stdout
    assert not (data / "P01").exists()
    # A plan that asks for none runs, and says the kiosk has none.
    result = batch(labkiosk, plan(tmp_path), data, "2026-11-29")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "labkiosk: self-check: no timing certificate on this kiosk; `labkiosk timing" in result.stdout


def test_the_catalogue_finds_the_certificate_again_when_rebuilt(labkiosk, certified, tmp_path):
    data = data_copy(certified, tmp_path)
    os.remove(data / "catalogue.sqlite")
    listed = labkiosk.run("sessions", "--data", data, timeout=60)
    assert listed.returncode == 0, listed.stdout + listed.stderr
    database = sqlite3.connect(data / "catalogue.sqlite")
    try:
        assert [row[0] for row in database.execute("SELECT path FROM timing_certificate")] == \
            [os.path.relpath(certified["certificate"], certified["data"])]
    finally:
        database.close()
    result = batch(labkiosk, plan(tmp_path, 30), data, "2026-11-30")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"labkiosk: self-check: timing certificate of {certified['made']}, 10 days old; " in result.stdout, result.stdout


def test_check_locates_a_bad_maximum_age(labkiosk, tmp_path):
    path = plan(tmp_path, 0)
    result = labkiosk.run("check", path, timeout=60)
    assert result.returncode == 1
    assert (f"{path}:3:35: error: `timing_certificate_max_age_days` is the oldest the kiosk's timing certificate may be, "
            "a whole number of days from 1 to 3650; got 0") in result.stderr, result.stderr
    result = labkiosk.run("check", plan(tmp_path, 30), timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def desk_self_check(labkiosk, xvfb, tmp_path, data, today, shot, max_age=30):
    """The desk on `today`, unlocked, its study's Self-check page, as a screenshot."""
    plans = tmp_path / "plans"
    (plans / "certified").mkdir(parents=True, exist_ok=True)
    plan(plans / "certified", max_age)
    hashed = subprocess.run([labkiosk.path, "desk", "--hash-pin"], input=PIN + "\n", capture_output=True, text=True, check=True).stdout
    (tmp_path / "desk.toml").write_text(f'lab = "Human Factors Lab"\nplans = "{plans}"\ndata = "{data}"\n{hashed}')
    out = open(tmp_path / f"desk-{today}.txt", "w")
    env = dict(xvfb.env, LABKIOSK_NOW=f"{today}T10:00:00", SDL_MOUSE_TOUCH_EVENTS="1")
    desk = labkiosk.start("desk", "--config", tmp_path / "desk.toml", "--size", "1280x800", env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        window = xvfb.wait_for_window()
        time.sleep(1)

        def tap(x, y):
            xvfb.xdotool("mousemove", "--window", window, int(x), 800 - int(y), "click", "1")
            time.sleep(0.3)
        tap(640, 400)                                   # the locked screen: the PIN pad
        for label in PIN + "K":
            index = "123456789⌫0".index(label) if label != "K" else 11
            tap(470 + (index % 3) * 116 + 54, 450 - (index // 3) * 92 + 42)
        time.sleep(0.5)
        tap(640 + 75, 560 + 35)                         # the first study's Self-check
        deadline = time.time() + 60
        while time.time() < deadline and "self-check" not in open(out.name, encoding="utf-8").read():
            time.sleep(0.3)
        time.sleep(4)                                   # the check runs `labkiosk batch --self-check`
        subprocess.run(["import", "-window", window, str(shot)], env=xvfb.env, check=True, capture_output=True, timeout=20)
        return pixels(str(shot))
    finally:
        desk.terminate()
        desk.wait(timeout=10)
        out.close()


def reddish(image):
    _, _, raw = image
    return sum(1 for i in range(0, len(raw), 3) if raw[i] > 150 and raw[i + 1] < 90 and raw[i + 2] < 90)


def test_the_desk_self_check_shows_the_certificate_and_warns_when_it_expired(labkiosk, xvfb, certified, tmp_path, shots):
    data = data_copy(certified, tmp_path)
    current = desk_self_check(labkiosk, xvfb, tmp_path, data, "2026-11-29", os.path.join(shots, "desk-self-check-certificate.png"))
    expired = desk_self_check(labkiosk, xvfb, tmp_path, data, "2027-01-05", os.path.join(shots, "desk-self-check-certificate-expired.png"))
    assert reddish(current) == 0
    assert reddish(expired) > 200


def self_check(labkiosk, xvfb, plan_path, data, today="2026-11-29"):
    """`batch --self-check` on `xvfb`'s screen, whose mode SDL reports as the display's."""
    return labkiosk.run("batch", plan_path, "--self-check", "--data", data, timeout=120, env=dict(xvfb.env, LABKIOSK_NOW=f"{today}T10:00:00"))


def test_a_certificate_holds_only_for_the_display_it_was_made_on(labkiosk, certified, tmp_path):
    data = data_copy(certified, tmp_path)
    other_display = ("this display is 1280×1024 (no refresh rate reported), X11; the plan needs one made on this display; "
                     "`labkiosk timing --sensor DEVICE` makes a new one")
    # Made on Xvfb's 1920x1080 screen; this one is 1280x1024 (Xvfb reports no refresh rate).
    with Xvfb(size="1280x1024") as other:
        refused = labkiosk.run("batch", plan(tmp_path, 30), "--participant", "P01", "--data", data, timeout=120,
                               env=dict(other.env, LABKIOSK_NOW="2026-11-29T10:00:00"))
        assert refused.returncode == 64, refused.stdout + refused.stderr
        [line] = [line for line in refused.stdout.splitlines() if "not valid for this display" in line]
        assert line.startswith("labkiosk: self-check: FAIL timing certificate not valid for this display: made on 1920×1080 at "), line
        assert line.endswith(" Hz, X11; " + other_display), line
        assert f"labkiosk: self-check: timing certificate of {certified['made']}, 9 days old; the plan accepts up to 30 days" in refused.stdout, \
            "its age stands; its display does not"
        assert "labkiosk: the self-check failed (timing certificate not valid for this display: made on 1920×1080 at " in refused.stderr, refused.stderr
        assert refused.stderr.rstrip().endswith("makes a new one); nothing was started"), refused.stderr
        assert not (data / "P01").exists()
        # A plan that asks for no certificate runs on any display: the self-check says the certificate is not for this one.
        unasked = self_check(labkiosk, other, plan(tmp_path), data)
        assert unasked.returncode == 0, unasked.stdout + unasked.stderr
        assert "labkiosk: self-check: timing certificate not valid for this display: made on 1920×1080 at " in unasked.stdout, unasked.stdout
        assert "FAIL" not in unasked.stdout and "labkiosk: self-check passed" in unasked.stdout, unasked.stdout
        # It runs, and its block names the display it showed on and the certificate held for it.
        ran = windowed_batch(labkiosk, other, plan(tmp_path), data, "P02")
        assert ran.returncode == 0, ran.stdout + ran.stderr
        figures = block_figures(data, "P02")
        assert figures["display"] == "1280×1024 (no refresh rate reported), X11", figures
        assert figures["timing certificate"] == f"made {certified['made']} on another display (size)", figures
    with Xvfb() as same:
        accepted = self_check(labkiosk, same, plan(tmp_path, 30), data)
        assert accepted.returncode == 0, accepted.stdout + accepted.stderr
        assert "labkiosk: self-check: timing certificate made on this display: 1920×1080 (no refresh rate reported), X11\n" in accepted.stdout, \
            accepted.stdout
    # Headless, nothing is shown: no display is weighed (the other tests' batches run so).
    headless = batch(labkiosk, plan(tmp_path, 30), data, "2026-11-29")
    assert headless.returncode == 0 and "this display" not in headless.stdout, headless.stdout + headless.stderr
    assert "display" not in block_figures(data, "P01") and "timing certificate" not in block_figures(data, "P01")


def windowed_batch(labkiosk, xvfb, plan_path, data, participant, now="2026-11-29T10:00:00"):
    """The plan's one-second break in a window on `xvfb`'s screen: past its "Part 1 of 1" screen, to its end."""
    window = AppWindow.launch(labkiosk, xvfb, "batch", plan_path, "--participant", participant, "--data", data, "--size", REFERENCE_SIZE,
                              "--mute", env=dict(xvfb.env, LABKIOSK_NOW=now))
    time.sleep(0.5)
    window.focus()
    NextBlockScreen(window).continue_(pause=1.0)
    out, err = window.finish(timeout=60)              # the closing screen ends by itself
    return subprocess.CompletedProcess(window.process.args, window.process.returncode, out, err)


def block_figures(data, participant):
    """The first block's figures, as the participant's one session journal has them."""
    [journal] = glob.glob(str(data / participant / "*" / "batch.txt"))
    lines = open(journal, encoding="utf-8").read().splitlines()
    return dict(line[len("figure 1 "):].split("=", 1) for line in lines if line.startswith("figure 1 "))


def test_the_desk_self_check_shows_a_certificate_of_another_display_in_red(labkiosk, certified, tmp_path, shots):
    data = data_copy(certified, tmp_path)
    with Xvfb(size="1280x1024") as other:
        shot = desk_self_check(labkiosk, other, tmp_path, data, "2026-11-29", os.path.join(shots, "desk-self-check-certificate-other-display.png"),
                               max_age=None)
    assert reddish(shot) > 200, "the line that says the certificate is not for this display, in red"


def test_timing_certificates_lists_them_newest_first_with_their_validity_here(labkiosk, certified, tmp_path):
    data = data_copy(certified, tmp_path)
    text = open(certified["certificate"], encoding="utf-8").read()
    later = text.replace("made: " + certified["made"], "made: 2026-11-25 08:00:00").replace("display: 1920x1080", "display: 1280x1024")
    (data / "2026-11-20" / "98_261125_080000_timing_certificate.txt").write_text(later)
    with Xvfb(size="1280x1024") as other:
        listed = labkiosk.run("timing", "--certificates", "--data", data, timeout=60, env=dict(other.env, LABKIOSK_NOW="2026-11-29T10:00:00"))
    assert listed.returncode == 0, listed.stdout + listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0] == f"timing certificates in {data}, newest first; this display: 1280×1024 (no refresh rate reported), X11", lines
    assert lines[1] == "2026-11-25 08:00:00, 4 days old (the kiosk's certificate): valid for this display", lines
    assert lines[2].startswith("  1280×1024 at ") and lines[2].endswith("; 2026-11-20/98_261125_080000_timing_certificate.txt"), lines
    assert lines[3] == f"{certified['made']}, 9 days old: not valid for this display (another size)", lines
    assert lines[4].endswith("; " + os.path.relpath(certified["certificate"], certified["data"])) and ", X11 Present, compositor " in lines[4], lines
    assert "; response time lag " in lines[4] and " ms (10 answered); labkiosk " in lines[4], lines
    assert len(lines) == 5, lines
    # No display to ask (SDL's dummy driver shows nothing); a damaged certificate is named at its line, the rest listed.
    (data / "2026-11-20" / "99_261126_080000_timing_certificate.txt").write_text(later.replace("flashes: ", "flashes: many "))
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    unknown = labkiosk.run("timing", "--certificates", "--data", data, timeout=60, env=dict(env, SDL_VIDEODRIVER="dummy", LABKIOSK_NOW="2026-11-29T10:00:00"))
    assert unknown.returncode == 1, unknown.stdout + unknown.stderr
    assert "this display: not known (no display to ask)" in unknown.stdout
    assert unknown.stdout.count("validity for this display not known") == 2, unknown.stdout
    [flashes] = [line[9:] for line in later.splitlines() if line.startswith("flashes: ")]
    assert f"99_261126_080000_timing_certificate.txt:11:10: error: `flashes` is a whole number; got many {flashes}" in unknown.stderr, unknown.stderr
    refused = labkiosk.run("timing", "--certificates", "--sensor", "/dev/input/event0", "--data", data, timeout=60)
    assert refused.returncode == 64 and "--certificates lists the certificates and measures nothing; drop --sensor" in refused.stderr, refused.stderr


def test_the_lab_keeps_each_certificate_as_sent_and_the_dashboard_shows_the_latest(labkiosk, certified, postgres, browser, shots, tmp_path):
    from lab_database import Dashboard
    from selenium.webdriver.common.by import By
    data = data_copy(certified, tmp_path)
    # A later certificate whose compositor's name is markup: the page shows it as the text it is.
    # Its run had no response device, so it has no response lines, as certificates made before they were written.
    later = open(certified["certificate"], encoding="utf-8").read().replace("made: " + certified["made"], "made: 2026-11-21 08:00:00")
    later = "".join(line for line in later.splitlines(keepends=True) if not line.startswith("response"))
    later = "\n".join("compositor: <b>weston</b>" if line.startswith("compositor: ") else line for line in later.splitlines()) + "\n"
    later_path = data / "2026-11-20" / "99_261121_080000_timing_certificate.txt"
    later_path.write_text(later)
    lab = lab_binary(labkiosk)

    def send():
        return subprocess.run([lab, "send", "--database", postgres.url, "--data", data, "--kiosk", "kiosk-1"],
                              capture_output=True, text=True, timeout=120)
    sent = send()
    assert sent.returncode == 0, sent.stdout + sent.stderr
    assert "2 timing certificates sent, 0 already in the lab" in sent.stdout, sent.stdout
    again = send()
    assert again.returncode == 0 and "0 timing certificates sent, 2 already in the lab" in again.stdout, again.stdout
    assert postgres.psql("SELECT count(*) FROM timing_certificate WHERE kiosk = 'kiosk-1'") == [["2"]]
    [[same]] = postgres.psql("SELECT bool_and(encode(sha256(convert_to(certificate, 'UTF8')), 'hex') = sha256) FROM timing_certificate")
    assert same == "t", "the lab hashed each itself"

    # A certificate changed on the kiosk after it was sent: the lab keeps the first, and flags it.
    later_path.write_text(later.replace("compositor: <b>weston</b>", "compositor: cage"))
    changed = send()
    assert changed.returncode != 0
    assert "labkiosk-lab: refused: timing certificate 2026-11-20/99_261121_080000_timing_certificate.txt: the lab keeps what was sent first (flagged)" \
        in changed.stdout, changed.stdout
    assert postgres.psql("SELECT count(*) FROM timing_certificate WHERE certificate LIKE '%compositor: cage%'") == [["0"]]

    add_staff(labkiosk, ["--database", postgres.url], "alice", "correct horse battery", admin=True)
    dashboard = Dashboard([lab], tmp_path, "--database", postgres.url)
    try:
        sign_in(browser, dashboard, "alice", "correct horse battery")
        wait_for(lambda: "Kiosks" in main_text(browser), 10, "the overview")
        overview = main_text(browser)
        assert "Timing certificate" in overview, overview
        assert "2026-11-21 08:00:00 (" in overview and " days old)" in overview, overview
        assert "visual onset lag " in overview and "1920×1080 at " in overview and "X11 Present, <b>weston</b>" in overview, overview
        assert not browser.find_elements(By.CSS_SELECTOR, "#live td b"), "no markup from a certificate"
        browser.save_screenshot(os.path.join(shots, "dashboard-timing-certificate.png"))
    finally:
        dashboard.stop()


def test_the_desk_does_not_start_a_visit_without_a_young_enough_certificate(labkiosk, xvfb, certified, tmp_path, shots):
    from test_desk import PLAN, Desk, setup_desk
    data = setup_desk(labkiosk, tmp_path)
    os.rmdir(data)
    shutil.copytree(certified["data"], data)
    (tmp_path / "plans" / "memory" / "plan.toml").write_text(PLAN.replace('name = "memory"\n', 'name = "memory"\ntiming_certificate_max_age_days = 30\n'))
    desk = Desk(labkiosk, xvfb, tmp_path, "2027-01-05")
    try:
        desk.open_participant()
        desk.visit_button(0)                      # baseline: refused before any window opens
        deadline = time.time() + 40
        while time.time() < deadline and "ended with status" not in desk.log():
            time.sleep(0.2)
        time.sleep(0.8)
        assert "P017 · memory · baseline ended with status 64" in desk.log(), desk.log()
        # Staff read why on the studies page, once they unlock the desk: in red, below the studies.
        desk.unlock()
        width, _, raw = desk.shot(os.path.join(shots, "desk-certificate-refused.png"))
        notice = [i for i in range(0, len(raw), 3) if (i // 3) // width > 640 and raw[i] > 150 and raw[i + 1] < 90 and raw[i + 2] < 90]
        assert len(notice) > 200, "the notice, in red, at the bottom of the studies page"
    finally:
        desk.stop()
    assert not (data / "P017").exists()


def test_a_run_that_did_not_stand_is_no_certificate(labkiosk, xvfb, tmp_path):
    result = run_with_a_dark_sensor(labkiosk, xvfb, tmp_path)
    assert result.returncode == 1
    assert "no timing certificate was written" in result.stderr
    assert glob.glob(str(tmp_path / "data" / "*" / "*_timing_summary.txt"))
    assert not glob.glob(str(tmp_path / "data" / "*" / "*_timing_certificate.txt"))
    result = batch(labkiosk, plan(tmp_path, 30), tmp_path / "data", "2026-11-29")
    assert result.returncode == 64 and "FAIL no timing certificate on this kiosk" in result.stdout, result.stdout + result.stderr


def test_the_dashboards_kiosk_page_shows_each_certificate_and_flags_one_changed(labkiosk, certified, postgres, browser, shots, tmp_path):
    import http.client
    import urllib.parse
    from lab_database import Dashboard
    from selenium.webdriver.common.by import By
    data = data_copy(certified, tmp_path)
    # A later certificate whose compositor is markup, from a kiosk whose name is markup with a `/` and a `&`.
    later = open(certified["certificate"], encoding="utf-8").read().replace("made: " + certified["made"], "made: 2026-11-21 08:00:00")
    later = "\n".join("compositor: <b>weston</b>" if line.startswith("compositor: ") else line for line in later.splitlines()) + "\n"
    (data / "2026-11-20" / "99_261121_080000_timing_certificate.txt").write_text(later)
    kiosk = 'kiosk <i>7</i> & "a/b"'
    lab = lab_binary(labkiosk)
    # A session on the display the certificates were made on, and one on another.
    for size, participant, now in (("1920x1080", "P01", "2026-11-29T10:00:00"), ("1280x1024", "P02", "2026-11-29T11:00:00")):
        with Xvfb(size=size) as screen:
            ran = windowed_batch(labkiosk, screen, plan(tmp_path), data, participant, now)
            assert ran.returncode == 0, ran.stdout + ran.stderr

    def send():
        return subprocess.run([lab, "send", "--database", postgres.url, "--data", data, "--kiosk", kiosk], capture_output=True, text=True, timeout=120)
    sent = send()
    assert sent.returncode == 0 and "2 timing certificates sent" in sent.stdout, sent.stdout + sent.stderr
    # The first certificate changed on the kiosk after it was sent: the lab keeps it as sent, and flags it.
    first = data / os.path.relpath(certified["certificate"], certified["data"])
    first.write_text(first.read_text().replace("\nkiosk: ", "\nkiosk: renamed-"))
    assert send().returncode != 0

    # What lab_send_certificate keeps out from a kiosk that writes its own calls: no certificate made when it says.
    forged = subprocess.run(["psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-v", f"kiosk={kiosk}", postgres.url], capture_output=True, text=True,
                            input="SELECT lab_send_certificate(:'kiosk', '2026-11-22/3_x_timing_certificate.txt', '2026-11-22 08:00:00', '<b>valid</b>: yes');\n",
                            timeout=60)
    assert forged.returncode == 0 and "refused" in forged.stdout, forged.stdout + forged.stderr
    add_staff(labkiosk, ["--database", postgres.url], "bob", "correct horse battery")   # not an admin: read-only staff
    dashboard = Dashboard([lab], tmp_path, "--database", postgres.url)
    try:
        sign_in(browser, dashboard, "bob", "correct horse battery")
        wait_for(lambda: "Kiosks" in main_text(browser), 10, "the overview")
        browser.find_element(By.LINK_TEXT, kiosk).click()
        wait_for(lambda: "Every certificate it sent" in main_text(browser), 10, "the kiosk's page")
        assert urllib.parse.unquote(browser.current_url.split("/kiosk/", 1)[1]) == kiosk, browser.current_url
        page = main_text(browser)
        assert browser.find_element(By.CSS_SELECTOR, "#live h1").text == kiosk
        assert not browser.find_elements(By.CSS_SELECTOR, "#live i, #live b"), "no markup from a kiosk's name or a certificate"
        assert "Made 2026-11-21 08:00:00, " in page and " days old." in page and "current" in page, page
        lines = {row.find_element(By.TAG_NAME, "th").text: row.find_element(By.TAG_NAME, "td").text
                 for row in browser.find_elements(By.CSS_SELECTOR, "#certificate tr")}
        certificate = dict(line.split(": ", 1) for line in later.splitlines()[1:])
        assert lines["Kiosk (host name)"] == certificate["kiosk"] and lines["labkiosk version"] == certificate["version"], lines
        assert lines["Display mode"].startswith("1920×1080, refresh " + certificate["refresh"]) and " Hz), as the run measured it" in lines["Display mode"]
        assert lines["Display path"] == "X11 Present" and lines["Compositor"] == "<b>weston</b>", lines
        assert lines["Light sensor"] == certificate["sensor"] and lines["Flashes"] == certificate["flashes"], lines
        assert lines["Patch"] == certificate["patch"].replace(" ", ", ") + " px", lines
        figures = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#certificate-figures tbody tr")]
        onset = certificate["visual onset"].replace(",", "").split()      # lag L ms var V ms |p99| P ms over N
        assert figures[0] == f"Visual onset (light on − logged onset) {onset[1]} {onset[4]} {onset[7]} {onset[10]}", figures
        assert figures[1].startswith("Visual duration ") and figures[2].startswith("Frame start "), figures
        rt = certificate["response time"].replace(",", "").split()
        assert figures[3] == f"Response time (press − logged onset − the device's 120.000 ms) {rt[1]} {rt[4]} {rt[7]} {rt[10]}", figures
        assert lines["Response device"] == certificate["response device"] + ", pressing 120.000 ms after light", lines
        assert lines["Responses"] == "10 of 10 flashes answered", lines
        history = browser.find_elements(By.CSS_SELECTOR, "#certificate-history tbody tr")
        assert [row.text.split()[:2] for row in history] == [["2026-11-21", "08:00:00"], certified["made"].split(" ")], [r.text for r in history]
        assert history[0].get_attribute("class") != "alarm" and "kept as received, SHA-256 " in history[0].text
        assert history[1].get_attribute("class") == "alarm", history[1].text
        assert "changed on the kiosk after it was sent: offered again " in history[1].text and "the lab keeps the first" in history[1].text
        # The displays its sessions showed on, each weighed by the lab against the certificates it holds.
        displays = browser.find_elements(By.CSS_SELECTOR, "#shown-displays tbody tr")
        assert [row.find_element(By.TAG_NAME, "td").text for row in displays] == [
            "1280×1024 (no refresh rate reported), X11", "1920×1080 (no refresh rate reported), X11"], [row.text for row in displays]
        assert displays[0].get_attribute("class") == "alarm", displays[0].text
        assert "made on another display (size)" in displays[0].text and "none: its blocks' onsets were never checked with light there" in displays[0].text
        assert displays[1].get_attribute("class") != "alarm" and "made on this display" in displays[1].text, displays[1].text
        assert displays[1].text.endswith("2026-11-21 08:00:00"), "the newest intact certificate made on it: " + displays[1].text
        refused = [" ".join(row.text.split()) for row in browser.find_elements(By.CSS_SELECTOR, "#certificates-refused tbody tr")]
        assert len(refused) == 1 and refused[0].startswith("2026-11-22/3_x_timing_certificate.txt a timing certificate made when it says <b>valid</b>: yes"), refused
        [[kept]] = postgres.psql(f"SELECT sha256 FROM timing_certificate WHERE path = '{os.path.relpath(certified['certificate'], certified['data'])}'")
        assert kept in history[1].text, "the lab's own hash of what it keeps"
        browser.set_window_size(1400, 2000)                  # the whole page, history and all
        browser.save_screenshot(os.path.join(shots, "dashboard-kiosk-page.png"))

        # An unknown kiosk: a page that says so, answered 404; the name it was asked for as text.
        browser.get(dashboard.url + "/kiosk/" + urllib.parse.quote("<b>nobody</b>", safe=""))
        assert "No kiosk named “<b>nobody</b>” has been heard from" in main_text(browser)
        assert not browser.find_elements(By.CSS_SELECTOR, "#live b")

        def answer(path, cookie=None):
            connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=30)
            connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
            response = connection.getresponse()
            return response.status, response.getheader("Location"), response.read().decode()
        status, _, body = answer("/kiosk/nobody", dashboard.sign_in("bob", "correct horse battery"))
        assert status == 404 and "No kiosk named “nobody” has been heard from" in body, (status, body)
        assert answer("/kiosk/" + urllib.parse.quote(kiosk, safe=""))[:2] == (303, "/sign-in"), "signed-in staff only"
    finally:
        dashboard.stop()
