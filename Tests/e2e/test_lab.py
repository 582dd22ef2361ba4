"""The lab database (docs/lab.md): kiosks' data folders sent to a PostgreSQL the test starts
itself (initdb in a temporary folder, a port on loopback), again and again without sending
anything twice; a file changed after it was sent refused and flagged; names that look like
SQL stored as text; an unreachable server told apart."""
import glob
import hashlib
import os
import socket
import subprocess
import time

from lab_database import kiosk_data

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
    waiting for it, and says so in its log."""
    data = kiosk_data(labkiosk, tmp_path / "k1", ["P1"])
    plans = tmp_path / "plans"
    plans.mkdir()
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
