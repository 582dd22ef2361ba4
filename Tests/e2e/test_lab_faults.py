"""What the lab keeps when things fail mid-send (docs/lab.md): the sender killed, PostgreSQL
killed, the network cut, the server's disk full, the dashboard's database restarted. Each
time: nothing half-sent is visible (a session in the lab has all its files), the kiosk's data
folder is untouched, and the next send completes with every checksum equal. The sessions are
one-hour MATB batches (about 70 MB each), so that a send lasts long enough to be cut."""
import glob
import hashlib
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
import urllib.request

import pytest

from lab_database import Dashboard, Postgres, postgres_bin


def hour_scenario():
    def at(s):
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    tasks = ["sysmon", "track", "scheduling", "communications", "resman"]
    lines = [f"0:00:00;{t};start" for t in tasks]
    for minute in range(60):
        b = minute * 60
        lines += [f"{at(b + 8)};sysmon;scales-{minute % 4 + 1}-failure;True", f"{at(b + 20)};sysmon;lights-{minute % 2 + 1}-failure;True",
                  f"{at(b + 25)};resman;pump-2-state;failure", f"{at(b + 45)};resman;pump-2-state;off"]
    return "\n".join(lines + [f"1:00:00;{t};stop" for t in tasks]) + "\n"


def hour_sessions(labkiosk, folder, participants):
    """A data folder of one-hour five-task MATB batch sessions, made headless."""
    study = folder / "study"
    study.mkdir(parents=True)
    (study / "hour.txt").write_text(hour_scenario())
    (study / "plan.toml").write_text('[study]\nname = "hour"\n\n[[block]]\nkind = "matb"\nscenario = "hour.txt"\n')
    data = folder / "data"
    for participant in participants:
        run = labkiosk.run("batch", study / "plan.toml", "--participant", participant, "--data", data, "--headless", timeout=300)
        assert run.returncode == 0, run.stdout + run.stderr
    return data


def folder_digest(data):
    """Every file of a data folder with its SHA-256: what must not change, whatever fails. The
    lab's copy of the roster (lab-copy.txt) is the lab's, which each send writes anew."""
    return {os.path.relpath(path, data): hashlib.sha256(open(path, "rb").read()).hexdigest()
            for path in glob.glob(str(data / "**" / "*"), recursive=True)
            if os.path.isfile(path) and not path.endswith(".sqlite") and os.path.basename(path) != "lab-copy.txt"}


def lab_files(postgres, kiosk):
    """The lab's files of `kiosk`: path → (SHA-256 recorded, SHA-256 of the bytes stored)."""
    rows = postgres.psql(f"SELECT f.path, f.sha256, encode(sha256(c.data), 'hex') FROM file f JOIN content c USING (sha256) "
                         f"WHERE f.kiosk = '{kiosk}'")
    return {path: (recorded, stored) for path, recorded, stored in rows}


def half_sent(postgres, kiosk, whole):
    """Sessions of `kiosk` in the lab without all their files: must be none."""
    counts = postgres.psql(f"SELECT s.journal, count(f.path) FROM session s LEFT JOIN file f ON f.kiosk = s.kiosk AND f.journal = s.journal "
                           f"WHERE s.kiosk = '{kiosk}' GROUP BY s.journal")
    return [journal for journal, files in counts if int(files) != whole[journal]]


def expected_files(data):
    """Each session's journal (as the lab names it) → how many files a whole send holds."""
    whole = {}
    for journal in glob.glob(str(data / "*" / "*" / "batch.txt")):
        named = [line for line in open(journal, encoding="utf-8") if line.startswith("checksum ")]
        whole[os.path.relpath(journal, data)] = len(named)
    return whole


def assert_lab_has_all(postgres, kiosk, data):
    files = lab_files(postgres, kiosk)
    digest = folder_digest(data)
    assert files, "nothing in the lab"
    for path, (recorded, stored) in files.items():
        assert recorded == stored == digest[path], path
    assert sum(expected_files(data).values()) == len(files)


def restart(postgres, *command):
    """pg_ctl COMMAND on the test's server, its output to the server's log (a pipe would stay
    open as long as the server runs)."""
    subprocess.run([*postgres.prefix, os.path.join(postgres.bin, "pg_ctl"), "-D", postgres.data, "-w", "-l", os.path.join(postgres.folder, "log"),
                    "-o", f"-c listen_addresses=127.0.0.1 -p {postgres.port} -k {postgres.folder}", *command], check=True, capture_output=True)


