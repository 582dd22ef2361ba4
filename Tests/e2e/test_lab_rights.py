"""Who may do what in the lab database (docs/lab.md: Who may do what), as a matrix against a
real PostgreSQL: for every table, each of select, insert, update and delete by a kiosk's role,
on its own rows and on another kiosk's, in a study the lab's administrator granted it and in
one it did not; for every function, a kiosk's call in its own name and in another's; and the
dashboard's role likewise. Every answer is asserted, every denial by its message."""
import subprocess

import pytest

from lab_database import kiosk_data

GRANTED, NOT_GRANTED = "granted-study", "other-study"
STUDIES = [GRANTED, NOT_GRANTED]
PASSWORDS = {"kiosk-a": "kiosk a's secret", "kiosk-b": "kiosk b's secret", "dashboard": "the dashboard's secret"}
# 'a file' in hex: each kiosk's file of each study holds its own bytes (content has no kiosk column).
KIOSK_TABLES = ["timing_certificate", "session", "session_journal", "block", "figure", "file", "refused_file", "refused_row", "unsent_file", "roster_entry", "study_visit", "kiosk_study"]
STUDY_TABLES = ["session", "roster_entry"]
KIOSK_FUNCTIONS = {
    "lab_contact": "",
    "lab_files_held": "",
    "lab_send_session": ", '{study}/new/batch.txt', '{study}', 'plan', 'P7', NULL, '2026-03-01 09:00:00', ''",
    "lab_send_block": ", '{study}/batch.txt', 1, 1, 'Block', 'complete', NULL, NULL",
    "lab_send_figure": ", '{study}/batch.txt', 1, 'accuracy', '0.5'",
    "lab_end_session": ", '{study}/batch.txt', '2026-03-01 10:00:00', NULL",
    "lab_send_file": ", '{study}/batch.txt', 1, '{study}/other.tsv', false, encode(sha256('other'::bytea), 'hex'), 'other'::bytea",
    # Kiosk a's journal of the study, grown by a line.
    "lab_send_journal": ", '{study}/batch.txt', encode(sha256('kiosk-a {study} journal\n+'::bytea), 'hex'), 'kiosk-a {study} journal\n+'::bytea",
    "lab_offer_held_file": ", '{study}/log.tsv', 'f' || repeat('0', 63)",
    "lab_file_unsent": ", '{study}/gone.tsv', 'unreadable'",
    "lab_register": ", '{study}', 'P8', '2026-03-01 09:00:00', '', ''",
    "lab_withdraw": ", '{study}', 'P1', '2026-03-02 09:00:00', 'staff', ''",
    "lab_forget_visits": ", '{study}'",
    "lab_add_visit": ", '{study}', 9, 'extra', 30, 1",
    "lab_send_certificate": ", '{study}/2_timing_certificate.txt', '2026-03-02 09:00:00', E'labkiosk timing certificate\\nmade: 2026-03-02 09:00:00\\n'",
}
INTERNAL_FUNCTIONS = {"lab_kiosk": "'kiosk-a'", "lab_refuse": "'kiosk-a', 'x', 'y', 'z'", "lab_time": "'2026-03-01 09:00:00'",
                      "lab_kept_apart": "'kiosk-a', 'x', 'study', 'P1', NULL"}


