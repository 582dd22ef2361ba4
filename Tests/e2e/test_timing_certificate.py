"""A timing certificate per kiosk (docs/timing.md, "A timing certificate per kiosk"): one
`labkiosk timing` run under Xvfb against the emulated light sensor makes the kiosk's
certificate, dated by LABKIOSK_NOW; the module's tests copy its data folder. A plan with
`timing_certificate_max_age_days` runs while the certificate is young enough, and `batch`
refuses to start (status 64, nothing written) when it is older or missing, naming its date and
the command that makes one; the catalogue finds it again when rebuilt; the desk's self-check
page shows it, and shows an expired one as a warning."""
import glob
import os
import shutil
import sqlite3
import subprocess
import time

import pytest
from labkiosk_harness import Xvfb, device_fifo, pixels
from test_dashboard import add_staff, browser, lab_binary, main_text, sign_in, wait_for  # noqa: F401 (browser is a fixture)
from test_timing import SENSOR_DEVICE, emulated_sensor, run_timing, run_with_a_dark_sensor, watch_patch  # noqa: F401 (emulated_sensor is a fixture)

MADE = "2026-11-20T09:30:00"
PIN = "2468"


@pytest.fixture(scope="module")
def certified(labkiosk, emulated_sensor, tmp_path_factory):  # noqa: F811
    """A data folder holding one timing run that stood, made on 2026-11-20."""
    folder = tmp_path_factory.mktemp("certified")
    with Xvfb() as xvfb:
        fifo = device_fifo(str(folder / "dev"), "event0", SENSOR_DEVICE)
        sensor = watch_patch(emulated_sensor, xvfb, fifo)
        result = run_timing(labkiosk, dict(xvfb.env, LABKIOSK_NOW=MADE), folder / "data", fifo, repeats=2)
        sensor.terminate()
        sensor.communicate(timeout=10)
    assert result.returncode == 0, result.stdout + result.stderr
    [certificate] = glob.glob(str(folder / "data" / "2026-11-20" / "*_timing_certificate.txt"))
    # Made as the run ended: LABKIOSK_NOW plus the run's seconds.
    [made] = [line[6:] for line in open(certificate, encoding="utf-8").read().splitlines() if line.startswith("made: ")]
    return {"data": folder / "data", "certificate": certificate, "stdout": result.stdout, "made": made}


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
    assert f"timing: certificate written: {certified['certificate']}" in certified["stdout"]
    assert "timing: this kiosk's timing certificate now, kept in" in certified["stdout"]


def test_a_plan_runs_with_a_young_enough_certificate(labkiosk, certified, tmp_path):
    data = data_copy(certified, tmp_path)
    result = batch(labkiosk, plan(tmp_path, 30), data, "2026-11-29")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"labkiosk: self-check: timing certificate of {certified['made']}, 9 days old; the plan accepts up to 30 days\n" in result.stdout, result.stdout
    assert "labkiosk: self-check: timing certificate: visual onset lag " in result.stdout, result.stdout
    assert "1920×1080 at " in result.stdout and "X11 Present\n" in result.stdout, result.stdout
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


def desk_self_check(labkiosk, xvfb, tmp_path, data, today, shot):
    """The desk on `today`, unlocked, its study's Self-check page, as a screenshot."""
    plans = tmp_path / "plans"
    (plans / "certified").mkdir(parents=True, exist_ok=True)
    plan(plans / "certified", 30)
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


def test_the_desk_self_check_shows_the_certificate_and_warns_when_it_expired(labkiosk, xvfb, certified, tmp_path, shots):
    data = data_copy(certified, tmp_path)
    current = desk_self_check(labkiosk, xvfb, tmp_path, data, "2026-11-29", os.path.join(shots, "desk-self-check-certificate.png"))
    expired = desk_self_check(labkiosk, xvfb, tmp_path, data, "2027-01-05", os.path.join(shots, "desk-self-check-certificate-expired.png"))

    def reddish(image):
        _, _, raw = image
        return sum(1 for i in range(0, len(raw), 3) if raw[i] > 150 and raw[i + 1] < 90 and raw[i + 2] < 90)
    assert reddish(current) == 0
    assert reddish(expired) > 200


def test_the_lab_keeps_each_certificate_as_sent_and_the_dashboard_shows_the_latest(labkiosk, certified, postgres, browser, shots, tmp_path):
    from lab_database import Dashboard
    from selenium.webdriver.common.by import By
    data = data_copy(certified, tmp_path)
    # A later certificate whose compositor's name is markup: the page shows it as the text it is.
    later = open(certified["certificate"], encoding="utf-8").read().replace("made: " + certified["made"], "made: 2026-11-21 08:00:00")
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
