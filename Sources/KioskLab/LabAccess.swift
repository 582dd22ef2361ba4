/// Who may do what in the lab's PostgreSQL (docs/lab.md), with PostgreSQL's own grants and
/// row-level security. Each kiosk connects as a role of its own, named as the kiosk, in the
/// group `labkiosk_kiosk`, which may write no table: a kiosk writes only through the functions
/// that check what it writes (LabFunctions). It reads its own rows back, and the roster and
/// sessions of the studies the lab's administrator granted it (`kiosk_study`, `role grant`);
/// no other kiosk's blocks, figures or files, and no file's bytes. The dashboard connects as a
/// role in `labkiosk_dashboard`: it reads everything and writes only staff accounts, sign-ins
/// and refused sign-ins. The database's owner (who runs `labkiosk-lab migrate`) keeps every right.
public enum LabAccess {
    public static let kioskGroup = "labkiosk_kiosk"
    public static let dashboardGroup = "labkiosk_dashboard"

    /// The tables whose rows belong to one kiosk (their `kiosk` column; `kiosk`'s own `name`):
    /// each has a policy that keeps a kiosk to its own rows, and a kiosk's data folder read into
    /// `lab.sqlite` keeps only its kiosk's. Rows that others refer to come after those that refer
    /// to them, so that deleting in this order breaks no reference.
    public static let kioskTables = ["timing_certificate", "session_journal", "file", "figure", "block", "session", "refused_file", "refused_row", "unsent_file", "roster_entry",
                                     "study_visit", "kiosk_study"]

    /// The tables whose rows every kiosk granted the row's study may read.
    static let studyTables = ["session", "roster_entry"]

    /// Functions, grants and policies, again and again without harm: `migrate` applies them
    /// after every migration, so that a new table is covered too.
    static var script: String {
        var sql = """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'labkiosk_kiosk') THEN CREATE ROLE labkiosk_kiosk NOLOGIN; END IF;
                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'labkiosk_dashboard') THEN CREATE ROLE labkiosk_dashboard NOLOGIN; END IF;
            END $$;
            -- Nobody else makes a table or function that the lab's functions would find first.
            REVOKE CREATE ON SCHEMA public FROM PUBLIC;

            """ + LabFunctions.script + """
            REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC, labkiosk_kiosk, labkiosk_dashboard;
            REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC, labkiosk_kiosk, labkiosk_dashboard;
            GRANT EXECUTE ON FUNCTION \(LabFunctions.forKiosks.joined(separator: ", ")) TO labkiosk_kiosk;
            -- A kiosk reads (the policies below say which rows), and writes through the functions only.
            GRANT SELECT ON migration TO labkiosk_kiosk;
            GRANT SELECT ON kiosk, \(kioskTables.joined(separator: ", ")) TO labkiosk_kiosk;
            GRANT SELECT ON ALL TABLES IN SCHEMA public TO labkiosk_dashboard;
            GRANT INSERT ON staff TO labkiosk_dashboard;
            GRANT INSERT, DELETE ON staff_session TO labkiosk_dashboard;
            GRANT INSERT, UPDATE, DELETE ON sign_in_failure TO labkiosk_dashboard;
            ALTER TABLE kiosk ENABLE ROW LEVEL SECURITY;
            DROP POLICY IF EXISTS own_rows ON kiosk;
            CREATE POLICY own_rows ON kiosk FOR SELECT TO labkiosk_kiosk USING (name = current_user);
            DROP POLICY IF EXISTS dashboard_reads ON kiosk;
            CREATE POLICY dashboard_reads ON kiosk FOR SELECT TO labkiosk_dashboard USING (true);

            """
        for table in kioskTables {
            sql += """
                ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY;
                DROP POLICY IF EXISTS own_rows ON \(table);
                CREATE POLICY own_rows ON \(table) FOR SELECT TO labkiosk_kiosk USING (kiosk = current_user);
                DROP POLICY IF EXISTS dashboard_reads ON \(table);
                CREATE POLICY dashboard_reads ON \(table) FOR SELECT TO labkiosk_dashboard USING (true);

                """
        }
        for table in studyTables {
            sql += """
                DROP POLICY IF EXISTS study_reads ON \(table);
                CREATE POLICY study_reads ON \(table) FOR SELECT TO labkiosk_kiosk
                    USING (study IN (SELECT study FROM kiosk_study WHERE kiosk = current_user));

                """
        }
        return sql
    }