def seed(postgres, kiosk, study):
    """One kiosk's rows of one study in every table, through the lab's functions as the owner."""
    q = f"'{kiosk}', "
    journal = f"'{study}/batch.txt'"
    data = f"'{kiosk} {study}'::bytea"
    journal_data = f"'{kiosk} {study} journal\n'::bytea"
    postgres.psql(f"""
        SELECT lab_contact('{kiosk}');
        SELECT lab_send_session({q}{journal}, '{study}', 'plan', 'P1', NULL, '2026-03-01 09:00:00', '');
        SELECT lab_send_block({q}{journal}, 1, 1, 'Block', 'complete', '2026-03-01 09:00:01', '2026-03-01 09:10:00');
        SELECT lab_send_figure({q}{journal}, 1, 'accuracy', '0.9');
        SELECT lab_send_file({q}{journal}, 1, '{study}/log.tsv', false, encode(sha256({data}), 'hex'), {data});
        SELECT lab_end_session({q}{journal}, '2026-03-01 09:10:00', NULL);
        SELECT lab_send_journal({q}{journal}, encode(sha256({journal_data}), 'hex'), {journal_data});
        SELECT lab_offer_held_file({q}'{study}/log.tsv', repeat('0', 64));
        SELECT lab_file_unsent({q}'{study}/missing.tsv', 'unreadable');
        SELECT lab_register({q}'{study}', 'P1', '2026-03-01 09:00:00', 'A-B', 'staff notes of {kiosk}');
        SELECT lab_register({q}'{study}', 'P2', ' ', 'forged', 'forged');
        SELECT lab_add_visit({q}'{study}', 1, 'baseline', 0, 0);
        SELECT lab_send_certificate({q}'{study}/1_timing_certificate.txt', '2026-03-01 09:00:00',
                                    E'labkiosk timing certificate\\nmade: 2026-03-01 09:00:00\\nkiosk: {kiosk}\\n');
        INSERT INTO kiosk_study VALUES ('{kiosk}', '{study}') ON CONFLICT DO NOTHING;
        """)


def rows_of(table, kiosk, study):
    """A WHERE clause for one kiosk's rows of one study in `table`."""
    if table == "kiosk":
        return f"name = '{kiosk}'"
    if table == "content":
        return f"sha256 = encode(sha256('{kiosk} {study}'::bytea), 'hex')"
    of_study = {"block": f"journal = '{study}/batch.txt'", "session_journal": f"journal = '{study}/batch.txt'", "figure": f"journal = '{study}/batch.txt'", "file": f"journal = '{study}/batch.txt'",
                "refused_file": f"path LIKE '{study}/%'", "unsent_file": f"path LIKE '{study}/%'",
                "refused_row": f"what LIKE '%{study}'", "timing_certificate": f"path LIKE '{study}/%'"}.get(table, f"study = '{study}'")
    return f"kiosk = '{kiosk}' AND {of_study}"


@pytest.fixture
def lab(labkiosk, postgres):
    """A lab with kiosks a and b, each with rows of both studies in every table; kiosk a is
    granted GRANTED only, kiosk b both; a dashboard role; a staff account."""
    import os
    binary = os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")
    assert subprocess.run([binary, "migrate", "--database", postgres.url], capture_output=True).returncode == 0
    for role, password in PASSWORDS.items():
        added = subprocess.run([binary, "role", "add", "--database", postgres.url, *(["--dashboard"] if role == "dashboard" else []), role],
                               input=password + "\n", capture_output=True, text=True, timeout=60)
        assert added.returncode == 0, added.stdout + added.stderr
    for kiosk in ["kiosk-a", "kiosk-b"]:
        for study in STUDIES:
            seed(postgres, kiosk, study)
    postgres.psql("DELETE FROM kiosk_study WHERE kiosk = 'kiosk-a' AND study <> 'granted-study'")
    postgres.psql("INSERT INTO staff VALUES ('alice', 'x', 1, 0); INSERT INTO staff_session VALUES ('t', 'alice', 0); "
                  "INSERT INTO sign_in_failure VALUES ('bob', 1, 0, 0)")
    return postgres


def as_role(postgres, role, sql):
    return postgres.try_psql(sql, role, PASSWORDS[role])


def every_table(postgres):
    return [row[0] for row in postgres.psql("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")]


def first_column(postgres, table):
    return postgres.psql(f"SELECT attname FROM pg_attribute WHERE attrelid = '{table}'::regclass AND attnum = 1")[0][0]


def denied(answer, what, message="permission denied"):
    status, _, errors = answer
    assert status != 0 and message in errors, (what, errors)


