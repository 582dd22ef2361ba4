/// The lab database's tables (docs/lab.md), as migrations that run once each, in order. A
/// new table or column is a new migration at the end; one already applied is never edited.
/// They are written for PostgreSQL and run on SQLite as well (`SQLiteLabDatabase`): times
/// the kiosk or the dashboard sets itself are seconds since 1970, flags are 0 or 1. One that
/// needs what SQLite lacks (changing a column's type, PL/pgSQL) says what SQLite runs instead.
public enum LabSchema {
    /// One migration: the same statements for both databases, or PostgreSQL's and SQLite's.
    public struct Migration: ExpressibleByStringLiteral, Sendable {
        public let postgres: String
        public let sqlite: String

        public init(stringLiteral sql: String) {
            postgres = sql
            sqlite = sql
        }

        public init(postgres: String, sqlite: String) {
            self.postgres = postgres
            self.sqlite = sqlite
        }
    }

    public static let migrations: [Migration] = [
        """
        CREATE TABLE kiosk (name text PRIMARY KEY, last_contact timestamptz NOT NULL DEFAULT now());
        CREATE TABLE session (
            kiosk text NOT NULL REFERENCES kiosk, journal text NOT NULL,
            study text NOT NULL, plan text NOT NULL, participant text NOT NULL, visit text,
            started text NOT NULL, completed text, declined text,
            PRIMARY KEY (kiosk, journal));
        CREATE TABLE block (
            kiosk text NOT NULL, journal text NOT NULL, place integer NOT NULL,
            plan_block integer NOT NULL, title text NOT NULL, state text NOT NULL, began text, ended text,
            PRIMARY KEY (kiosk, journal, place),
            FOREIGN KEY (kiosk, journal) REFERENCES session ON DELETE CASCADE);
        CREATE TABLE figure (
            kiosk text NOT NULL, journal text NOT NULL, place integer NOT NULL, name text NOT NULL, value text NOT NULL,
            PRIMARY KEY (kiosk, journal, place, name),
            FOREIGN KEY (kiosk, journal, place) REFERENCES block ON DELETE CASCADE);
        -- Each file's bytes once, by their SHA-256; files name them.
        CREATE TABLE content (sha256 text PRIMARY KEY, bytes bigint NOT NULL, data bytea NOT NULL);
        CREATE TABLE file (
            kiosk text NOT NULL, path text NOT NULL, journal text NOT NULL, place integer NOT NULL,
            partial boolean NOT NULL, bytes bigint NOT NULL, sha256 text NOT NULL REFERENCES content,
            received timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, path),
            FOREIGN KEY (kiosk, journal) REFERENCES session);
        -- A file a kiosk sent again with other bytes: kept out, flagged for staff.
        CREATE TABLE refused_file (
            kiosk text NOT NULL, path text NOT NULL, sent_sha256 text NOT NULL, offered_sha256 text NOT NULL,
            noticed timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, path, offered_sha256));
        """,
        """
        -- The journal's counterbalancing decisions (its `order` lines), one per line.
        ALTER TABLE session ADD COLUMN orders text NOT NULL DEFAULT '';
        -- A file a kiosk could not send (changed after its journal sealed it, or unreadable), until it can.
        CREATE TABLE unsent_file (
            kiosk text NOT NULL, path text NOT NULL, reason text NOT NULL, noticed timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, path));
        -- Staff who sign in to the dashboard: a yescrypt hash of the password, never the password.
        CREATE TABLE staff (
            name text PRIMARY KEY, password_hash text NOT NULL, admin integer NOT NULL DEFAULT 0,
            added bigint NOT NULL);
        -- A signed-in browser: the SHA-256 of its cookie's token, never the token.
        CREATE TABLE staff_session (
            token_sha256 text PRIMARY KEY, staff text NOT NULL REFERENCES staff ON DELETE CASCADE,
            expires bigint NOT NULL);
        """,
        """
        -- Each kiosk's roster (its roster.txt): registrations, and withdrawals when there are.
        CREATE TABLE roster_entry (
            kiosk text NOT NULL REFERENCES kiosk, study text NOT NULL, participant text NOT NULL,
            registered text NOT NULL, assigned_group text NOT NULL, notes text NOT NULL,
            withdrawn text, withdrawn_by text, withdrawn_reason text,
            PRIMARY KEY (kiosk, study, participant));
        -- The studies a kiosk runs: its desk's plans and the studies of its sessions. A kiosk
        -- reads the roster and visits of these studies from every kiosk.
        CREATE TABLE kiosk_study (kiosk text NOT NULL REFERENCES kiosk, study text NOT NULL, PRIMARY KEY (kiosk, study));
        -- Each study's visits as the kiosk's plan has them, in order.
        CREATE TABLE study_visit (
            kiosk text NOT NULL, study text NOT NULL, place integer NOT NULL,
            visit text NOT NULL, day integer NOT NULL, window_days integer NOT NULL,
            PRIMARY KEY (kiosk, study, place),
            FOREIGN KEY (kiosk, study) REFERENCES kiosk_study ON DELETE CASCADE);
        -- Wrong passwords in a row for a name typed at the dashboard's sign-in (an account's or
        -- not), and until when its sign-ins are refused (seconds since 1970).
        CREATE TABLE sign_in_failure (
            name text PRIMARY KEY, failures integer NOT NULL, last_failure bigint NOT NULL, locked_until bigint NOT NULL);
        """,
        Migration(postgres: refusedRow + """
            -- A time as kiosks write them (`2026-11-24 18:05:12`); NULL for any other text, also for
            -- those PostgreSQL would take (' ' is none, 'now' and 'epoch' are not what a kiosk writes).
            CREATE FUNCTION lab_time(candidate text) RETURNS timestamp(0) LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
            BEGIN
                IF candidate !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' THEN RETURN NULL; END IF;
                RETURN candidate::timestamp(0);
            EXCEPTION WHEN datetime_field_overflow OR invalid_datetime_format THEN RETURN NULL;
            END $$;
            -- The earliest registration counts: registration times are times, compared as times. One
            -- that is none is kept out and flagged.
            INSERT INTO refused_row(kiosk, what, kept, offered)
                SELECT kiosk, 'registration of ' || participant || ' for ' || study, '', registered FROM roster_entry
                WHERE lab_time(registered) IS NULL ON CONFLICT DO NOTHING;
            DELETE FROM roster_entry WHERE lab_time(registered) IS NULL;
            ALTER TABLE roster_entry ALTER COLUMN registered TYPE timestamp(0) USING lab_time(registered);
            -- Which studies' rosters and sessions a kiosk reads is the administrator's grant
            -- (`labkiosk-lab role grant`), which may come before the kiosk's first send; the rows
            -- kiosks wrote there themselves go. A kiosk's plans' visits are its own, granted or not.
            ALTER TABLE study_visit DROP CONSTRAINT study_visit_kiosk_study_fkey;
            ALTER TABLE kiosk_study DROP CONSTRAINT kiosk_study_kiosk_fkey;
            DELETE FROM kiosk_study;
            -- Bytes were kept under the SHA-256 their kiosk said they had: each file whose bytes are
            -- not what its SHA-256 says is flagged.
            INSERT INTO refused_row(kiosk, what, kept, offered)
                SELECT f.kiosk, 'file ' || f.path, f.sha256, encode(sha256(c.data), 'hex') FROM file f JOIN content c USING (sha256)
                WHERE encode(sha256(c.data), 'hex') <> c.sha256 ON CONFLICT DO NOTHING;
            """, sqlite: refusedRow),
        """
        -- Each session's journal (its batch.txt) as its kiosk last sent it, its bytes in `content`
        -- under the SHA-256 the lab computed. A journal only grows: the lab takes a later send only
        -- when it begins with the bytes the lab holds, so the versions before stay in `content`.
        CREATE TABLE session_journal (
            kiosk text NOT NULL, journal text NOT NULL, bytes bigint NOT NULL, sha256 text NOT NULL REFERENCES content,
            received timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, journal),
            FOREIGN KEY (kiosk, journal) REFERENCES session ON DELETE CASCADE);
        """,
        """
        -- What simulated a session's participant (its journal's `simulated` line), or a
        -- registration's; NULL for a person. The lab files them under the study's dry run
        -- (LabDryRun), so the two never mix.
        ALTER TABLE session ADD COLUMN simulated text;
        ALTER TABLE roster_entry ADD COLUMN simulated text;
        """,
        """
        -- Each kiosk's timing certificates (docs/timing.md), as it wrote them, under the SHA-256
        -- the lab computed: never changed once in. The latest made is the kiosk's certificate.
        CREATE TABLE timing_certificate (
            kiosk text NOT NULL REFERENCES kiosk, path text NOT NULL, made text NOT NULL, certificate text NOT NULL,
            sha256 text NOT NULL, received timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, path));
        """,
    ]

