"""The lab keeps a study's simulated participants apart from its real ones (docs/lab.md:
Simulated participants): a dry run sent by one kiosk lands in the study's dry run, `STUDY
(simulated)`, marked on every page, plot, download and report; a real session that would make
a simulated participant a person is refused, flagged and shown on the integrity page."""
import csv
import io
import os
import subprocess
import urllib.error
import urllib.parse
import urllib.request
import zipfile

from lab_database import Dashboard, kiosk_data
from test_dashboard import add_staff, browser, click_link, lab_binary, main_text, sign_in, wait_for  # noqa: F401 (browser: a fixture)

STUDY = "lab-study"
DRY_RUN = "lab-study (simulated)"


def download(dashboard, cookie, study, kind):
    """A study's zip (`study.zip`, `study-bids.zip`) as a signed-in browser gets it."""
    request = urllib.request.Request(f"{dashboard.url}/{kind}?study={urllib.parse.quote(study)}", headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read()


def test_a_dry_run_sent_to_the_lab_is_kept_apart_and_says_simulated_everywhere(labkiosk, postgres, browser, shots, tmp_path):
    lab = lab_binary(labkiosk)
    real = kiosk_data(labkiosk, tmp_path / "k1", ["P1", "P2"])
    simulated = tmp_path / "k2-data"
    run = labkiosk.run("simulate", tmp_path / "k1" / "study" / "plan.toml", "--participants", 3, "--seed", 4, "--data", simulated, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    # A real kiosk where staff typed a simulated participant's ID for a person.
    typo = kiosk_data(labkiosk, tmp_path / "k3", ["SIM-002"])

    def send(kiosk, data):
        return subprocess.run([lab, "send", "--database", postgres.url, "--data", data, "--kiosk", kiosk],
                              capture_output=True, text=True, timeout=120)

    for kiosk, data in [("kiosk-1", real), ("kiosk-2", simulated)]:
        done = send(kiosk, data)
        assert done.returncode == 0, done.stdout + done.stderr
    rows = postgres.psql("SELECT kiosk, study, participant, simulated IS NOT NULL FROM session ORDER BY kiosk, participant")
    assert [tuple(row) for row in rows] == [("kiosk-1", STUDY, "P1", "f"), ("kiosk-1", STUDY, "P2", "f"),
                                            ("kiosk-2", DRY_RUN, "SIM-001", "t"), ("kiosk-2", DRY_RUN, "SIM-002", "t"),
                                            ("kiosk-2", DRY_RUN, "SIM-003", "t")], rows
    assert all(row[0].startswith("model ") for row in postgres.psql("SELECT simulated FROM session WHERE kiosk = 'kiosk-2'"))
    # The simulated participants stay out of the roster the lab hands back to the kiosk.
    assert "SIM-" not in (simulated / "lab-copy.txt").read_text()

    # The real SIM-002 is refused: kept apart, flagged, nothing of it in the lab.
    refused = send("kiosk-3", typo)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert ("SIM-002 is a simulated participant of lab-study in the lab; a real participant's data is not put beside simulated data "
            "(kept apart, flagged)") in refused.stdout, refused.stdout
    assert postgres.psql("SELECT count(*) FROM session WHERE kiosk = 'kiosk-3'") == [["0"]]
    assert postgres.psql("SELECT count(*) FROM file WHERE kiosk = 'kiosk-3'") == [["0"]]
    flagged = postgres.psql("SELECT kept, offered FROM refused_row WHERE kiosk = 'kiosk-3' ORDER BY what")
    assert [tuple(row) for row in flagged] == [("SIM-002: a simulated participant of lab-study (simulated) in the lab", "a real participant")]
    again = send("kiosk-3", typo)
    assert again.returncode == 1 and postgres.psql("SELECT count(*) FROM refused_row") == [["1"]], "sent again: nothing new flagged"

    # The report of each study: the real one has the real participants only; the dry run says what it is.
    report = subprocess.run([lab, "report", "--database", postgres.url, "--study", STUDY, "--out", tmp_path / "real-report"],
                            capture_output=True, text=True, timeout=120)
    assert report.returncode == 0 and "index.html: 2 participants" in report.stdout, report.stdout + report.stderr
    real_page = (tmp_path / "real-report" / "index.html").read_text()
    assert "P1" in real_page and "SIM-0" not in real_page and "Simulated participants:" not in real_page
    assert all(row.split("\t")[1] in ("participant", "P1", "P2") for row in (tmp_path / "real-report" / "figures.tsv").read_text().splitlines())
    report = subprocess.run([lab, "report", "--database", postgres.url, "--study", DRY_RUN, "--out", tmp_path / "dry-run-report"],
                            capture_output=True, text=True, timeout=120)
    assert report.returncode == 0, report.stdout + report.stderr
    assert "3 simulated participants (a dry run: no person took part)" in report.stdout, report.stdout
    dry_page = (tmp_path / "dry-run-report" / "index.html").read_text()
    assert "Simulated participants: a dry run of lab-study. No person took part." in dry_page
    assert dry_page.count('<div class="state simulated">simulated</div>') == 3 and "(simulated)</text>" in dry_page, "each row and plot says so"

    where = ["--database", postgres.url]
    add_staff(labkiosk, where, "alice", "correct horse battery", admin=True)
    dashboard = Dashboard([lab], tmp_path, *where)
    try:
        sign_in(browser, dashboard, "alice", "correct horse battery")
        wait_for(lambda: "Kiosks" in main_text(browser), 10, "the overview")
        overview = main_text(browser)
        assert f"{DRY_RUN} simulated 3 3" in overview, overview
        assert "1 refused" in overview, overview
        browser.save_screenshot(os.path.join(shots, "lab-simulated-overview.png"))

        click_link(browser, STUDY)
        wait_for(lambda: "Participants and their sessions" in main_text(browser), 10, "the real study's page")
        page = main_text(browser)
        assert "P1" in page and "P2" in page and "SIM-" not in page and "simulated" not in page, page
        assert "(2)" in page, "each figure's count is the real participants'"

        browser.get(dashboard.url + "/")
        wait_for(lambda: "Kiosks" in main_text(browser), 10, "the overview")
        click_link(browser, DRY_RUN)
        wait_for(lambda: "Simulated participants: a dry run of lab-study" in main_text(browser), 10, "the dry run's page")
        page = main_text(browser)
        assert "P1" not in page and page.count("simulated\n") >= 3 and "(3)" in page, page
        browser.save_screenshot(os.path.join(shots, "lab-simulated-study.png"))

        click_link(browser, "SIM-001")
        wait_for(lambda: "A simulated participant (model " in main_text(browser), 10, "the simulated participant's page")
        browser.save_screenshot(os.path.join(shots, "lab-simulated-participant.png"))

        browser.get(dashboard.url + "/integrity")
        wait_for(lambda: "SIM-002: a simulated participant of lab-study (simulated) in the lab" in main_text(browser), 10, "the refusal")
        browser.save_screenshot(os.path.join(shots, "lab-simulated-integrity.png"))

        # The dry run's zips: its files with SIMULATED.txt; its BIDS dataset says simulated.
        cookie = dashboard.sign_in("alice", "correct horse battery")
        status, files = download(dashboard, cookie, DRY_RUN, "study.zip")
        assert status == 200
        names = zipfile.ZipFile(io.BytesIO(files)).namelist()
        assert "SIMULATED.txt" in names and all(name.startswith("kiosk-2/") for name in names if "/" in name), names
        status, bids = download(dashboard, cookie, DRY_RUN, "study-bids.zip")
        assert status == 200
        dataset = zipfile.ZipFile(io.BytesIO(bids))
        participants = next(name for name in dataset.namelist() if name.endswith("participants.tsv"))
        table = list(csv.DictReader(io.StringIO(dataset.read(participants).decode()), delimiter="\t"))
        assert [row["simulated"] for row in table] == ["yes"] * 3, table
        status, real_files = download(dashboard, cookie, STUDY, "study.zip")
        assert status == 200 and "SIMULATED.txt" not in zipfile.ZipFile(io.BytesIO(real_files)).namelist()
    finally:
        dashboard.stop()
