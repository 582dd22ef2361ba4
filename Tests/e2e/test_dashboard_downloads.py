"""A study's downloads (docs/dashboard.md: The study's files, The study as one BIDS dataset)
from kiosks whose participant IDs and file names do not agree: P-105 on one kiosk and P105 on
another are two subjects, two kiosks' sessions begun in the same second are two runs, and no
name a kiosk gave climbs out of the zip or stops it unpacking on Windows."""
import io
import os
import shutil
import subprocess
import urllib.error
import urllib.parse
import urllib.request
import zipfile

from lab_database import Dashboard, kiosk_data


def lab_binary(labkiosk):
    return os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")


def download(dashboard, cookie, path):
    request = urllib.request.Request(dashboard.url + path + "?study=lab-study", headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read()


def test_ids_that_keep_the_same_letters_are_two_subjects_and_names_stay_in_the_zip(labkiosk, postgres, tmp_path):
    lab = lab_binary(labkiosk)
    first = kiosk_data(labkiosk, tmp_path / "k1", ["P-105", "R-306"])
    second = kiosk_data(labkiosk, tmp_path / "k2", ["P105", "R306"])
    # A third kiosk's sessions begun in the same seconds as the first's: its folder's copy.
    shutil.copytree(tmp_path / "k1", tmp_path / "k3")
    for kiosk, data in [("kiosk-1", first), ("kiosk-2", second), ("kiosk-3", tmp_path / "k3" / "data")]:
        sent = subprocess.run([lab, "send", "--database", postgres.url, "--data", data, "--kiosk", kiosk], capture_output=True, text=True, timeout=120)
        assert sent.returncode == 0, sent.stdout + sent.stderr
    # Files named as a kiosk that means harm would name them (the lab's functions take such
    # names: they are the kiosk's own files).
    [[journal]] = postgres.psql("SELECT journal FROM session WHERE kiosk = 'kiosk-1' LIMIT 1")
    postgres.psql("INSERT INTO content(sha256, bytes, data) VALUES (encode(sha256('#!'::bytea), 'hex'), 2, '#!'::bytea) ON CONFLICT DO NOTHING")
    for path in ["../../../../tmp/escaped.sh", 'P1/<b>"quoted"|:1.dat']:
        postgres.psql(f"INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256) "
                      f"VALUES ('kiosk-1', $${path}$$, $${journal}$$, 0, false, 2, encode(sha256('#!'::bytea), 'hex'))")
    assert subprocess.run([lab, "staff", "add", "--database", postgres.url, "alice"], input="correct horse\n",
                          capture_output=True, text=True, timeout=60).returncode == 0
    dashboard = Dashboard([lab], str(tmp_path), "--database", postgres.url)
    try:
        cookie = dashboard.sign_in("alice", "correct horse")

        status, body = download(dashboard, cookie, "/study.zip")
        assert status == 200, body
        files = zipfile.ZipFile(io.BytesIO(body))
        names = files.namelist()
        assert not [name for name in names if ".." in name.split("/") or name.startswith("/")], names
        assert "kiosk-1/P1/_b__quoted___1.dat" in names, names
        assert not [name for name in names if set(name) & set('<>:"\\|?*')], names
        assert "../../../../tmp/escaped.sh: not a path inside a kiosk's data folder" in files.read("NOT-INCLUDED.txt").decode()

        status, body = download(dashboard, cookie, "/study-bids.zip")
        assert status == 200, body[:2000]
        dataset = zipfile.ZipFile(io.BytesIO(body))
        [root] = {name.split("/")[0] for name in dataset.namelist() if name != "NOT-INCLUDED.txt"}
        participants = dataset.read(f"{root}/participants.tsv").decode().splitlines()
        assert participants == ["participant_id\tsource_id", "sub-P105\tP-105", "sub-P105n2\tP105", "sub-R306\tR-306", "sub-R306n2\tR306"], participants
        runs = sorted(name.rsplit("_", 2)[-2] for name in dataset.namelist() if name.startswith(f"{root}/sub-P105/") and name.endswith("_events.tsv"))
        assert runs == ["run-1", "run-2"], dataset.namelist()
        assert b"/tmp/" not in body

        # A log that makes no dataset: staff are told why, with the kiosk's name for it, and no server path.
        postgres.psql(f"INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256) "
                      f"VALUES ('kiosk-1', 'P1/broken.csv', $${journal}$$, 0, false, 2, encode(sha256('#!'::bytea), 'hex'))")
        status, body = download(dashboard, cookie, "/study-bids.zip")
        assert status == 422 and body.decode().startswith("The BIDS dataset could not be made: kiosk-1/P1/broken.csv"), (status, body)
        assert b"/tmp" not in body and b"labkiosk-bids" not in body
    finally:
        dashboard.stop()