def test_a_kiosk_reads_its_own_rows_and_granted_studies_and_writes_no_table(lab):
    tables = every_table(lab)
    assert set(KIOSK_TABLES) | {"kiosk", "content", "migration", "staff", "staff_session", "sign_in_failure"} == set(tables), tables
    targets = {"own, granted study": ("kiosk-a", GRANTED), "own, study not granted": ("kiosk-a", NOT_GRANTED),
               "another's, granted study": ("kiosk-b", GRANTED), "another's, study not granted": ("kiosk-b", NOT_GRANTED)}
    checked = 0
    for table in tables:
        column = first_column(lab, table)
        for target, (kiosk, study) in targets.items():
            where = rows_of(table, kiosk, study) if table not in ("migration", "staff", "staff_session", "sign_in_failure") else "true"
            [[there]] = lab.psql(f"SELECT count(*) FROM {table} WHERE {where}")
            # Every row is there (the owner sees it), but the grant kiosk a was not given.
            assert int(there) > 0 or (table, kiosk, study) == ("kiosk_study", "kiosk-a", NOT_GRANTED), (table, target)
            what = (table, target)
            # select
            answer = as_role(lab, "kiosk-a", f"SELECT count(*) FROM {table} WHERE {where}")
            if table in ("content", "staff", "staff_session", "sign_in_failure"):
                denied(answer, what)
            else:
                readable = int(there) > 0 and (table == "migration" or kiosk == "kiosk-a" or (table in STUDY_TABLES and study == GRANTED))
                assert answer[0] == 0 and (int(answer[1]) > 0) == readable, (what, answer)
            # insert, update, delete: never, on any row
            denied(as_role(lab, "kiosk-a", f"INSERT INTO {table} SELECT * FROM {table} WHERE {where}"), what + ("insert",))
            denied(as_role(lab, "kiosk-a", f"UPDATE {table} SET {column} = {column} WHERE {where}"), what + ("update",))
            denied(as_role(lab, "kiosk-a", f"DELETE FROM {table} WHERE {where}"), what + ("delete",))
            assert lab.psql(f"SELECT count(*) FROM {table} WHERE {where}") == [[there]], what
            checked += 4
    assert checked == len(tables) * 4 * 4


def test_a_kiosk_calls_the_labs_functions_in_its_own_name_only(lab):
    functions = [row[0] for row in lab.psql("SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1")]
    assert sorted(functions) == sorted([*KIOSK_FUNCTIONS, *INTERNAL_FUNCTIONS]), functions
    before = lab.psql("SELECT kiosk, journal, study, participant, started, completed FROM session WHERE kiosk = 'kiosk-b' ORDER BY 2")
    roster_before = lab.psql("SELECT * FROM roster_entry WHERE kiosk = 'kiosk-b' ORDER BY study, participant")
    for function, arguments in KIOSK_FUNCTIONS.items():
        for study in STUDIES:
            call = f"SELECT * FROM {function}('kiosk-b'{arguments.format(study=study)})"
            denied(as_role(lab, "kiosk-a", call), (function, study, "in another's name"), "kiosk kiosk-a may not write as kiosk-b")
            status, out, errors = as_role(lab, "kiosk-a", call.replace("'kiosk-b'", "'kiosk-a'", 1))
            if function == "lab_offer_held_file" or (function == "lab_send_block" and study == GRANTED):
                # Its file is the one it sent; its session of GRANTED ended: a block sent otherwise is refused.
                assert status == 0 and out.split() == ["refused"], (function, study, out, errors)
            else:
                assert status == 0, (function, study, errors)
        denied(as_role(lab, "dashboard", f"SELECT * FROM {function}('kiosk-a'{arguments.format(study=GRANTED)})"), (function, "dashboard"))
    for function, arguments in INTERNAL_FUNCTIONS.items():
        denied(as_role(lab, "kiosk-a", f"SELECT {function}({arguments})"), (function, "kiosk"))
        denied(as_role(lab, "dashboard", f"SELECT {function}({arguments})"), (function, "dashboard"))
    # A simulated session or registration of a participant the lab has as a person (kiosk b's P1)
    # is kept apart and flagged (docs/lab.md: Simulated participants); nothing of it is taken.
    for call in [f"lab_send_session('kiosk-a', 'sim/batch.txt', '{GRANTED}', 'plan', 'P1', NULL, '2026-03-01 09:00:00', '', 'model m, seed 1')",
                 f"lab_register('kiosk-a', '{GRANTED}', 'P1', '2026-03-01 09:00:00', '', '', 'model m, seed 1')"]:
        status, out, errors = as_role(lab, "kiosk-a", f"SELECT {call}")
        assert status == 0 and out.split() == ["apart"], (call, out, errors)
    assert lab.psql("SELECT count(*) FROM session WHERE journal = 'sim/batch.txt'") == [["0"]]
    assert lab.psql(f"SELECT offered FROM refused_row WHERE kiosk = 'kiosk-a' AND kept LIKE 'P1: a real participant of {GRANTED}%'") \
        == [["simulated (model m, seed 1)"]] * 2
    # Kiosk a's calls changed none of kiosk b's rows, in either study.
    assert lab.psql("SELECT kiosk, journal, study, participant, started, completed FROM session WHERE kiosk = 'kiosk-b' ORDER BY 2") == before
    assert lab.psql("SELECT * FROM roster_entry WHERE kiosk = 'kiosk-b' ORDER BY study, participant") == roster_before
    # What it holds is its own files and journals only.
    held = as_role(lab, "kiosk-a", "SELECT file_path FROM lab_files_held('kiosk-a') WHERE file_sha256 IS NOT NULL ORDER BY 1")
    assert held[1].split() == [f"{study}/{name}" for study in [GRANTED, NOT_GRANTED] for name in ["batch.txt", "log.tsv", "other.tsv"]], held
    # Its journals grew by a line; the versions before stay in content, as the lab hashed them.
    assert lab.psql("SELECT count(*) FROM session_journal j JOIN content c USING (sha256) "
                    "WHERE j.kiosk = 'kiosk-a' AND encode(c.data, 'escape') LIKE '%journal' || chr(10) || '+'") == [["2"]]


