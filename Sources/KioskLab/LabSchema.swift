/// The lab database's tables (docs/lab.md), as migrations that run once each, in order. A
/// new table or column is a new migration at the end; one already applied is never edited.
/// They are written for PostgreSQL and run on SQLite as well (`SQLiteLabDatabase`): times
/// the kiosk or the dashboard sets itself are seconds since 1970, flags are 0 or 1.
public enum LabSchema {
    public static let migrations: [String] = [
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
    ]

    /// How many migrations the database has had (0 before the first).
    public static func applied(_ database: any LabDatabase) -> Int {
        (try? database.value("SELECT count(*) FROM migration")).flatMap { $0.flatMap { Int($0) } } ?? 0
    }

    /// Applies the migrations the database has not had yet, each in its own transaction, with
    /// a lock so that two kiosks starting at once do not both apply one.
    /// - Returns: how many were applied now.
    @discardableResult
    public static func migrate(_ database: any LabDatabase) throws -> Int {
        // Up to date: nothing to lock or create (a kiosk's or the dashboard's role may not).
        if applied(database) == migrations.count { return 0 }
        return try database.holding(4242001) {
            try database.run("CREATE TABLE IF NOT EXISTS migration (version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())")
            var appliedNow = 0
            for (index, sql) in migrations.enumerated() {
                try database.transaction {
                    let version = LabValue.integer(index + 1)
                    guard try database.value("SELECT count(*) FROM migration WHERE version = $1", [version]) == "0" else { return }
                    try database.runScript(sql)
                    try database.run("INSERT INTO migration(version) VALUES ($1)", [version])
                    appliedNow += 1
                }
            }
            return appliedNow
        }
    }
}
