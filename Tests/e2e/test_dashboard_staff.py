"""The dashboard's staff accounts (docs/dashboard.md: Staff accounts), over a PostgreSQL of the
test's own: the accounts managed from the server's shell, a password read whole, and tries at
once counted before they are checked."""
import concurrent.futures
import http.client
import os
import subprocess
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
    assert same.returncode != 0 and "there is already a staff account named alice" in same.stdout + same.stderr, same.stdout + same.stderr
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