def test_a_timing_certificate_sent_is_fixed_and_one_that_differs_is_flagged(lab):
    path = f"'{GRANTED}/1_timing_certificate.txt'"
    sent = "E'labkiosk timing certificate\\nmade: 2026-03-01 09:00:00\\nkiosk: kiosk-a\\n'"
    def call(text, made="'2026-03-01 09:00:00'"):
        status, out, errors = as_role(lab, "kiosk-a", f"SELECT lab_send_certificate('kiosk-a', {path}, {made}, {text})")
        assert status == 0, errors
        return out.strip()
    assert call(sent) == "same"
    assert call("E'labkiosk timing certificate\\nmade: 2026-03-01 09:00:00\\nkiosk: kiosk-a\\nvisual onset: lag 0.000 ms\\n'") == "refused"
    assert call("'valid: yes'") == "refused", "a text that is no certificate"
    assert call(sent, made="'2026-03-05 09:00:00'") == "refused", "a certificate not made when it says"
    assert lab.psql(f"SELECT certificate = {sent} FROM timing_certificate WHERE kiosk = 'kiosk-a' AND path = {path}") == [["t"]], \
        "what was sent first stays"
    [[kept]] = lab.psql(f"SELECT encode(sha256(convert_to(certificate, 'UTF8')), 'hex') = sha256 FROM timing_certificate "
                        f"WHERE kiosk = 'kiosk-a' AND path = {path}")
    assert kept == "t", "the lab hashed it itself"
    assert lab.psql(f"SELECT count(*) FROM refused_row WHERE kiosk = 'kiosk-a' AND what = 'timing certificate {GRANTED}/1_timing_certificate.txt'") \
        == [["3"]]


def test_the_dashboard_reads_every_table_and_writes_only_staff_sign_ins(lab):
    writes = {"staff": {"insert"}, "staff_session": {"insert", "delete"}, "sign_in_failure": {"insert", "update", "delete"}}
    for table in every_table(lab):
        column = first_column(lab, table)
        status, out, _ = as_role(lab, "dashboard", f"SELECT count(*) FROM {table}")
        assert status == 0 and out.split() == lab.psql(f"SELECT count(*) FROM {table}")[0], table
        statements = {"insert": f"INSERT INTO {table} SELECT * FROM {table} WHERE false",
                      "update": f"UPDATE {table} SET {column} = {column} WHERE false", "delete": f"DELETE FROM {table} WHERE false"}
        for operation, sql in statements.items():
            answer = as_role(lab, "dashboard", sql)
            if operation in writes.get(table, set()):
                assert answer[0] == 0, (table, operation, answer)
            else:
                denied(answer, (table, operation))


