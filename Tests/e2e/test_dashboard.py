"""The dashboard (docs/dashboard.md), opened as staff would: a real headless Chromium driven
through chromedriver signs in, reads the pages, watches them change without reloading, and
is refused what it may not do. Three kiosks' data come from real headless batches, sent to a
PostgreSQL the test starts; a second test serves one kiosk's data folder with no lab server."""
import glob
import hashlib
import http.client
import io
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile

import pytest

from lab_database import Dashboard, kiosk_data
from support import bids_validator

STUDY = "Memory <b>study</b>"
SNEAKY_IDS = ["x'); DROP TABLE file; --", "<img src=x onerror=alert(1)>"]


def lab_binary(labkiosk):
    return os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")


def windows_safe(name):
    """A zip's name for a kiosk's file, as the dashboard makes it (docs/dashboard.md)."""
    return "".join("_" if character in '<>:"\\|?*' else character for character in name)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def add_staff(labkiosk, where, name, password, admin=False):
    done = subprocess.run([lab_binary(labkiosk), "staff", "add", *where, *(["--admin"] if admin else []), name],
                          input=password + "\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (scripts/setup installs it)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        pytest.skip("chromium and chromedriver are not installed (scripts/setup installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--hide-scrollbars"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def sign_in(browser, dashboard, name, password):
    """Types a name and password into the sign-in form and waits for the answer's page."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    browser.get(dashboard.url + "/")
    assert browser.current_url.endswith("/sign-in"), browser.current_url
    browser.find_element(By.NAME, "name").send_keys(name)
    browser.find_element(By.NAME, "password").send_keys(password)
    submit = browser.find_element(By.CSS_SELECTOR, "button[type=submit]")
    submit.click()

    # The old page's button is gone once the answer's page is in. Chromium may say so as a stale
    # element or as a node that "does not belong to the document".
    def answered(_):
        try:
            submit.is_enabled()
            return False
        except WebDriverException:
            return True
    WebDriverWait(browser, 10).until(answered)


def settled(action, attempts=20):
    """`action`'s answer, tried again while a live update swaps the page's content under it."""
    from selenium.common.exceptions import WebDriverException
    for attempt in range(attempts):
        try:
            return action()
        except WebDriverException:
            if attempt == attempts - 1:
                raise
            time.sleep(0.2)


def wait_for(condition, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if settled(condition):
            return
        time.sleep(0.2)
    raise AssertionError(f"not within {seconds} s: {what}")


def main_text(browser):
    from selenium.webdriver.common.by import By
    return settled(lambda: browser.find_element(By.ID, "live").text)


def click_link(browser, text):
    from selenium.webdriver.common.by import By
    settled(lambda: browser.find_element(By.LINK_TEXT, text).click())


def test_staff_watch_three_kiosks_live_and_are_refused_what_they_may_not_do(labkiosk, postgres, browser, shots, tmp_path):
    from selenium.webdriver.common.by import By
    lab = lab_binary(labkiosk)
    kiosks = {"kiosk-1": kiosk_data(labkiosk, tmp_path / "k1", ["P1", SNEAKY_IDS[0]], STUDY),
              "kiosk-2": kiosk_data(labkiosk, tmp_path / "k2", ["P2", SNEAKY_IDS[1]], STUDY),
              "kiosk-3": kiosk_data(labkiosk, tmp_path / "k3", ["P3"], STUDY)}

    def send(kiosk):
        done = subprocess.run([lab, "send", "--database", postgres.url, "--data", kiosks[kiosk], "--kiosk", kiosk],
                              capture_output=True, text=True, timeout=120)
        return done

    for kiosk in kiosks:
        assert send(kiosk).returncode == 0
    where = ["--database", postgres.url]
    add_staff(labkiosk, where, "alice", "correct horse battery", admin=True)
    add_staff(labkiosk, where, "bob", "read only staff member")
    assert [row[0] for row in postgres.psql("SELECT password_hash FROM staff")][0].startswith("$y$"), "yescrypt, not the password"
    dashboard = Dashboard([lab], tmp_path, *where)
    try:
        # A wrong password: refused, said on the page, logged with the name as text.
        sign_in(browser, dashboard, "alice", "not the password")
        assert "do not match a staff account" in browser.page_source
        assert 'sign-in refused for "alice"' in dashboard.text(), dashboard.text()

        sign_in(browser, dashboard, "alice", "correct horse battery")
        wait_for(lambda: "Kiosks" in main_text(browser), 10, "the overview")
        overview = main_text(browser)
        for kiosk in kiosks:
            assert kiosk in overview, overview
        assert STUDY in overview, "the study's name shown as the text it is"
        assert not browser.find_elements(By.CSS_SELECTOR, "#live td b"), "no markup from a study's name"
        assert "10 files" in overview, overview
        browser.save_screenshot(os.path.join(shots, "dashboard-overview.png"))

        click_link(browser, STUDY)
        # The plan has no visits: each participant's sessions, counted as sessions.
        wait_for(lambda: "Participants and their sessions" in main_text(browser), 10, "the study page")
        study = main_text(browser)
        assert "The plan has no visits. Sessions: " in study and "(no visit)" not in study and "due today" not in study, study
        for participant in ["P1", "P2", "P3", *SNEAKY_IDS]:
            assert participant in study, study
        assert not browser.find_elements(By.CSS_SELECTOR, "#live img"), "a participant ID is text, not an image"
        assert "accuracy" in study
        browser.save_screenshot(os.path.join(shots, "dashboard-study.png"))

        click_link(browser, SNEAKY_IDS[1])
        wait_for(lambda: "Started" in main_text(browser), 10, "the participant page")
        assert SNEAKY_IDS[1] in browser.find_element(By.TAG_NAME, "h1").text
        assert "Session completed" in main_text(browser), main_text(browser)
        browser.save_screenshot(os.path.join(shots, "dashboard-participant.png"))

        # Live: the overview, left open, shows a new session and its kiosk's contact without a reload.
        browser.get(dashboard.url + "/")
        browser.execute_script("window.stillThisPage = true")
        kiosk_data(labkiosk, tmp_path / "k3", ["P4"], STUDY)
        assert send("kiosk-3").returncode == 0
        # The kiosk's contact comes first, then its new session: the page may update twice.
        wait_for(lambda: "12 files" in main_text(browser), 15, "the new session's files, live")
        assert "Live: updated" in browser.find_element(By.ID, "live-state").text
        assert browser.execute_script("return window.stillThisPage") is True, "the page was not reloaded"

        # A file changed after it was sent and re-sealed: refused by the lab and flagged.
        data = kiosks["kiosk-1"]
        [log] = glob.glob(str(data / "P1" / "*" / "*" / "*_judge.tsv"))
        [journal_path] = glob.glob(str(data / "P1" / "*" / "batch.txt"))
        original = open(log, "rb").read()
        changed = original + b"changed\n"
        open(log, "wb").write(changed)
        relative = os.path.relpath(log, os.path.dirname(journal_path))
        sent_journal = open(journal_path, "rb").read()
        journal = open(journal_path, encoding="utf-8").read().replace(
            f"checksum {len(original)} {hashlib.sha256(original).hexdigest()} {relative}",
            f"checksum {len(changed)} {hashlib.sha256(changed).hexdigest()} {relative}")
        open(journal_path, "w", encoding="utf-8").write(journal)
        assert send("kiosk-1").returncode == 1
        # P9 registered on two kiosks, each offline at the time, with other orders: flagged for staff.
        postgres.psql(f"INSERT INTO roster_entry VALUES ('kiosk-1', '{STUDY}', 'P9', '2026-11-20 09:00:00', 'row 1', '', NULL, NULL, NULL), "
                      f"('kiosk-2', '{STUDY}', 'P9', '2026-11-21 10:00:00', 'row 2', '', NULL, NULL, NULL)")
        # The journal's edited seal is flagged too: a journal only grows.
        wait_for(lambda: "2 refused" in main_text(browser) and "1 registered on two kiosks" in main_text(browser), 15,
                 "the refused file and journal and the double registration on the overview")
        click_link(browser, "Data integrity")
        wait_for(lambda: "Refused" in main_text(browser), 10, "the integrity page")
        integrity = main_text(browser)
        assert os.path.relpath(log, data) in integrity and hashlib.sha256(changed).hexdigest() in integrity, integrity
        assert "journal " + os.path.relpath(journal_path, data) in integrity, integrity
        assert "2026-11-20 09:00:00 (counts)" in integrity and "2026-11-21 10:00:00" in integrity, integrity
        browser.save_screenshot(os.path.join(shots, "dashboard-integrity.png"))

        # The tidy table: every participant's figures, one row each.
        cookie = "labkiosk_session=" + browser.get_cookie("labkiosk_session")["value"]
        request = urllib.request.Request(dashboard.url + "/study.tsv?study=" + urllib.parse.quote(STUDY), headers={"Cookie": cookie})
        table = urllib.request.urlopen(request, timeout=30).read().decode().splitlines()
        assert table[0].split("\t")[:3] == ["study", "participant", "visit"], table[0]
        assert {line.split("\t")[1] for line in table[1:]} == {"P1", "P2", "P3", "P4", *SNEAKY_IDS}

        # Every file of the study's sessions as one zip, each byte for byte the kiosk's, with its SHA-256.
        request = urllib.request.Request(dashboard.url + "/study.zip?study=" + urllib.parse.quote(STUDY), headers={"Cookie": cookie})
        archive = zipfile.ZipFile(io.BytesIO(urllib.request.urlopen(request, timeout=60).read()))
        names = set(archive.namelist())
        sums = dict(reversed(line.split("  ", 1)) for line in archive.read("SHA256SUMS").decode().splitlines())
        for kiosk, data in kiosks.items():
            for path in glob.glob(str(data / "*" / "*" / "*" / "*.tsv")):
                # The study's name holds < and >, which Windows cannot extract: they are _ in the zip.
                name = windows_safe(f"{kiosk}/{os.path.relpath(path, data)}")
                if name == windows_safe(f"kiosk-1/{os.path.relpath(log, data)}"):
                    # Changed after it was sent: the zip holds what the lab received.
                    assert hashlib.sha256(archive.read(name)).hexdigest() == hashlib.sha256(original).hexdigest()
                    continue
                assert name in names, (name, names)
                assert archive.read(name) == open(path, "rb").read() and sums[name] == hashlib.sha256(archive.read(name)).hexdigest()
            # Each session's journal too: its seals, stop reasons and staff decisions.
            journals = glob.glob(str(data / "*" / "*" / "batch.txt"))
            assert journals
            for path in journals:
                name = windows_safe(f"{kiosk}/{os.path.relpath(path, data)}")
                # The journal whose seal was edited after it was sent: the zip holds the one the lab received.
                sent = sent_journal if path == journal_path else open(path, "rb").read()
                assert archive.read(name) == sent and sums[name] == hashlib.sha256(sent).hexdigest()
        assert "NOT-INCLUDED.txt" not in names

        # The whole study as one BIDS dataset, from the bytes the lab holds: the official validator accepts it.
        request = urllib.request.Request(dashboard.url + "/study-bids.zip?study=" + urllib.parse.quote(STUDY), headers={"Cookie": cookie})
        dataset = zipfile.ZipFile(io.BytesIO(urllib.request.urlopen(request, timeout=120).read()))
        assert "NOT-INCLUDED.txt" not in dataset.namelist()
        dataset.extractall(tmp_path / "bids")
        [root] = os.listdir(tmp_path / "bids")
        judged = [path for data in kiosks.values() for path in glob.glob(str(data / "*" / "*" / "*" / "*_judge.tsv"))]
        events = glob.glob(str(tmp_path / "bids" / root / "sub-*" / "ses-*" / "beh" / "*_task-judge_*_events.tsv"))
        assert len(events) == len(judged) == 6, (events, judged)
        assert len(glob.glob(str(tmp_path / "bids" / root / "sub-*"))) == 6, "one subject per participant, the sneaky IDs as safe labels"
        validator = bids_validator()
        assert validator, "bids-validator-deno is not installed (scripts/setup installs it)"
        validated = subprocess.run([validator, tmp_path / "bids" / root], capture_output=True, text=True, timeout=300)
        assert validated.returncode == 0 and "[ERROR]" not in validated.stdout, validated.stdout + validated.stderr

        # An admin adds a staff account on the Staff page.
        click_link(browser, "Staff")
        browser.find_element(By.NAME, "name").send_keys("carol")
        browser.find_element(By.NAME, "password").send_keys("a new password")
        browser.find_element(By.CSS_SELECTOR, "form.form button").click()
        wait_for(lambda: "Added carol." in browser.page_source, 10, "carol added")
        browser.save_screenshot(os.path.join(shots, "dashboard-staff.png"))
        assert postgres.psql("SELECT name, admin FROM staff ORDER BY name") == [["alice", "1"], ["bob", "0"], ["carol", "0"]]

        # A form posted without the session's form key (another site's) is refused.
        forged = urllib.request.Request(dashboard.url + "/staff", data=b"form_key=guess&name=mallory&password=0123456789&admin=1",
                                        headers={"Cookie": cookie}, method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(forged, timeout=30)
        assert refused.value.code == 403
        assert postgres.psql("SELECT count(*) FROM staff WHERE name = 'mallory'") == [["0"]]

        # A session past its time: the next page asks to sign in again.
        postgres.psql("UPDATE staff_session SET expires = 0")
        browser.get(dashboard.url + "/integrity")
        assert browser.current_url.endswith("/sign-in"), browser.current_url

        # Read-only staff see the pages but not the Staff page.
        sign_in(browser, dashboard, "bob", "read only staff member")
        wait_for(lambda: "Kiosks" in main_text(browser), 10, "bob's overview")
        assert not browser.find_elements(By.LINK_TEXT, "Staff")
        browser.get(dashboard.url + "/staff")
        assert "only an admin" in browser.page_source

        # Someone guessing carol's password: four guesses cost nothing, the fifth locks her name,
        # and then even her own password is refused unchecked until the lock ends.
        def post_sign_in(password):
            form = urllib.parse.urlencode({"name": "carol", "password": password}).encode()
            try:
                with urllib.request.urlopen(urllib.request.Request(dashboard.url + "/sign-in", data=form, method="POST"), timeout=30) as answer:
                    return answer.status, answer.read().decode()
            except urllib.error.HTTPError as refusal:
                return refusal.code, refusal.read().decode()
        assert [post_sign_in(f"guess number {n}")[0] for n in range(5)] == [401] * 5
        status, page = post_sign_in("a new password")
        # The lock runs 30 s from the fifth guess; each guess checks a hash, so on a busy
        # machine a second or two of it has passed by the time her own password comes.
        told = re.search(r"Too many wrong passwords for this name in a row\. Try again in (\d+) seconds\.", page)
        assert status == 429 and told and 25 <= int(told.group(1)) <= 30, (status, page)
        logged = re.search(r'sign-in refused unchecked for "carol" from 127\.0\.0\.1: locked (\d+) s more', dashboard.text())
        assert logged and logged.group(1) == told.group(1), dashboard.text()
        postgres.psql("UPDATE sign_in_failure SET locked_until = 0")
        assert dashboard.sign_in("carol", "a new password").startswith("labkiosk_session=")
        assert postgres.psql("SELECT count(*) FROM sign_in_failure") == [["0"]], "a right password ends the count"
    finally:
        dashboard.stop()
    assert postgres.psql("SELECT count(*) FROM session") == [["6"]], "nothing in the lab was changed by what was typed"

    # The study's page to keep, written from the lab database: the same page, standing alone.
    out = tmp_path / "study-report"
    report = subprocess.run([labkiosk.path, "lab", "report", "--database", postgres.url, "--study", STUDY, "--out", out],
                            capture_output=True, text=True, timeout=60)
    assert report.returncode == 0 and "7 participants, a plan without visits" in report.stdout, report.stdout + report.stderr  # P9: registered, no session yet
    page = (out / "index.html").read_text()
    assert "Memory &lt;b&gt;study&lt;/b&gt;" in page and "&lt;img src=x onerror=alert(1)&gt;" in page and "<svg" in page
    assert len((out / "figures.tsv").read_text().splitlines()) > 6
    again = subprocess.run([labkiosk.path, "lab", "report", "--database", postgres.url, "--study", STUDY, "--out", out],
                           capture_output=True, text=True, timeout=60)
    assert again.returncode != 0 and "is not empty" in again.stderr, again.stderr


def test_one_kiosk_serves_its_own_data_folder_without_a_lab_server(labkiosk, browser, shots, tmp_path):
    data = kiosk_data(labkiosk, tmp_path / "k1", ["P1"], STUDY)
    add_staff(labkiosk, ["--data", str(data)], "alice", "correct horse battery", admin=True)
    dashboard = Dashboard([labkiosk.path, "lab"], tmp_path, "--data", str(data), "--kiosk", "kiosk-1")
    try:
        # Without a sign-in, only the public group answers; every answer has the security headers.
        def answer(path, headers={}):
            connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=30)
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            connection.close()
            assert response.getheader("X-Content-Type-Options") == "nosniff" and "frame-ancestors 'none'" in response.getheader(
                "Content-Security-Policy", ""), (path, response.getheaders())
            return response.status, response.getheader("Location")
        for path in ["/sign-in", "/dashboard.css", "/dashboard.js"]:
            assert answer(path)[0] == 200, path
        for path in ["/", "/study?study=x", "/participant?study=x&participant=P1", "/integrity", "/staff"]:
            assert answer(path) == (303, "/sign-in"), path
        assert answer("/integrity", {"X-Fragment": "1"})[0] == 401
        for path in ["/study.tsv?study=x", "/study.zip?study=x", "/study-bids.zip?study=x", "/events"]:
            assert answer(path)[0] == 401, path
        sign_in(browser, dashboard, "alice", "correct horse battery")
        wait_for(lambda: "kiosk-1" in main_text(browser), 10, "the overview")
        assert "2 files" in main_text(browser), main_text(browser)
        kiosk_data(labkiosk, tmp_path / "k1", ["P2"], STUDY)
        wait_for(lambda: "4 files" in main_text(browser), 20, "the new session, read from the folder")
        browser.save_screenshot(os.path.join(shots, "dashboard-kiosk.png"))
        # The files come from the data folder itself: the kiosk's database keeps no bytes.
        cookie = "labkiosk_session=" + browser.get_cookie("labkiosk_session")["value"]
        request = urllib.request.Request(dashboard.url + "/study.zip?study=" + urllib.parse.quote(STUDY), headers={"Cookie": cookie})
        archive = zipfile.ZipFile(io.BytesIO(urllib.request.urlopen(request, timeout=60).read()))
        tsvs = [name for name in archive.namelist() if name.endswith(".tsv")]
        on_disk = {windows_safe(os.path.relpath(path, data)): path for path in glob.glob(str(data / "**" / "*.tsv"), recursive=True)}
        assert len(tsvs) == 4 and all(archive.read(name) == open(on_disk[name.split("/", 1)[1]], "rb").read() for name in tsvs), tsvs
        journals = [name for name in archive.namelist() if name.endswith("/batch.txt")]
        journals_on_disk = {windows_safe(os.path.relpath(path, data)): path for path in glob.glob(str(data / "*" / "*" / "batch.txt"))}
        assert len(journals) == 2 and all(archive.read(name) == open(journals_on_disk[name.split("/", 1)[1]], "rb").read()
                                          for name in journals), journals
    finally:
        dashboard.stop()
    assert oct(os.stat(data / "lab.sqlite").st_mode & 0o777) == "0o600"
    # Served again under another name, the folder is that kiosk's alone, as `report` reads it.
    renamed = Dashboard([labkiosk.path, "lab"], tmp_path, "--data", str(data), "--kiosk", "kiosk-2")
    try:
        def kiosks_named():
            database = sqlite3.connect(data / "lab.sqlite", timeout=5)
            try:
                return {row[0] for table in ["kiosk", "session", "file", "roster_entry"]
                        for row in database.execute(f"SELECT {'name' if table == 'kiosk' else 'kiosk'} FROM {table}")}
            finally:
                database.close()
        wait_for(lambda: kiosks_named() == {"kiosk-2"}, 20, "the folder read under its new name only")
    finally:
        renamed.stop()


def test_a_stopped_session_says_where_it_stopped_and_why(labkiosk, browser, shots, tmp_path):
    """A batch stopped by SIGTERM during its judgement block: the participant's page says the
    block stopped and names its partial log, and the journal's stop line says why."""
    import signal
    data = kiosk_data(labkiosk, tmp_path / "k1", ["P1"], STUDY)
    batch = subprocess.Popen([labkiosk.path, "batch", tmp_path / "k1" / "study" / "plan.toml", "--participant", "P5", "--data", data,
                              "--headless", "--speed", "0.5"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # At half speed the judgement block runs for 2.4 s: stop it once its run has begun.
        wait_for(lambda: any("began 2 " in open(path).read() for path in glob.glob(str(data / "P5" / "*" / "batch.txt"))), 30,
                 "the judgement block's start")
        batch.send_signal(signal.SIGTERM)
        output = batch.communicate(timeout=60)[0]
    finally:
        batch.kill()
    assert batch.returncode == 0 and "stopped" in output, output
    add_staff(labkiosk, ["--data", str(data)], "alice", "correct horse battery")
    dashboard = Dashboard([labkiosk.path, "lab"], tmp_path, "--data", str(data), "--kiosk", "kiosk-1")
    try:
        sign_in(browser, dashboard, "alice", "correct horse battery")
        browser.get(dashboard.url + "/participant?study=" + urllib.parse.quote(STUDY) + "&participant=P5")
        wait_for(lambda: "Session unfinished" in main_text(browser), 10, "the participant page")
        page = main_text(browser)
        assert "stopped during it; partial log kept" in page and "_judge.tsv" in page, page
        assert "stopped " in page and "SIGTERM" in page, page
        assert "pending" not in page, page
        browser.save_screenshot(os.path.join(shots, "dashboard-stopped-session.png"))
    finally:
        dashboard.stop()


def test_a_study_report_compares_conditions_across_visits(labkiosk, browser, tmp_path, shots):
    """Two judgement conditions (blocks of easy.toml and hard.toml) at each of two visits, for
    two participants, in one kiosk's folder: the study's report (`labkiosk report --study
    --data --plans`) plots accuracy by condition and visit, with the visits' states."""
    from lab_database import JUDGE
    from labkiosk_harness import REPO
    plans = tmp_path / "plans"
    shutil.copytree(os.path.join(REPO, "Scenarios", "judge", "images"), plans / "images")
    (plans / "trials.csv").write_text("image,answer\nimages/friend-1-near.png,friend\nimages/foe-1-near.png,foe\n")
    for title in ["Easy", "Hard"]:
        (plans / f"{title.lower()}.toml").write_text(JUDGE.replace('title = "Lab judgement"', f'title = "{title}"'))
    (plans / "conditions.toml").write_text(
        '[study]\nname = "conditions"\n\n[[visit]]\nname = "first"\n\n[[visit]]\nname = "second"\nday = 7\nwindow_days = 2\n'
        + "".join(f'\n[[block]]\nkind = "judge"\nconfig = "{title}.toml"\nvisit = "{visit}"\n'
                  for visit in ["first", "second"] for title in ["easy", "hard"]))
    data = tmp_path / "data"
    for participant, days in [("P1", ["2026-03-02", "2026-03-09"]), ("P2", ["2026-03-03"])]:
        for day in days:
            run = labkiosk.run("batch", plans / "conditions.toml", "--participant", participant, "--data", data, "--headless",
                               env=dict(os.environ, LABKIOSK_NOW=f"{day}T10:00:00", TZ="UTC"), timeout=120)
            assert run.returncode == 0, run.stdout + run.stderr
    out = tmp_path / "report"
    report = subprocess.run([labkiosk.path, "report", "--study", "conditions", "--data", data, "--plans", plans, "--out", out],
                            env=dict(os.environ, LABKIOSK_NOW="2026-03-11T10:00:00", TZ="UTC"), capture_output=True, text=True, timeout=60)
    assert report.returncode == 0 and "2 participants, 2 visits" in report.stdout, report.stdout + report.stderr
    page = (out / "index.html").read_text()
    assert "Figures by condition" in page and "accuracy, mean by condition and visit" in page and page.count("<svg") >= 6, page
    assert "Visits: 3 completed · 0 unfinished · 0 declined · 1 due today" in page, "P2's second visit is due 2026-03-08 to 2026-03-12"
    browser.set_window_size(1280, 1500)
    browser.get(f"file://{out}/index.html")
    browser.save_screenshot(os.path.join(shots, "study-report-conditions.png"))