    public static func apply(_ database: any LabDatabase) throws {
        try database.transaction { try database.runScript(script) }
    }

    /// The kiosk this connection's role is, when it is in `labkiosk_kiosk`; nil for others
    /// (the owner, or a lab with no kiosk roles).
    public static func kioskRole(of database: PostgresConnection) throws -> String? {
        let row = try database.run("""
            SELECT current_user, EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
                                         WHERE g.rolname = $1 AND r.rolname = current_user)
            """, [.text(kioskGroup)]).first
        return row?[1] == "t" ? row?[0] ?? nil : nil
    }

    /// Grants a kiosk the reading of a study's roster and sessions from every kiosk (or takes
    /// that grant back). The kiosk need not have sent anything yet.
    public static func grant(study: String, to kiosk: String, on database: PostgresConnection) throws {
        try database.run("INSERT INTO kiosk_study(kiosk, study) VALUES ($1, $2) ON CONFLICT DO NOTHING", [.text(kiosk), .text(study)])
    }

    public static func revoke(study: String, from kiosk: String, on database: PostgresConnection) throws {
        try database.run("DELETE FROM kiosk_study WHERE kiosk = $1 AND study = $2", [.text(kiosk), .text(study)])
    }

    /// The studies each kiosk is granted, by kiosk.
    public static func grants(on database: PostgresConnection) throws -> [(kiosk: String, study: String)] {
        try database.run("SELECT kiosk, study FROM kiosk_study ORDER BY kiosk, study").map { ($0[0] ?? "", $0[1] ?? "") }
    }

    /// The longest name PostgreSQL keeps whole, in bytes of UTF-8 (NAMEDATALEN − 1): a longer
    /// one is cut, with a notice only, so that the role would not be the kiosk's name.
    public static let longestRoleName = 63

    /// Why `name` cannot be a role's name, or nil.
    public static func roleNameProblem(_ name: String) -> String? {
        if name.isEmpty || name.utf8.count > longestRoleName {
            return "a role's name is 1 to \(longestRoleName) bytes (\(name.debugDescription) is \(name.utf8.count)): PostgreSQL would cut a longer one"
        }
        return nil
    }

    /// Adds a login role for a kiosk or a dashboard. A password reaches the server only as a
    /// SCRAM-SHA-256 verifier made here by libpq; without one, the role can sign in only where
    /// the server trusts the system user of its name (peer authentication on its own socket).
    /// The role's name is quoted by the server.
    public static func addRole(_ name: String, password: String?, group: String, on database: PostgresConnection) throws {
        guard [kioskGroup, dashboardGroup].contains(group) else { throw LabDatabaseFailure("no such group: \(group)") }
        if let problem = roleNameProblem(name) { throw LabDatabaseFailure(problem) }
        var verifier = ""
        if let password {
            guard let made = database.encryptPassword(password, role: name) else {
                throw LabDatabaseFailure("libpq could not make the password's SCRAM verifier")
            }
            verifier = made
        }
        let format = password == nil ? "CREATE ROLE %I LOGIN IN ROLE %I" : "CREATE ROLE %I LOGIN IN ROLE %I PASSWORD %L"
        guard let statement = try database.value("SELECT format($1::text, $2::text, $3::text, $4::text)",
                                                 [.text(format), .text(name), .text(group), .text(verifier)]) else {
            throw LabDatabaseFailure("the server did not quote the role's name")
        }
        try database.runScript(statement)
    }
}