# One test per way a kiosk could break the lab's trust before its writes went through the lab's functions.

def lab_binary(labkiosk):
    import os
    return os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")


def kiosks(labkiosk, postgres, *names):
    """Migrates, and adds a kiosk role for each name: a send function for each, as that role."""
    import urllib.parse
    lab = lab_binary(labkiosk)
    assert subprocess.run([lab, "migrate", "--database", postgres.url], capture_output=True).returncode == 0
    for name in names:
        added = subprocess.run([lab, "role", "add", "--database", postgres.url, name], input=PASSWORDS[name] + "\n",
                               capture_output=True, text=True, timeout=60)
        assert added.returncode == 0, added.stdout + added.stderr

    def send(name, data):
        url = f"postgresql://{name}:{urllib.parse.quote(PASSWORDS[name])}@127.0.0.1:{postgres.port}/lab"
        return subprocess.run([lab, "send", "--database", url, "--data", data], capture_output=True, text=True, timeout=120)
    return send


def register(data, participant, time, notes="", study="lab-study"):
    """Registers `participant` in a data folder's roster.txt, as the desk writes it."""
    roster = data / "roster.txt"
    text = roster.read_text() if roster.exists() else "labkiosk roster 1\n"
    roster.write_text(text + f"registered\t{time}\t{participant}\t{study}\tA-B\t{notes}\n")


def test_what_a_kiosk_sent_is_fixed_and_a_send_that_differs_is_flagged(labkiosk, postgres, tmp_path):
    import glob
    send = kiosks(labkiosk, postgres, "kiosk-a")
    data = kiosk_data(labkiosk, tmp_path / "a", ["R301"])
    assert send("kiosk-a", data).returncode == 0
    denied(as_role(postgres, "kiosk-a", "UPDATE session SET participant = 'R399', study = 'moved-elsewhere', started = '1999-01-01 00:00:00' "
                                        "WHERE participant = 'R301'"), "relabel")
    denied(as_role(postgres, "kiosk-a", "DELETE FROM figure"), "delete figures")
    denied(as_role(postgres, "kiosk-a", "DELETE FROM block"), "delete blocks")

    # The kiosk's folder says otherwise now (its journal edited): the lab keeps what was sent, and flags it.
    [journal_path] = glob.glob(str(data / "R301" / "*" / "batch.txt"))
    journal = open(journal_path, encoding="utf-8").read()
    assert "participant R301\n" in journal and "figure 2 accuracy=" in journal, journal
    edited = journal.replace("participant R301\n", "participant R399\n")
    open(journal_path, "w", encoding="utf-8").write(edited)
    again = send("kiosk-a", data)
    relative = journal_path[len(str(data)) + 1:]
    assert again.returncode == 1 and f"refused: session {relative}: the lab keeps what was sent first (flagged)" in again.stdout, again.stdout
    assert postgres.psql("SELECT participant, study FROM session") == [["R301", "lab-study"]]
    assert postgres.psql("SELECT what FROM refused_row") == [[f"session {relative}"]]

    # A figure of the ended session sent otherwise: kept as sent, flagged.
    accuracy = edited.split("figure 2 accuracy=")[1].split("\n")[0]
    open(journal_path, "w", encoding="utf-8").write(journal.replace(f"figure 2 accuracy={accuracy}", "figure 2 accuracy=1.000"))
    figure = send("kiosk-a", data)
    assert figure.returncode == 1 and f"refused: figure accuracy of block 2 of {relative}" in figure.stdout, figure.stdout
    assert postgres.psql("SELECT value FROM figure WHERE name = 'accuracy'") == [[accuracy]]
    open(journal_path, "w", encoding="utf-8").write(journal)
    assert send("kiosk-a", data).returncode == 0, "the folder as sent: nothing to flag"
    assert postgres.psql("SELECT count(*) FROM block") == [["2"]]


