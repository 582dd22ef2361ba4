"""The dashboard's staff accounts and its staying up (docs/dashboard.md: Staff accounts, Staying
up, One kiosk), over a PostgreSQL of the test's own: the accounts managed from the server's
shell, a password read whole, tries at once counted before they are checked, connections that
hold nothing open for long, and a damaged lab.sqlite made again."""
import concurrent.futures
import http.client
import os
import resource
import socket
import subprocess
import time
import urllib.parse

from lab_database import Dashboard


def lab_binary(labkiosk):
    return os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")


def staff(labkiosk, postgres, *arguments, password=None):
    return subprocess.run([lab_binary(labkiosk), "staff", *arguments, "--database", postgres.url],
                          input=None if password is None else password + "\n", capture_output=True, text=True, timeout=60)


def post_sign_in(dashboard, name, password):
    connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=60)
    connection.request("POST", "/sign-in", urllib.parse.urlencode({"name": name, "password": password}),
                       {"Content-Type": "application/x-www-form-urlencoded"})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer.status


def test_staff_are_managed_from_the_shell_and_sign_ins_are_counted_before_they_are_checked(labkiosk, postgres, tmp_path):
    assert staff(labkiosk, postgres, "add", "--admin", "alice", password="correct horse").returncode == 0
    same = staff(labkiosk, postgres, "add", "ALICE", password="another password")
    assert same.returncode == 1 and same.stderr == "labkiosk-lab: there is already a staff account named alice\n", same.stdout + same.stderr
    invisible = staff(labkiosk, postgres, "add", "ali\u200bce", password="another password")
    assert invisible.returncode != 0 and "invisible" in invisible.stdout + invisible.stderr
    assert staff(labkiosk, postgres, "add", "bob", password="read only staff").returncode == 0

    dashboard = Dashboard([lab_binary(labkiosk)], str(tmp_path), "--database", postgres.url)
    try:
        # Every character of a password counts: one cut at a NUL signs no one in.
        assert post_sign_in(dashboard, "bob", "read only staff\0anything") == 401
        bob = dashboard.sign_in("bob", "read only staff")

        # 40 wrong passwords at once: the four free ones and the fifth are checked, no more.
        with concurrent.futures.ThreadPoolExecutor(40) as pool:
            answers = list(pool.map(lambda n: post_sign_in(dashboard, "alice", f"guess {n}"), range(40)))
        assert sorted(answers) == [401] * 5 + [429] * 35, answers
        locks = staff(labkiosk, postgres, "locks")
        assert locks.returncode == 0 and locks.stdout.startswith('"alice"\t5\t'), locks.stdout + locks.stderr
        unlocked = staff(labkiosk, postgres, "unlock", "alice")
        assert unlocked.returncode == 0 and "unlocked alice" in unlocked.stdout
        assert post_sign_in(dashboard, "alice", "correct horse") == 303

        # A new password ends the account's sessions; a removed account is signed out.
        assert staff(labkiosk, postgres, "reset", "alice", password="battery staple").returncode == 0
        assert post_sign_in(dashboard, "alice", "correct horse") == 401
        assert post_sign_in(dashboard, "alice", "battery staple") == 303
        removed = staff(labkiosk, postgres, "remove", "bob")
        assert removed.returncode == 0 and "removed bob" in removed.stdout
        connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=30)
        connection.request("GET", "/", headers={"Cookie": bob})
        answer = connection.getresponse()
        assert answer.status == 303 and answer.getheader("Location") == "/sign-in"
        assert postgres.psql("SELECT name FROM staff") == [["alice"]]
    finally:
        dashboard.stop()


def test_idle_connections_are_closed_and_many_do_not_keep_a_signed_in_page_waiting(labkiosk, postgres, tmp_path):
    assert staff(labkiosk, postgres, "add", "alice", password="correct horse").returncode == 0
    # An idle connection, and one whose request never ends, are closed after --idle-seconds.
    dashboard = Dashboard([lab_binary(labkiosk)], str(tmp_path), "--database", postgres.url, "--idle-seconds", "3")
    try:
        idle = socket.create_connection(("127.0.0.1", dashboard.port))
        slow = socket.create_connection(("127.0.0.1", dashboard.port))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        for quiet in [idle, slow]:
            quiet.settimeout(10)
            started = time.time()
            assert quiet.recv(1) == b"" and time.time() - started < 8
            quiet.close()
    finally:
        dashboard.stop()

    # 2,000 connections that send nothing, held (well within the default 30 s): a signed-in page
    # still answers at once. The dashboard starts with the usual soft limit of 1,024 open files,
    # and the hard limit this machine allows, as a unit's LimitNOFILE gives it.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard >= 4096, "this test needs a hard limit of 4096 open files"
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    try:
        dashboard = Dashboard([lab_binary(labkiosk)], str(tmp_path), "--database", postgres.url)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held = []
    try:
        cookie = dashboard.sign_in("alice", "correct horse")
        for _ in range(2000):
            held.append(socket.create_connection(("127.0.0.1", dashboard.port)))
        timings = []
        for _ in range(5):
            started = time.time()
            connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=10)
            connection.request("GET", "/", headers={"Cookie": cookie})
            answer = connection.getresponse()
            answer.read()
            connection.close()
            timings.append(time.time() - started)
            assert answer.status == 200
        assert max(timings) <= 0.2, timings
    finally:
        for connection in held:
            connection.close()
        dashboard.stop()


def test_a_lab_database_that_is_down_is_said_to_be_down(labkiosk, postgres, tmp_path):
    assert staff(labkiosk, postgres, "add", "alice", password="correct horse").returncode == 0
    dashboard = Dashboard([lab_binary(labkiosk)], str(tmp_path), "--database", postgres.url)
    try:
        cookie = dashboard.sign_in("alice", "correct horse")
        postgres.stop()
        for path, headers in [("/", {"Cookie": cookie}), ("/integrity", {"Cookie": cookie})]:
            connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=30)
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            body = answer.read().decode()
            assert answer.status == 503 and "The lab database cannot be reached just now" in body, (path, answer.status, body)
            assert str(postgres.port) not in body, "the database's address stays in the server's log"
        assert "cannot connect to the lab database" in dashboard.text()
    finally:
        dashboard.stop()


def test_a_damaged_lab_sqlite_is_moved_aside_and_made_again(labkiosk, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "lab.sqlite").write_bytes(b"not a database, as a disk that failed leaves it" * 100)
    dashboard = Dashboard([lab_binary(labkiosk)], str(tmp_path), "--data", str(data))
    try:
        assert "could not be read" in dashboard.text() and "is made again from the data folder" in dashboard.text(), dashboard.text()
        moved = [name for name in os.listdir(data) if name.startswith("lab.sqlite.damaged-")]
        assert len(moved) == 1 and (data / moved[0]).read_bytes().startswith(b"not a database"), os.listdir(data)
        assert (data / "lab.sqlite").read_bytes().startswith(b"SQLite format 3")
    finally:
        dashboard.stop()
