"""A PostgreSQL of its own (initdb in a folder, a free loopback port), and kiosks' data folders
made by real headless batches: what the lab's end-to-end tests (Tests/e2e/test_lab*.py,
test_dashboard.py) and benchmarks (scripts/lab_bench.py) start from."""
import glob
import http.client
import json
import os
import pwd
import shutil
import socket
import subprocess
import time
import urllib.parse

PLAN = '[study]\nname = "lab-study"\n\n[[block]]\nkind = "break"\nseconds = 1\n\n[[block]]\nkind = "judge"\nconfig = "judge.toml"\n'
JUDGE = ('title = "Lab judgement"\ntrials = "trials.csv"\norder = "file"\nfixation_seconds = 0.1\nresponse_seconds = 0.3\n'
         'feedback_seconds = 0.1\ninterval_seconds = 0.1\n\n[[response]]\nanswer = "friend"\nkey = "F"\n\n[[response]]\nanswer = "foe"\nkey = "J"\n')


def postgres_bin():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


class Postgres:
    """A PostgreSQL of the test's own, on a free loopback port; run as nobody under root (the
    server refuses to run as root)."""

    def __init__(self, folder):
        self.bin = postgres_bin()
        self.folder = folder
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.prefix = []
        if os.getuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(folder, nobody.pw_uid, nobody.pw_gid)
            self.prefix = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        data = os.path.join(folder, "db")
        subprocess.run([*self.prefix, os.path.join(self.bin, "initdb"), "-D", data, "-U", "lab", "--auth=trust"],
                       check=True, capture_output=True)
        subprocess.run([*self.prefix, os.path.join(self.bin, "pg_ctl"), "-D", data, "-w", "-l", os.path.join(folder, "log"),
                        "-o", f"-c listen_addresses=127.0.0.1 -p {self.port} -k {folder}", "start"], check=True, capture_output=True)
        self.data = data
        self.psql("CREATE DATABASE lab", database="postgres")
        self.url = f"postgresql://lab@127.0.0.1:{self.port}/lab"

    def psql(self, sql, database="lab"):
        done = subprocess.run(["psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", f"postgresql://lab@127.0.0.1:{self.port}/{database}", "-c", sql],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return [line.split("|") for line in done.stdout.splitlines() if line]

    def try_psql(self, sql, user="lab", password=None):
        """Runs `sql` as `user`: (exit status, output, errors), for what the server should refuse."""
        login = user if password is None else f"{user}:{password}"
        done = subprocess.run(["psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", f"postgresql://{login}@127.0.0.1:{self.port}/lab", "-c", sql],
                              capture_output=True, text=True, timeout=60)
        return done.returncode, done.stdout, done.stderr

    def require_passwords_of(self, group):
        """From now on, members of `group` sign in with their passwords (SCRAM), not on trust."""
        hba = os.path.join(self.data, "pg_hba.conf")
        rules = open(hba).read()
        with open(hba, "w") as f:
            f.write(f"host all +{group} 127.0.0.1/32 scram-sha-256\n" + rules)
        subprocess.run([*self.prefix, os.path.join(self.bin, "pg_ctl"), "-D", self.data, "reload"], check=True, capture_output=True)

    def stop(self):
        subprocess.run([*self.prefix, os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", "fast", "stop"], capture_output=True)


def kiosk_data(labkiosk, folder, participants, study_name="lab-study"):
    """A kiosk's data folder, made by real headless batches of a small plan; called again on
    the same folder, it adds participants."""
    from labkiosk_harness import REPO
    study = folder / "study"
    if not study.exists():
        shutil.copytree(os.path.join(REPO, "Scenarios", "judge", "images"), study / "images")
        (study / "judge.toml").write_text(JUDGE)
        (study / "trials.csv").write_text("image,answer\nimages/friend-1-near.png,friend\nimages/foe-1-near.png,foe\n")
        (study / "plan.toml").write_text(PLAN.replace('"lab-study"', json.dumps(study_name)))
    data = folder / "data"
    for participant in participants:
        run = labkiosk.run("batch", study / "plan.toml", "--participant", participant, "--data", data, "--headless", timeout=120)
        assert run.returncode == 0 and "batch complete" in run.stdout, run.stdout + run.stderr
    return data


class Dashboard:
    """A running `labkiosk-lab serve` (or `labkiosk lab serve`, which becomes it) on a free
    loopback port, its lines kept in LOG_FOLDER/dashboard.log."""

    def __init__(self, command, log_folder, *where):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = os.path.join(log_folder, "dashboard.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([*command, "serve", *where, "--listen", f"127.0.0.1:{self.port}"],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline and "dashboard on" not in self.text():
            assert self.process.poll() is None, self.text()
            time.sleep(0.1)
        assert "dashboard on" in self.text(), self.text()

    def text(self):
        return open(self.log_path, encoding="utf-8").read()

    def sign_in(self, name, password):
        """A staff member's cookie (`labkiosk_session=…`), signed in without a browser."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("POST", "/sign-in", urllib.parse.urlencode({"name": name, "password": password}),
                           {"Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 303, answer.status
        return answer.getheader("Set-Cookie").split(";")[0]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