def test_a_journal_reaches_the_lab_and_only_grows(labkiosk, postgres, tmp_path):
    """The lab holds each session's journal as the kiosk wrote it, hashed by the lab: a journal
    that grew is taken, one that lost or changed a line is kept out and flagged."""
    import glob
    import hashlib
    send = kiosks(labkiosk, postgres, "kiosk-a")
    data = kiosk_data(labkiosk, tmp_path / "a", ["R301"])
    assert send("kiosk-a", data).returncode == 0
    [journal_path] = glob.glob(str(data / "R301" / "*" / "batch.txt"))
    relative = journal_path[len(str(data)) + 1:]
    journal = open(journal_path, "rb").read()

    def held():
        return postgres.psql(f"SELECT j.bytes, j.sha256, encode(sha256(c.data), 'hex') FROM session_journal j JOIN content c USING (sha256) "
                             f"WHERE j.journal = '{relative}'")
    assert held() == [[str(len(journal)), hashlib.sha256(journal).hexdigest(), hashlib.sha256(journal).hexdigest()]]
    denied(as_role(postgres, "kiosk-a", "DELETE FROM session_journal"), "delete its journal")

    # Staff ran it once more and stopped it: the journal grew, and the lab takes it.
    grown = journal + b"stopped 2026-03-02 10:00:00: staff left from the kiosk panel\n"
    open(journal_path, "wb").write(grown)
    assert send("kiosk-a", data).returncode == 0
    assert held()[0][:2] == [str(len(grown)), hashlib.sha256(grown).hexdigest()]

    # Restored from a backup that lacks that line, or with a line changed: kept out, flagged.
    for other in [journal, grown.replace(b"staff left", b"staff gone")]:
        open(journal_path, "wb").write(other)
        refused = send("kiosk-a", data)
        assert refused.returncode == 1 and f"refused: journal {relative}" in refused.stdout, refused.stdout
        assert held()[0][:2] == [str(len(grown)), hashlib.sha256(grown).hexdigest()]
    assert postgres.psql(f"SELECT count(*) FROM refused_row WHERE what = 'journal {relative}'") == [["2"]]


def test_no_kiosk_takes_a_withdrawal_away(labkiosk, postgres, tmp_path):
    send = kiosks(labkiosk, postgres, "kiosk-a")
    data = kiosk_data(labkiosk, tmp_path / "a", ["P2"])
    register(data, "P2", "2026-03-01 09:00:00")
    roster = (data / "roster.txt").read_text()
    withdrawn = labkiosk.run("roster", "withdraw", "P2", "--study", "lab-study", "--by", "alice", "--reason", "moved away", "--data", data)
    assert withdrawn.returncode == 0, withdrawn.stdout + withdrawn.stderr
    assert send("kiosk-a", data).returncode == 0
    denied(as_role(postgres, "kiosk-a", "UPDATE roster_entry SET withdrawn = NULL, withdrawn_by = NULL, withdrawn_reason = NULL "
                                        "WHERE participant = 'P2'"), "undo a withdrawal")
    # roster.txt restored from a backup made before the withdrawal: the send changes nothing.
    (data / "roster.txt").write_text(roster)
    restored = send("kiosk-a", data)
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert postgres.psql("SELECT withdrawn_by, withdrawn_reason FROM roster_entry WHERE participant = 'P2'") == [["alice", "moved away"]]
    copy = (data / "lab-copy.txt").read_text()
    assert "withdrawn\t" in copy and "\tP2\tlab-study\talice\tmoved away" in copy, copy