    /// What a kiosk sent again otherwise than the lab has it, or in a form the lab does not take
    /// (docs/lab.md: Who may do what): kept out, and flagged for staff like a refused file.
    private static let refusedRow = """
        CREATE TABLE refused_row (
            kiosk text NOT NULL, what text NOT NULL, kept text NOT NULL, offered text NOT NULL,
            noticed timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kiosk, what, offered));

        """

    /// How many migrations the database has had (0 before the first).
    public static func applied(_ database: any LabDatabase) -> Int {
        (try? database.value("SELECT count(*) FROM migration")).flatMap { $0.flatMap { Int($0) } } ?? 0
    }

    /// Applies the migrations the database has not had yet, each in its own transaction, with
    /// a lock so that two kiosks starting at once do not both apply one. On PostgreSQL, the
    /// kiosks' functions and everyone's rights (LabAccess) come in the last one's transaction,
    /// so that no send finds the tables without the functions it writes through.
    /// - Parameter through: the last migration to apply (a database as an older build left it,
    ///   to test an upgrade); its functions and rights wait for the last one.
    /// - Returns: how many were applied now.
    @discardableResult
    public static func migrate(_ database: any LabDatabase, through last: Int = migrations.count) throws -> Int {
        // Up to date: nothing to lock or create (a kiosk's or the dashboard's role may not).
        if applied(database) >= last { return 0 }
        return try database.holding(4242001) {
            try database.run("CREATE TABLE IF NOT EXISTS migration (version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())")
            var appliedNow = 0
            for (index, migration) in migrations.prefix(last).enumerated() {
                try database.transaction {
                    let version = LabValue.integer(index + 1)
                    guard try database.value("SELECT count(*) FROM migration WHERE version = $1", [version]) == "0" else { return }
                    try database.runScript(database.dialect == .postgres ? migration.postgres : migration.sqlite)
                    try database.run("INSERT INTO migration(version) VALUES ($1)", [version])
                    // The last migration commits with the functions and rights: a send killed
                    // between them would leave tables no kiosk could write through.
                    if index + 1 == migrations.count, database.dialect == .postgres { try database.runScript(LabAccess.script) }
                    appliedNow += 1
                }
            }
            return appliedNow
        }
    }
}
