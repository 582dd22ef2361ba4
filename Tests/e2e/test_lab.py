"""The lab database (docs/lab.md): kiosks' data folders sent to a PostgreSQL the test starts
itself (initdb in a temporary folder, a port on loopback), again and again without sending
anything twice; a file changed after it was sent refused and flagged; names that look like
SQL stored as text; an unreachable server told apart; one roster and visit schedule shared by
the kiosks of a study."""
import glob
import hashlib
import os
import shutil
import socket
import subprocess
import time
import urllib.parse

import pytest

from lab_database import kiosk_data
from labkiosk_harness import three_visit_plan


def test_kiosks_send_their_sessions_once_and_a_changed_file_is_refused(labkiosk, postgres, tmp_path):
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    sneaky = "x'); DROP TABLE file; --"
    first = kiosk_data(labkiosk, tmp_path / "k1", ["P1", sneaky])
    second = kiosk_data(labkiosk, tmp_path / "k2", ["P2"])

    def send(data, kiosk):
        return subprocess.run([lab, "send", "--database", postgres.url, "--data", data, "--kiosk", kiosk], capture_output=True, text=True, timeout=120)

    sent = send(first, "kiosk-1")
    assert sent.returncode == 0 and "kiosk-1: 2 sessions; 4 files sent, 0 already in the lab" in sent.stdout, sent.stdout + sent.stderr
    assert sent.stderr == "", sent.stderr
    assert send(second, "kiosk-2").returncode == 0
    again = send(first, "kiosk-1")
    assert again.returncode == 0 and "2 sessions; 0 files sent, 4 already in the lab" in again.stdout, again.stdout

    # Every file in the lab is what the kiosk wrote, byte for byte.
    rows = postgres.psql("SELECT f.kiosk, f.path, f.sha256, encode(c.data, 'hex') FROM file f JOIN content c USING (sha256) ORDER BY 1, 2")
    assert len(rows) == 6, rows
    for kiosk, path, sha256, data in rows:
        local = open(os.path.join(first if kiosk == "kiosk-1" else second, path), "rb").read()
        assert bytes.fromhex(data) == local, path
    participants = [r[0] for r in postgres.psql("SELECT participant FROM session ORDER BY participant")]
    assert participants == ["P1", "P2", sneaky], participants
    figures = postgres.psql("SELECT value FROM figure WHERE kiosk = 'kiosk-2' AND name = 'accuracy'")
    assert figures == [["0.000"]], figures

    # A file changed on the kiosk after it was sent: its journal's seal no longer matches, so it
    # is not sent, and the lab keeps what it has.
    [log] = glob.glob(str(first / "P1" / "*" / "*" / "*_judge.tsv"))
    original = open(log, "rb").read()
    with open(log, "ab") as f:
        f.write(b"tampered\n")
    changed = send(first, "kiosk-1")
    assert changed.returncode == 1 and "its bytes are no longer those its journal sealed" in changed.stdout, changed.stdout

    # A folder that says other bytes are that file (a backup restored over newer data, or two
    # kiosks given one name): the lab refuses it and flags it; what it had stays.
    journal_path = glob.glob(str(first / "P1" / "*" / "batch.txt"))[0]
    relative = os.path.relpath(log, os.path.dirname(journal_path))
    new = open(log, "rb").read()
    journal = open(journal_path, encoding="utf-8").read()
    sealed = f"checksum {len(original)} {hashlib.sha256(original).hexdigest()} {relative}"
    assert sealed in journal, journal
    open(journal_path, "w", encoding="utf-8").write(journal.replace(sealed, f"checksum {len(new)} {hashlib.sha256(new).hexdigest()} {relative}"))
    refused = send(first, "kiosk-1")
    assert refused.returncode == 1 and f"refused: {os.path.relpath(log, first)}" in refused.stdout, refused.stdout
    flagged = postgres.psql("SELECT path, sent_sha256, offered_sha256 FROM refused_file")
    assert flagged == [[os.path.relpath(log, first), hashlib.sha256(original).hexdigest(), hashlib.sha256(new).hexdigest()]], flagged
    kept = postgres.psql(f"SELECT sha256 FROM file WHERE path = '{os.path.relpath(log, first)}'")
    assert kept == [[hashlib.sha256(original).hexdigest()]], kept