def test_the_lab_hashes_every_byte_and_no_kiosk_sees_what_others_hold(labkiosk, postgres, tmp_path):
    import glob
    import hashlib
    send = kiosks(labkiosk, postgres, "kiosk-a", "kiosk-b")
    a = kiosk_data(labkiosk, tmp_path / "a", ["P1"])
    b = kiosk_data(labkiosk, tmp_path / "b", ["P9"])
    assert send("kiosk-b", b).returncode == 0
    [log] = glob.glob(str(a / "P1" / "*" / "*" / "*_judge.tsv"))
    sha = hashlib.sha256(open(log, "rb").read()).hexdigest()
    denied(as_role(postgres, "kiosk-b", f"INSERT INTO content VALUES ('{sha}', 4, 'EVIL')"), "poison")
    denied(as_role(postgres, "kiosk-b", "SELECT sha256 FROM content"), "list what the lab holds")
    [[journal]] = postgres.psql("SELECT journal FROM session WHERE kiosk = 'kiosk-b'")
    denied(as_role(postgres, "kiosk-b", f"SELECT lab_send_file('kiosk-b', '{journal}', 1, 'P9/evil.tsv', false, '{sha}', 'EVIL'::bytea)"),
           "bytes under another's SHA-256", f"with SHA-256 {hashlib.sha256(b'EVIL').hexdigest()}, not {sha}")
    assert as_role(postgres, "kiosk-b", "SELECT count(*) FROM lab_files_held('kiosk-b')")[1].split() == ["3"], "its own files and journal only"

    sent = send("kiosk-a", a)
    assert sent.returncode == 0 and "2 files sent" in sent.stdout, sent.stdout
    assert postgres.psql(f"SELECT encode(data, 'escape') = 'EVIL' FROM content WHERE sha256 = '{sha}'") == [["f"]]
    assert postgres.psql("SELECT count(*) FROM content WHERE encode(sha256(data), 'hex') <> sha256") == [["0"]]
    assert postgres.psql("SELECT count(*) FROM file f JOIN content c USING (sha256) WHERE c.bytes <> f.bytes") == [["0"]]


def test_the_studies_a_kiosk_reads_are_the_administrators_grant(labkiosk, postgres, tmp_path):
    send = kiosks(labkiosk, postgres, "kiosk-a", "kiosk-b")
    assert send("kiosk-a", kiosk_data(labkiosk, tmp_path / "a", ["P1"])).returncode == 0
    b = kiosk_data(labkiosk, tmp_path / "b", ["P9"], study_name="other-study")
    register(b, "P9", "2026-03-01 09:00:00", "staff notes", study="other-study")
    assert send("kiosk-b", b).returncode == 0
    denied(as_role(postgres, "kiosk-a", "INSERT INTO kiosk_study VALUES ('kiosk-a', 'other-study')"), "grant itself a study")
    read = "SELECT participant, notes FROM roster_entry WHERE study = 'other-study'"
    assert as_role(postgres, "kiosk-a", read) == (0, "", "")
    lab = lab_binary(labkiosk)
    granted = subprocess.run([lab, "role", "grant", "--database", postgres.url, "--study", "other-study", "kiosk-a"], capture_output=True, text=True)
    assert granted.returncode == 0 and "kiosk kiosk-a reads other-study from every kiosk" in granted.stdout, granted.stdout + granted.stderr
    assert as_role(postgres, "kiosk-a", read)[1] == "P9|staff notes\n"
    listed = subprocess.run([lab, "role", "grants", "--database", postgres.url], capture_output=True, text=True)
    assert listed.stdout == "kiosk-a\tother-study\n", listed.stdout
    subprocess.run([lab, "role", "revoke", "--database", postgres.url, "--study", "other-study", "kiosk-a"], check=True, capture_output=True)
    assert as_role(postgres, "kiosk-a", read) == (0, "", "")