def send(labkiosk, url, data, kiosk):
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    return subprocess.Popen([lab, "send", "--database", url, "--data", data, "--kiosk", kiosk], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def sent_once_more(labkiosk, url, data, kiosk):
    process = send(labkiosk, url, data, kiosk)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, out + err
    return out


@pytest.fixture(scope="module")
def hours(labkiosk, tmp_path_factory):
    return hour_sessions(labkiosk, tmp_path_factory.mktemp("hours"), ["P1", "P2"])


def test_a_sender_killed_mid_send_leaves_no_half_session(labkiosk, postgres, hours):
    before = folder_digest(hours)
    whole = expected_files(hours)
    for delay in [0.3, 0.9, 1.6, 2.4]:
        process = send(labkiosk, postgres.url, hours, "kiosk-1")
        time.sleep(delay)
        process.kill()
        process.communicate()
        assert half_sent(postgres, "kiosk-1", whole) == [], f"killed after {delay} s"
    sent_once_more(labkiosk, postgres.url, hours, "kiosk-1")
    assert_lab_has_all(postgres, "kiosk-1", hours)
    assert folder_digest(hours) == before


def test_postgresql_killed_mid_send_then_restarted(labkiosk, postgres, hours):
    before = folder_digest(hours)
    process = send(labkiosk, postgres.url, hours, "kiosk-2")
    time.sleep(1.0)
    subprocess.run([*postgres.prefix, os.path.join(postgres.bin, "pg_ctl"), "-D", postgres.data, "-m", "immediate", "stop"],
                   check=True, capture_output=True)
    out, err = process.communicate(timeout=120)
    # Lost mid-way, like unreachable: send again later; said on labkiosk-lab: lines (docs/lab.md).
    assert process.returncode == 2 and "labkiosk-lab: lost the lab database" in out and "Error:" not in out + err, (process.returncode, out, err)
    restart(postgres, "start")
    assert half_sent(postgres, "kiosk-2", expected_files(hours)) == []
    sent_once_more(labkiosk, postgres.url, hours, "kiosk-2")
    assert_lab_has_all(postgres, "kiosk-2", hours)
    assert folder_digest(hours) == before


class CuttableLink:
    """A TCP relay on loopback between the sender and PostgreSQL that the test can cut, as a
    pulled cable would: every open connection is closed at once."""

    def __init__(self, port):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.target = port
        self.sockets = []
        self.cut_now = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.sockets += [client, upstream]
            for a, b in [(client, upstream), (upstream, client)]:
                threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    def pump(self, source, sink):
        try:
            while not self.cut_now:
                chunk = source.recv(65536)
                if not chunk:
                    break
                sink.sendall(chunk)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        self.cut_now = True
        for s in self.sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.sockets = []
        self.cut_now = False

    def close(self):
        self.server.close()


def test_the_network_cut_mid_file(labkiosk, postgres, hours):
    link = CuttableLink(postgres.port)
    url = f"postgresql://lab@127.0.0.1:{link.port}/lab"
    try:
        process = send(labkiosk, url, hours, "kiosk-3")
        time.sleep(1.0)
        link.cut()
        out, _ = process.communicate(timeout=120)
        assert process.returncode != 0, out
        deadline = time.time() + 30
        while time.time() < deadline and postgres.psql("SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' "
                                                       "OR (state = 'active' AND query LIKE 'INSERT%')") != [["0"]]:
            time.sleep(0.2)
        assert half_sent(postgres, "kiosk-3", expected_files(hours)) == []
        sent_once_more(labkiosk, url, hours, "kiosk-3")
        assert_lab_has_all(postgres, "kiosk-3", hours)
    finally:
        link.close()


def test_the_servers_disk_full_then_freed(labkiosk, hours):
    """PostgreSQL on a filesystem too small for the sessions: the send fails and says so, the
    kiosk keeps every byte, and once the disk has room the next send completes."""
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    # Outside pytest's own folders, which the server's user (nobody) may not enter.
    disk = tempfile.mkdtemp(prefix="labkiosk-e2e-small-disk-")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=110m", "tmpfs", disk], capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    postgres = None
    try:
        postgres = Postgres(disk)
        before = folder_digest(hours)
        process = send(labkiosk, postgres.url, hours, "kiosk-4")
        out, err = process.communicate(timeout=300)
        assert process.returncode != 0, out + err
        assert "No space left on device" in open(os.path.join(postgres.folder, "log")).read()
        assert folder_digest(hours) == before
        subprocess.run(["mount", "-o", "remount,size=600m", disk], check=True)
        if subprocess.run([*postgres.prefix, os.path.join(postgres.bin, "pg_ctl"), "-D", postgres.data, "status"],
                          capture_output=True).returncode != 0:
            restart(postgres, "start")
        assert half_sent(postgres, "kiosk-4", expected_files(hours)) == []
        sent_once_more(labkiosk, postgres.url, hours, "kiosk-4")
        assert_lab_has_all(postgres, "kiosk-4", hours)
    finally:
        if postgres is not None:
            postgres.stop()
        subprocess.run(["umount", "-l", disk], capture_output=True)
        shutil.rmtree(disk, ignore_errors=True)


def test_the_dashboard_outlives_a_postgresql_restart(labkiosk, postgres, hours, tmp_path):
    lab = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    sent_once_more(labkiosk, postgres.url, hours, "kiosk-5")
    subprocess.run([lab, "staff", "add", "--database", postgres.url, "alice"], input="correct horse battery\n", check=True,
                   capture_output=True, text=True)
    dashboard = Dashboard([lab], tmp_path, "--database", postgres.url)
    try:
        token = dashboard.sign_in("alice", "correct horse battery")

        def overview():
            page = urllib.request.urlopen(urllib.request.Request(dashboard.url + "/", headers={"Cookie": token}), timeout=30)
            return page.status, page.read().decode()

        assert "kiosk-5" in overview()[1]
        restart(postgres, "-m", "fast", "restart")
        status, page = overview()
        assert status == 200 and "kiosk-5" in page, "the first page after the restart is served"
    finally:
        dashboard.stop()