def test_an_unreachable_lab_is_told_apart(labkiosk, tmp_path):
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    data = tmp_path / "data"
    data.mkdir()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = subprocess.run([lab, "send", "--database", f"postgresql://lab@127.0.0.1:{port}/lab", "--data", data], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "cannot connect to the lab database" in done.stdout, done.stdout + done.stderr


def test_the_desk_sends_the_data_folder_in_the_background(labkiosk, postgres, xvfb, tmp_path):
    """A desk whose settings name the lab database sends the data folder at start-up without
    waiting for it, and says so in its log; its plans' visits go with it, and the lab's roster
    comes back."""
    data = kiosk_data(labkiosk, tmp_path / "k1", ["P1"])
    plans = tmp_path / "plans"
    plans.mkdir()
    (plans / "memory.toml").write_text(VISITS_PLAN)
    hashed = subprocess.run([labkiosk.path, "desk", "--hash-pin"], input="2468\n", capture_output=True, text=True, check=True).stdout
    (tmp_path / "desk.toml").write_text(f'lab = "Lab"\nplans = "{plans}"\ndata = "{data}"\n{hashed}lab_database = "{postgres.url}"\n')
    desk = labkiosk.start("desk", "--config", tmp_path / "desk.toml", "--size", "1280x800", env=xvfb.env)
    try:
        deadline = time.time() + 30
        while time.time() < deadline and postgres.psql("SELECT count(*) FROM information_schema.tables WHERE table_name = 'file'") == [["0"]]:
            time.sleep(0.2)
        while time.time() < deadline and postgres.psql("SELECT count(*) FROM file") != [["2"]]:
            time.sleep(0.2)
        assert postgres.psql("SELECT participant, completed IS NOT NULL FROM session") == [["P1", "t"]]
        log = open(data / "desk-log.txt", encoding="utf-8").read()
        deadline = time.time() + 10
        while time.time() < deadline and "lab: " not in log.split("sending the data folder")[-1]:
            time.sleep(0.2)
            log = open(data / "desk-log.txt", encoding="utf-8").read()
        assert "1 sessions; 2 files sent, 0 already in the lab" in log, log
        assert postgres.url not in log, "the database's address stays out of the log"
        assert postgres.psql("SELECT study, visit, day, window_days FROM study_visit ORDER BY place") == \
            [["memory", "baseline", "0", "0"], ["memory", "week-1", "7", "1"], ["memory", "week-4", "28", "3"]]
        while time.time() < deadline and not (data / "lab-copy.txt").exists():
            time.sleep(0.2)
        assert (data / "lab-copy.txt").read_text().startswith("labkiosk lab copy 1\npulled\t")
    finally:
        desk.terminate()
        desk.wait(timeout=10)


def test_two_sends_at_once_take_turns(labkiosk, postgres, tmp_path):
    """The desk's background send and one by hand at the same moment: both end well, and every
    file is in the lab once."""
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    data = kiosk_data(labkiosk, tmp_path / "k1", ["P1", "P2", "P3"])
    subprocess.run([lab, "migrate", "--database", postgres.url], check=True, capture_output=True)
    sends = [subprocess.Popen([lab, "send", "--database", postgres.url, "--data", data, "--kiosk", "kiosk-1"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(4)]
    for send in sends:
        out, err = send.communicate(timeout=120)
        assert send.returncode == 0, out + err
    assert postgres.psql("SELECT count(*), count(DISTINCT path) FROM file") == [["6", "6"]]


def test_each_kiosk_signs_in_as_its_own_role_and_adds_only_its_own_rows(labkiosk, postgres, tmp_path):
    """Kiosks' roles with passwords (SCRAM) and row-level security: each sends under its own
    name, reads only its own rows, changes no file it sent, and cannot write in another's
    name; the dashboard's role reads everything and writes only staff accounts."""
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    first = kiosk_data(labkiosk, tmp_path / "k1", ["P1"])
    # Another study: what a kiosk reads of others' rows is the roster and sessions of the studies it runs only.
    second = kiosk_data(labkiosk, tmp_path / "k2", ["P2"], study_name="other-study")
    assert subprocess.run([lab, "migrate", "--database", postgres.url], capture_output=True, text=True).returncode == 0
    passwords = {"kiosk-1": "first kiosk's secret", "kiosk-2": "second kiosk's secret", "dashboard": "the dashboard's secret"}
    for role, password in passwords.items():
        added = subprocess.run([lab, "role", "add", "--database", postgres.url, *(["--dashboard"] if role == "dashboard" else []), role],
                               input=password + "\n", capture_output=True, text=True, timeout=60)
        assert added.returncode == 0, added.stdout + added.stderr
    postgres.require_passwords_of("labkiosk_kiosk")
    postgres.require_passwords_of("labkiosk_dashboard")

    def url(role, password=None):
        secret = urllib.parse.quote(password or passwords[role])
        return f"postgresql://{role}:{secret}@127.0.0.1:{postgres.port}/lab"

    def send(data, role, *extra, password=None):
        return subprocess.run([lab, "send", "--database", url(role, password), "--data", data, *extra], capture_output=True, text=True, timeout=120)

    wrong = send(first, "kiosk-1", password="not the secret")
    # Refused, not unreachable: the desk does not try it again and again.
    assert wrong.returncode == 3 and "password authentication failed" in wrong.stdout, wrong.stdout
    sent = send(first, "kiosk-1")
    assert sent.returncode == 0 and "kiosk-1: 1 sessions; 2 files sent" in sent.stdout, sent.stdout + sent.stderr
    assert send(second, "kiosk-2").returncode == 0
    posing = send(second, "kiosk-1", "--kiosk", "kiosk-2")
    assert posing.returncode == 1 and "may not send as kiosk-2" in posing.stdout, posing.stdout

    # A contact (the desk's heartbeat between sends) moves the kiosk's last contact only.
    def contact(role, *extra):
        return subprocess.run([lab, "contact", "--database", url(role), *extra], capture_output=True, text=True, timeout=60)
    [[before]] = postgres.psql("SELECT last_contact FROM kiosk WHERE name = 'kiosk-1'")
    made = contact("kiosk-1")
    assert made.returncode == 0 and made.stdout == "", made.stdout + made.stderr
    [[after]] = postgres.psql("SELECT last_contact FROM kiosk WHERE name = 'kiosk-1'")
    assert after > before, (before, after)
    assert contact("kiosk-1", "--kiosk", "kiosk-2").returncode == 1, "no contact in another kiosk's name"

    # A lab behind the kiosk's build: the kiosk may not migrate it, says who does, and tries later.
    postgres.psql("DELETE FROM migration WHERE version = (SELECT max(version) FROM migration)")
    behind = send(first, "kiosk-1")
    assert behind.returncode == 2 and "the lab's administrator applies them" in behind.stdout, behind.stdout + behind.stderr
    postgres.psql("INSERT INTO migration(version) SELECT max(version) + 1 FROM migration")

    def as_kiosk(sql):
        return postgres.try_psql(sql, "kiosk-1", passwords["kiosk-1"])

    assert as_kiosk("SELECT participant FROM session")[1].split() == ["P1"], "only its own rows"
    assert as_kiosk("SELECT count(*) FROM file")[1].split() == ["2"]
    for refused in ["UPDATE file SET sha256 = sha256", "DELETE FROM file", "DELETE FROM session WHERE kiosk = 'kiosk-2'",
                    "SELECT data FROM content", "SELECT * FROM staff", "UPDATE content SET bytes = 0"]:
        status, _, errors = as_kiosk(refused)
        assert status != 0 and "permission denied" in errors, (refused, errors)
    for refused in ["INSERT INTO session(kiosk, journal, study, plan, participant, started) VALUES ('kiosk-2', 'x/batch.txt', 's', 'p', 'P9', 'now')",
                    "DELETE FROM block WHERE kiosk = 'kiosk-2'", "DELETE FROM block WHERE kiosk = 'kiosk-1'"]:
        status, _, errors = as_kiosk(refused)
        assert status != 0 and "permission denied" in errors, (refused, errors)
    status, _, errors = as_kiosk("SELECT lab_contact('kiosk-2')")
    assert status != 0 and "kiosk kiosk-1 may not write as kiosk-2" in errors, errors
    assert postgres.psql("SELECT kiosk, count(*) FROM block GROUP BY kiosk ORDER BY kiosk") == [["kiosk-1", "2"], ["kiosk-2", "2"]]

    status, out, _ = postgres.try_psql("SELECT count(*) FROM session", "dashboard", passwords["dashboard"])
    assert status == 0 and out.split() == ["2"], "the dashboard reads every kiosk's rows"
    status, _, errors = postgres.try_psql("DELETE FROM session", "dashboard", passwords["dashboard"])
    assert status != 0 and "permission denied" in errors, errors
    added = subprocess.run([lab, "staff", "add", "--database", url("dashboard"), "alice"], input="correct horse battery\n",
                           capture_output=True, text=True, timeout=60)
    assert added.returncode == 0, added.stdout + added.stderr


VISITS_PLAN = three_visit_plan(seconds=(1, 1, 1))


def test_a_participants_next_visit_runs_on_another_kiosk_from_the_labs_roster(labkiosk, postgres, tmp_path):
    """P1's baseline runs on kiosk 1; their week-1 visit on kiosk 2, which knows the first
    visit's date and the registration only from the lab (docs/lab.md: One roster for the lab).
    A withdrawal recorded on kiosk 2 stops the week-4 visit on kiosk 1. A kiosk reads the
    roster of the studies it runs only, and changes no other kiosk's rows."""
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    plans = tmp_path / "plans"
    plans.mkdir()
    (plans / "memory.toml").write_text(VISITS_PLAN)
    assert subprocess.run([lab, "migrate", "--database", postgres.url], capture_output=True, text=True).returncode == 0
    passwords = {"kiosk-1": "kiosk one secret", "kiosk-2": "kiosk two secret", "kiosk-3": "kiosk three secret"}
    for role, password in passwords.items():
        added = subprocess.run([lab, "role", "add", "--database", postgres.url, role], input=password + "\n", capture_output=True, text=True, timeout=60)
        assert added.returncode == 0, added.stdout + added.stderr
    # The lab's administrator lets kiosks 1 and 2 read each other's roster and sessions of the study.
    for role in ["kiosk-1", "kiosk-2"]:
        granted = subprocess.run([lab, "role", "grant", "--database", postgres.url, "--study", "memory", role], capture_output=True, text=True, timeout=60)
        assert granted.returncode == 0, granted.stdout + granted.stderr
    data = {role: tmp_path / role for role in passwords}

    def send(role, *extra):
        url = f"postgresql://{role}:{urllib.parse.quote(passwords[role])}@127.0.0.1:{postgres.port}/lab"
        sent = subprocess.run([lab, "send", "--database", url, "--data", data[role], *extra], capture_output=True, text=True, timeout=120)
        assert sent.returncode == 0, sent.stdout + sent.stderr
        return sent.stdout

    def batch(role, day, *extra):
        return labkiosk.run("batch", plans / "memory.toml", "--participant", "P1", "--data", data[role], "--headless", *extra,
                            env=dict(os.environ, LABKIOSK_NOW=f"{day}T10:00:00", TZ="UTC"), timeout=120)

    def as_kiosk(role, sql):
        return postgres.try_psql(sql, role, passwords[role])

    first = batch("kiosk-1", "2026-03-02")
    assert first.returncode == 0 and "visit baseline" in first.stdout, first.stdout + first.stderr
    assert "1 registrations" in send("kiosk-1", "--plans", plans)

    # Kiosk 2 has never seen P1: without the lab, week-1 is "after the first visit" and needs staff.
    data["kiosk-2"].mkdir()
    alone = batch("kiosk-2", "2026-03-09", "--visit", "week-1")
    assert alone.returncode != 0 and "needs staff" in alone.stderr, alone.stdout + alone.stderr
    send("kiosk-2", "--plans", plans)
    copy = (data["kiosk-2"] / "lab-copy.txt").read_text()
    assert "registered\t2026-03-02 10:00:" in copy and "visit\t2026-03-02 10:00:" in copy and "\tP1\tmemory\tbaseline" in copy, copy
    second = batch("kiosk-2", "2026-03-09")
    assert second.returncode == 0 and "visit week-1" in second.stdout, second.stdout + second.stderr
    listed = labkiosk.run("roster", "list", "--data", data["kiosk-2"])
    assert "P1  memory  registered 2026-03-02 10:00:" in listed.stdout, listed.stdout
    withdrawn = labkiosk.run("roster", "withdraw", "P1", "--study", "memory", "--by", "alice", "--reason", "moved away",
                             "--data", data["kiosk-2"])
    assert withdrawn.returncode == 0, withdrawn.stdout + withdrawn.stderr
    send("kiosk-2", "--plans", plans)
    send("kiosk-1", "--plans", plans)
    third = batch("kiosk-1", "2026-03-30")
    assert third.returncode != 0 and "P1 withdrew from memory" in third.stderr and "recorded by alice" in third.stderr, third.stdout + third.stderr
    assert len(glob.glob(str(data["kiosk-1"] / "P1" / "*" / "batch.txt"))) == 1, "nothing was started"

    # Both kiosks' rows are readable by each, for the study they run; kiosk 3 runs another study and reads none.
    kiosk_data(labkiosk, tmp_path / "k3", ["P9"], study_name="other-study")
    shutil.copytree(tmp_path / "k3" / "data", data["kiosk-3"])
    send("kiosk-3")
    assert sorted(as_kiosk("kiosk-1", "SELECT kiosk || ' ' || coalesce(withdrawn_by, '-') FROM roster_entry")[1].splitlines()) == \
        ["kiosk-1 -", "kiosk-2 alice"]
    assert as_kiosk("kiosk-3", "SELECT count(*) FROM roster_entry WHERE study = 'memory'")[1].split() == ["0"]
    assert as_kiosk("kiosk-3", "SELECT count(*) FROM session WHERE study = 'memory'")[1].split() == ["0"]
    assert as_kiosk("kiosk-1", "SELECT count(*) FROM block WHERE kiosk = 'kiosk-2'")[1].split() == ["0"], "blocks and files stay the kiosk's own"
    for refused in ["UPDATE roster_entry SET withdrawn = NULL WHERE kiosk = 'kiosk-2'",
                    "INSERT INTO roster_entry VALUES ('kiosk-2', 'memory', 'P5', '2026-03-01 09:00:00', '', '', NULL, NULL, NULL)",
                    "DELETE FROM roster_entry", "UPDATE roster_entry SET assigned_group = 'another' WHERE kiosk = 'kiosk-1'"]:
        status, _, errors = as_kiosk("kiosk-1", refused)
        assert status != 0 and "permission denied" in errors, (refused, errors)

    # The study's page as the dashboard shows it, on 2026-03-12: P1 withdrawn; P2's baseline (on
    # kiosk 1, 2026-03-02) makes week-1 overdue.
    p2 = labkiosk.run("batch", plans / "memory.toml", "--participant", "P2", "--data", data["kiosk-1"], "--headless",
                      env=dict(os.environ, LABKIOSK_NOW="2026-03-02T11:00:00", TZ="UTC"), timeout=120)
    assert p2.returncode == 0, p2.stdout + p2.stderr
    send("kiosk-1", "--plans", plans)
    report = subprocess.run([lab, "report", "--database", postgres.url, "--study", "memory", "--out", tmp_path / "report"],
                            env=dict(os.environ, LABKIOSK_NOW="2026-03-12T10:00:00", TZ="UTC"), capture_output=True, text=True, timeout=60)
    assert report.returncode == 0, report.stdout + report.stderr
    page = (tmp_path / "report" / "index.html").read_text()
    assert "Visits: 3 completed · 0 unfinished · 0 declined · 0 due today ·" in page, page
    assert "1 overdue</span> · participants withdrawn: 1" in page, page
    assert "overdue: was due" not in page and "2026-03-08 to 2026-03-10" in page

    # A withdrawal of a participant the kiosk registered and sent before: added to its row.
    withdrawn = labkiosk.run("roster", "withdraw", "P2", "--study", "memory", "--by", "bob", "--data", data["kiosk-1"])
    assert withdrawn.returncode == 0, withdrawn.stdout + withdrawn.stderr
    send("kiosk-1", "--plans", plans)
    assert postgres.psql("SELECT withdrawn_by FROM roster_entry WHERE kiosk = 'kiosk-1' AND participant = 'P2'") == [["bob"]]


@pytest.mark.parametrize("command", [["role", "add", "kiosk-x"], ["staff", "add", "alice", "--data", "DATA"]])
def test_a_password_on_endless_standard_input_is_refused_without_reading_it_all(labkiosk, tmp_path, command):
    """`yes | labkiosk-lab staff add` once read gigabytes: a password is one line of at most 1,024 bytes."""
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    arguments = [str(tmp_path / "data") if part == "DATA" else part for part in command]
    (tmp_path / "data").mkdir()
    with open("/dev/zero", "rb") as endless:
        result = subprocess.run([lab] + arguments + ["--database", "postgresql://nobody@127.0.0.1:1/none"] * (command[0] == "role"),
                                stdin=endless, capture_output=True, text=True, timeout=30)
    assert result.returncode == 64, result.stdout + result.stderr
    assert "a password is one line of at most 1024 bytes" in result.stderr, result.stderr