def test_registration_times_are_times(labkiosk, postgres, tmp_path):
    send = kiosks(labkiosk, postgres, "kiosk-a", "kiosk-b")
    lab = lab_binary(labkiosk)
    for kiosk in ["kiosk-a", "kiosk-b"]:
        subprocess.run([lab, "role", "grant", "--database", postgres.url, "--study", "lab-study", kiosk], check=True, capture_output=True)
    a = kiosk_data(labkiosk, tmp_path / "a", ["P1"])
    register(a, "P1", "2026-03-01 09:00:00", "the real notes")
    assert send("kiosk-a", a).returncode == 0
    assert send("kiosk-b", kiosk_data(labkiosk, tmp_path / "b", ["P9"])).returncode == 0
    denied(as_role(postgres, "kiosk-b", "INSERT INTO roster_entry VALUES ('kiosk-b', 'lab-study', 'P1', '2000-01-01 00:00:00', 'forged', 'forged', NULL, NULL, NULL)"),
           "a registration by hand")
    for forged in [" ", "now", "epoch", "2026-02-30 10:00:00", "0001-01-01 00:00:00 BC"]:
        answer = as_role(postgres, "kiosk-b", f"SELECT lab_register('kiosk-b', 'lab-study', 'P1', '{forged}', 'forged order', 'forged notes')")
        assert answer[0] == 0 and answer[1].split() == ["refused"], (forged, answer)
    assert postgres.psql("SELECT count(*) FROM refused_row WHERE kiosk = 'kiosk-b' AND what = 'registration of P1 for lab-study'") == [["5"]]
    assert send("kiosk-a", a).returncode == 0
    copy = (a / "lab-copy.txt").read_text()
    assert "forged" not in copy and "registered\t2026-03-01 09:00:00\tP1\tlab-study\tA-B\tthe real notes\n" in copy, copy
    assert postgres.psql("SELECT data_type FROM information_schema.columns WHERE table_name = 'roster_entry' AND column_name = 'registered'") == \
        [["timestamp without time zone"]]


def test_an_older_lab_is_upgraded_and_what_it_holds_is_checked(labkiosk, postgres):
    """A lab database as the build before these rights left it (three migrations of seven): registration
    times that are no time are flagged and kept out; bytes stored under a SHA-256 they do not
    have are flagged; the studies kiosks granted themselves are gone."""
    lab = lab_binary(labkiosk)
    postgres.psql("CREATE DATABASE old", database="postgres")
    old = postgres.url[:-len("/lab")] + "/old"
    subprocess.run([lab, "migrate", "--database", old, "--through", "3"], check=True, capture_output=True)
    postgres.psql("""
        INSERT INTO kiosk(name) VALUES ('kiosk-a'), ('kiosk-b');
        INSERT INTO roster_entry VALUES ('kiosk-a', 's', 'P1', '2026-03-01 09:00:00', 'A-B', 'real', NULL, NULL, NULL),
                                        ('kiosk-b', 's', 'P1', ' ', 'B-A', 'forged', NULL, NULL, NULL);
        INSERT INTO kiosk_study VALUES ('kiosk-a', 's'), ('kiosk-a', 'other-study');
        INSERT INTO session(kiosk, journal, study, plan, participant, started) VALUES ('kiosk-a', 'P1/batch.txt', 's', 'p', 'P1', 'x');
        INSERT INTO content VALUES (encode(sha256('good'), 'hex'), 4, 'good'), (encode(sha256('mine'), 'hex'), 4, 'EVIL');
        INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256)
            VALUES ('kiosk-a', 'P1/log.tsv', 'P1/batch.txt', 1, false, 4, encode(sha256('mine'), 'hex'));
        """.replace("'good'", "'good'::bytea").replace("'mine'", "'mine'::bytea").replace("'EVIL'", "'EVIL'::bytea"), database="old")
    upgraded = subprocess.run([lab, "migrate", "--database", old], capture_output=True, text=True)
    assert upgraded.returncode == 0 and "4 migrations applied" in upgraded.stdout, upgraded.stdout + upgraded.stderr
    # Sessions from before the lab knew of simulated participants were people's.
    assert postgres.psql("SELECT study, simulated IS NULL FROM session", database="old") == [["s", "t"]]
    assert "no kiosk reads other kiosks' roster of a study yet" in upgraded.stdout, upgraded.stdout
    assert postgres.psql("SELECT kiosk, registered FROM roster_entry", database="old") == [["kiosk-a", "2026-03-01 09:00:00"]]
    assert postgres.psql("SELECT kiosk, what, offered FROM refused_row ORDER BY what", database="old") == [
        ["kiosk-a", "file P1/log.tsv", __import__("hashlib").sha256(b"EVIL").hexdigest()],
        ["kiosk-b", "registration of P1 for s", " "]]
    assert postgres.psql("SELECT count(*) FROM kiosk_study", database="old") == [["0"]]
