/// The functions through which a kiosk writes to the lab's PostgreSQL (docs/lab.md: Who may do
/// what): the kiosk group has no table privilege that writes, so every row a kiosk adds passes
/// one of these checks. Each runs as the database's owner (SECURITY DEFINER) with its own
/// search path, and takes the kiosk as its first argument: a kiosk's role may name only itself
/// (its `session_user`, which a kiosk cannot change); the owner, sending for a lab without
/// kiosk roles, names any kiosk. What a kiosk sent stays as it was sent: a later send that
/// differs is flagged (`refused_row`, `refused_file`) and kept out, never applied, except where
/// a session still running moves on (its blocks and figures, until its end is sent). The lab
/// hashes every file's bytes itself and stores them under that SHA-256 only.
enum LabFunctions {
    /// Those a kiosk may execute (LabAccess grants them).
    static let forKiosks = ["lab_contact", "lab_files_held", "lab_send_session", "lab_send_block", "lab_send_figure", "lab_end_session",
                            "lab_send_file", "lab_send_journal", "lab_offer_held_file", "lab_file_unsent", "lab_register", "lab_withdraw",
                            "lab_forget_visits", "lab_add_visit", "lab_send_certificate"]

    /// Every function, again and again without harm (`CREATE OR REPLACE`).
    static let script = """
        -- The kiosk a caller may write as: a kiosk's role is its own kiosk, whatever it asks; the
        -- owner of these functions (or a superuser) names the kiosk it sends for.
        CREATE OR REPLACE FUNCTION lab_kiosk(asked text) RETURNS text LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
        BEGIN
            IF EXISTS (SELECT FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
                       WHERE g.rolname = 'labkiosk_kiosk' AND r.rolname = session_user) THEN
                IF asked IS DISTINCT FROM session_user THEN
                    RAISE EXCEPTION 'kiosk % may not write as %', session_user, asked USING ERRCODE = 'insufficient_privilege';
                END IF;
                RETURN session_user;
            END IF;
            IF asked IS NOT NULL AND (session_user = current_user OR (SELECT rolsuper FROM pg_roles WHERE rolname = session_user)) THEN
                RETURN asked;
            END IF;
            RAISE EXCEPTION '% is neither a kiosk nor the owner of the lab''s tables', session_user USING ERRCODE = 'insufficient_privilege';
        END $$;

        -- A send kept out: what the lab has, and what was offered instead.
        CREATE OR REPLACE FUNCTION lab_refuse(sender text, what_refused text, kept_text text, offered_text text) RETURNS text
        LANGUAGE sql SET search_path = public, pg_temp AS $$
            INSERT INTO refused_row(kiosk, what, kept, offered) VALUES (sender, what_refused, coalesce(kept_text, ''), coalesce(offered_text, ''))
            ON CONFLICT DO NOTHING;
            SELECT 'refused';
        $$;

        CREATE OR REPLACE FUNCTION lab_contact(sender text) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        BEGIN
            INSERT INTO kiosk(name) VALUES (lab_kiosk(sender)) ON CONFLICT (name) DO UPDATE SET last_contact = now();
        END $$;

        -- The kiosk's own files and journals the lab holds (with their SHA-256), or files it was told it could not send.
        CREATE OR REPLACE FUNCTION lab_files_held(sender text) RETURNS TABLE (file_path text, file_sha256 text, unsent boolean)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
            SELECT coalesce(f.path, u.path), f.sha256, u.path IS NOT NULL
            FROM (SELECT path, sha256 FROM file WHERE kiosk = lab_kiosk(sender)
                  UNION ALL SELECT journal, sha256 FROM session_journal WHERE kiosk = lab_kiosk(sender)) f
            FULL JOIN (SELECT path FROM unsent_file WHERE kiosk = lab_kiosk(sender)) u ON u.path = f.path;
        $$;

        -- Where the lab files a participant of a study (LabDryRun): the study's dry run,
        -- `STUDY (simulated)`, for a simulated one. 'apart' (refused and flagged, nothing of it
        -- taken) for one the lab has on the other side, or a real one into a dry run's name.
        CREATE OR REPLACE FUNCTION lab_kept_apart(sender text, what_sent text, study_name text, participant_id text, simulated_by text)
        RETURNS text LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
        DECLARE
            other text := CASE WHEN simulated_by IS NULL THEN study_name || ' (simulated)' ELSE study_name END;
        BEGIN
            IF simulated_by IS NULL AND study_name LIKE '% (simulated)' THEN
                PERFORM lab_refuse(sender, what_sent, 'a real participant''s study may not be named like a dry run''s', study_name);
                RETURN 'apart';
            END IF;
            IF EXISTS (SELECT FROM session WHERE study = other AND participant = participant_id)
               OR EXISTS (SELECT FROM roster_entry WHERE study = other AND participant = participant_id) THEN
                PERFORM lab_refuse(sender, what_sent,
                    participant_id || CASE WHEN simulated_by IS NULL THEN ': a simulated participant of ' || other
                                           ELSE ': a real participant of ' || other END || ' in the lab',
                    CASE WHEN simulated_by IS NULL THEN 'a real participant' ELSE 'simulated (' || simulated_by || ')' END);
                RETURN 'apart';
            END IF;
            RETURN NULL;
        END $$;

        -- The old forms, before a session or registration said whether it was simulated.
        DROP FUNCTION IF EXISTS lab_send_session(text, text, text, text, text, text, text, text);
        DROP FUNCTION IF EXISTS lab_register(text, text, text, text, text, text);

        -- A session's row: new, or as the lab has it. 'open' while the lab has not had its end
        -- (its blocks and figures may still move), 'final' after, 'refused' when it differs,
        -- 'apart' when it would mix a simulated participant with a real one (lab_kept_apart).
        CREATE OR REPLACE FUNCTION lab_send_session(sender text, journal_path text, study_name text, plan_name text, participant_id text,
                                                    visit_name text, started_at text, order_lines text, simulated_by text DEFAULT NULL)
        RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            filed text := study_name || CASE WHEN simulated_by IS NULL THEN '' ELSE ' (simulated)' END;
            had session;
            apart text;
        BEGIN
            SELECT * INTO had FROM session WHERE kiosk = me AND journal = journal_path;
            IF NOT FOUND THEN
                apart := lab_kept_apart(me, 'session ' || journal_path, study_name, participant_id, simulated_by);
                IF apart IS NOT NULL THEN RETURN apart; END IF;
                INSERT INTO session(kiosk, journal, study, plan, participant, visit, started, orders, simulated)
                VALUES (me, journal_path, filed, plan_name, participant_id, visit_name, started_at, order_lines, simulated_by);
                RETURN 'open';
            END IF;
            IF (had.study, had.plan, had.participant, had.visit, had.started, had.orders, had.simulated)
               IS NOT DISTINCT FROM (filed, plan_name, participant_id, visit_name, started_at, order_lines, simulated_by) THEN
                RETURN CASE WHEN had.completed IS NULL THEN 'open' ELSE 'final' END;
            END IF;
            RETURN lab_refuse(me, 'session ' || journal_path,
                concat_ws(' · ', had.study, had.plan, had.participant, had.visit, had.started, had.orders, had.simulated),
                concat_ws(' · ', filed, plan_name, participant_id, visit_name, started_at, order_lines, simulated_by));
        END $$;

        -- A block of a session the kiosk sent: it moves while the session is open; after, it is
        -- as sent. 'open' (its figures come again: those the lab had are gone), 'same', 'refused'.
        CREATE OR REPLACE FUNCTION lab_send_block(sender text, journal_path text, block_place integer, plan_index integer, block_title text,
                                                  block_state text, began_at text, ended_at text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            running boolean;
            had block;
            known boolean;
        BEGIN
            SELECT completed IS NULL INTO running FROM session WHERE kiosk = me AND journal = journal_path;
            IF running IS NULL THEN RAISE EXCEPTION 'kiosk % has sent no session %', me, journal_path; END IF;
            SELECT * INTO had FROM block WHERE kiosk = me AND journal = journal_path AND place = block_place;
            known := FOUND;
            IF known AND (had.plan_block, had.title, had.state, had.began, had.ended)
                         IS NOT DISTINCT FROM (plan_index, block_title, block_state, began_at, ended_at) THEN
                RETURN 'same';
            END IF;
            IF running AND (NOT known OR (had.plan_block, had.title) IS NOT DISTINCT FROM (plan_index, block_title)) THEN
                INSERT INTO block(kiosk, journal, place, plan_block, title, state, began, ended)
                VALUES (me, journal_path, block_place, plan_index, block_title, block_state, began_at, ended_at)
                ON CONFLICT (kiosk, journal, place) DO UPDATE SET state = excluded.state, began = excluded.began, ended = excluded.ended;
                DELETE FROM figure WHERE kiosk = me AND journal = journal_path AND place = block_place;
                RETURN 'open';
            END IF;
            RETURN lab_refuse(me, 'block ' || block_place || ' of ' || journal_path,
                CASE WHEN known THEN concat_ws(' · ', had.plan_block, had.title, had.state, had.began, had.ended) END,
                concat_ws(' · ', plan_index, block_title, block_state, began_at, ended_at));
        END $$;

        CREATE OR REPLACE FUNCTION lab_send_figure(sender text, journal_path text, block_place integer, figure_name text, figure_value text)
        RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            running boolean;
            had text;
        BEGIN
            SELECT completed IS NULL INTO running FROM session WHERE kiosk = me AND journal = journal_path;
            IF running IS NULL THEN RAISE EXCEPTION 'kiosk % has sent no session %', me, journal_path; END IF;
            SELECT value INTO had FROM figure WHERE kiosk = me AND journal = journal_path AND place = block_place AND name = figure_name;
            IF had = figure_value THEN RETURN 'same'; END IF;
            IF running THEN
                INSERT INTO figure(kiosk, journal, place, name, value) VALUES (me, journal_path, block_place, figure_name, figure_value)
                ON CONFLICT (kiosk, journal, place, name) DO UPDATE SET value = excluded.value;
                RETURN 'open';
            END IF;
            RETURN lab_refuse(me, 'figure ' || figure_name || ' of block ' || block_place || ' of ' || journal_path, had, figure_value);
        END $$;

        -- The session's end (completed, or declined): once, then as sent.
        CREATE OR REPLACE FUNCTION lab_end_session(sender text, journal_path text, completed_at text, declined_reason text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            had session;
        BEGIN
            SELECT * INTO had FROM session WHERE kiosk = me AND journal = journal_path;
            IF NOT FOUND THEN RAISE EXCEPTION 'kiosk % has sent no session %', me, journal_path; END IF;
            IF (had.completed, had.declined) IS NOT DISTINCT FROM (completed_at, declined_reason) THEN RETURN 'same'; END IF;
            IF had.completed IS NULL THEN
                UPDATE session SET completed = completed_at, declined = declined_reason WHERE kiosk = me AND journal = journal_path;
                RETURN 'ended';
            END IF;
            RETURN lab_refuse(me, 'end of ' || journal_path, concat_ws(': ', had.completed, had.declined),
                              coalesce(concat_ws(': ', completed_at, declined_reason), 'not ended'));
        END $$;

        -- A file's bytes: hashed here, refused when they are not what the kiosk says it sends.
        -- 'sent'; 'there' (the lab has them under this path); 'refused' (it has others: flagged).
        CREATE OR REPLACE FUNCTION lab_send_file(sender text, journal_path text, block_place integer, file_path text, is_partial boolean,
                                                 claimed_sha256 text, file_bytes bytea) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            hashed text := encode(sha256(file_bytes), 'hex');
            had text;
        BEGIN
            IF hashed IS DISTINCT FROM claimed_sha256 THEN
                RAISE EXCEPTION 'the bytes of % reached the lab with SHA-256 %, not %', file_path, hashed, claimed_sha256
                    USING ERRCODE = 'data_corrupted';
            END IF;
            DELETE FROM unsent_file WHERE kiosk = me AND path = file_path;
            SELECT sha256 INTO had FROM file WHERE kiosk = me AND path = file_path;
            IF had = hashed THEN RETURN 'there'; END IF;
            IF had IS NOT NULL THEN
                INSERT INTO refused_file(kiosk, path, sent_sha256, offered_sha256) VALUES (me, file_path, had, hashed) ON CONFLICT DO NOTHING;
                RETURN 'refused';
            END IF;
            INSERT INTO content(sha256, bytes, data) VALUES (hashed, octet_length(file_bytes), file_bytes) ON CONFLICT (sha256) DO NOTHING;
            INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256)
            VALUES (me, file_path, journal_path, block_place, is_partial, octet_length(file_bytes), hashed);
            RETURN 'sent';
        END $$;

        -- A session's journal: hashed here; it only grows, so bytes that do not begin with those the
        -- lab holds are refused and flagged. 'sent', 'there' (as the lab has it), 'refused'.
        CREATE OR REPLACE FUNCTION lab_send_journal(sender text, journal_path text, claimed_sha256 text, journal_bytes bytea) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            hashed text := encode(sha256(journal_bytes), 'hex');
            had session_journal;
            held bytea;
        BEGIN
            IF hashed IS DISTINCT FROM claimed_sha256 THEN
                RAISE EXCEPTION 'the bytes of % reached the lab with SHA-256 %, not %', journal_path, hashed, claimed_sha256
                    USING ERRCODE = 'data_corrupted';
            END IF;
            IF NOT EXISTS (SELECT FROM session WHERE kiosk = me AND journal = journal_path) THEN
                RAISE EXCEPTION 'kiosk % has sent no session %', me, journal_path;
            END IF;
            SELECT * INTO had FROM session_journal WHERE kiosk = me AND journal = journal_path;
            IF FOUND AND had.sha256 = hashed THEN RETURN 'there'; END IF;
            IF FOUND THEN
                SELECT data INTO held FROM content WHERE sha256 = had.sha256;
                IF octet_length(journal_bytes) <= octet_length(held) OR substring(journal_bytes FROM 1 FOR octet_length(held)) <> held THEN
                    RETURN lab_refuse(me, 'journal ' || journal_path, had.bytes || ' bytes, sha256 ' || had.sha256,
                                      octet_length(journal_bytes) || ' bytes, sha256 ' || hashed);
                END IF;
            END IF;
            INSERT INTO content(sha256, bytes, data) VALUES (hashed, octet_length(journal_bytes), journal_bytes) ON CONFLICT (sha256) DO NOTHING;
            INSERT INTO session_journal(kiosk, journal, bytes, sha256) VALUES (me, journal_path, octet_length(journal_bytes), hashed)
            ON CONFLICT (kiosk, journal) DO UPDATE SET bytes = excluded.bytes, sha256 = excluded.sha256, received = now();
            RETURN 'sent';
        END $$;

        -- A file the lab holds, offered again (by its SHA-256 only): 'there', or 'refused' and
        -- flagged when the kiosk has other bytes now.
        CREATE OR REPLACE FUNCTION lab_offer_held_file(sender text, file_path text, offered_sha256 text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            had text;
        BEGIN
            DELETE FROM unsent_file WHERE kiosk = me AND path = file_path;
            SELECT sha256 INTO had FROM file WHERE kiosk = me AND path = file_path;
            IF had IS NULL THEN RAISE EXCEPTION 'kiosk % has sent no file %', me, file_path; END IF;
            IF had = offered_sha256 THEN RETURN 'there'; END IF;
            INSERT INTO refused_file(kiosk, path, sent_sha256, offered_sha256) VALUES (me, file_path, had, offered_sha256) ON CONFLICT DO NOTHING;
            RETURN 'refused';
        END $$;

        CREATE OR REPLACE FUNCTION lab_file_unsent(sender text, file_path text, why text) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        BEGIN
            INSERT INTO unsent_file(kiosk, path, reason) VALUES (lab_kiosk(sender), file_path, why)
            ON CONFLICT (kiosk, path) DO UPDATE SET reason = excluded.reason, noticed = now();
        END $$;

        -- A registration: its time must be a time; once in, it stays as sent. 'new', 'same',
        -- 'refused'; 'apart' when it would mix a simulated participant with a real one.
        CREATE OR REPLACE FUNCTION lab_register(sender text, study_name text, participant_id text, registered_at text, group_name text,
                                                registration_notes text, simulated_by text DEFAULT NULL) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            registered_time timestamp(0) := lab_time(registered_at);
            what_sent text := 'registration of ' || participant_id || ' for ' || study_name;
            filed text := study_name || CASE WHEN simulated_by IS NULL THEN '' ELSE ' (simulated)' END;
            had roster_entry;
            apart text;
        BEGIN
            IF registered_time IS NULL THEN RETURN lab_refuse(me, what_sent, 'a time such as 2026-11-24 18:05:12', registered_at); END IF;
            SELECT * INTO had FROM roster_entry WHERE kiosk = me AND study = filed AND participant = participant_id;
            IF NOT FOUND THEN
                apart := lab_kept_apart(me, what_sent, study_name, participant_id, simulated_by);
                IF apart IS NOT NULL THEN RETURN apart; END IF;
                INSERT INTO roster_entry(kiosk, study, participant, registered, assigned_group, notes, simulated)
                VALUES (me, filed, participant_id, registered_time, group_name, registration_notes, simulated_by);
                RETURN 'new';
            END IF;
            IF (had.registered, had.assigned_group, had.notes, had.simulated)
               IS NOT DISTINCT FROM (registered_time, group_name, registration_notes, simulated_by) THEN
                RETURN 'same';
            END IF;
            RETURN lab_refuse(me, what_sent, concat_ws(' · ', had.registered, had.assigned_group, had.notes, had.simulated),
                              concat_ws(' · ', registered_at, group_name, registration_notes, simulated_by));
        END $$;

        -- A withdrawal, added to the kiosk's registration; no send takes one away. 'new', 'same', 'refused'.
        CREATE OR REPLACE FUNCTION lab_withdraw(sender text, study_name text, participant_id text, withdrawn_at text, withdrawn_by_whom text,
                                                withdrawal_reason text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            what_sent text := 'withdrawal of ' || participant_id || ' from ' || study_name;
            offered text := concat_ws(' · ', withdrawn_at, withdrawn_by_whom, withdrawal_reason);
            had roster_entry;
        BEGIN
            IF lab_time(withdrawn_at) IS NULL THEN RETURN lab_refuse(me, what_sent, 'a time such as 2026-11-24 18:05:12', offered); END IF;
            -- On the study's side or its dry run's: the lab files a participant on one only.
            SELECT * INTO had FROM roster_entry
            WHERE kiosk = me AND study IN (study_name, study_name || ' (simulated)') AND participant = participant_id;
            IF NOT FOUND THEN RETURN lab_refuse(me, what_sent, 'no registration', offered); END IF;
            IF had.withdrawn IS NULL THEN
                UPDATE roster_entry SET withdrawn = withdrawn_at, withdrawn_by = withdrawn_by_whom, withdrawn_reason = withdrawal_reason
                WHERE kiosk = me AND study = had.study AND participant = participant_id;
                RETURN 'new';
            END IF;
            IF (had.withdrawn, had.withdrawn_by, had.withdrawn_reason) IS NOT DISTINCT FROM (withdrawn_at, withdrawn_by_whom, withdrawal_reason) THEN
                RETURN 'same';
            END IF;
            RETURN lab_refuse(me, what_sent, concat_ws(' · ', had.withdrawn, had.withdrawn_by, had.withdrawn_reason), offered);
        END $$;

        -- A study's visits as the kiosk's plan has them now: the earlier list goes, the new one comes.
        CREATE OR REPLACE FUNCTION lab_forget_visits(sender text, study_name text) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        BEGIN
            DELETE FROM study_visit WHERE kiosk = lab_kiosk(sender) AND study = study_name;
        END $$;

        CREATE OR REPLACE FUNCTION lab_add_visit(sender text, study_name text, visit_place integer, visit_name text, visit_day integer,
                                                 visit_window_days integer) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        BEGIN
            INSERT INTO study_visit(kiosk, study, place, visit, day, window_days)
            VALUES (lab_kiosk(sender), study_name, visit_place, visit_name, visit_day, visit_window_days);
        END $$;


        -- A timing certificate (docs/timing.md): new, or as the lab has it ('same'). One whose
        -- text is not a certificate made when it says, or that differs from the one the lab has
        -- under its path, is kept out and flagged ('refused').
        CREATE OR REPLACE FUNCTION lab_send_certificate(sender text, certificate_path text, made_at text, certificate_text text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DECLARE
            me text := lab_kiosk(sender);
            digest text := encode(sha256(convert_to(certificate_text, 'UTF8')), 'hex');
            had timing_certificate;
        BEGIN
            IF lab_time(made_at) IS NULL OR left(certificate_text, 28) <> E'labkiosk timing certificate\\n'
               OR position(E'\\nmade: ' || made_at || E'\\n' IN certificate_text) = 0 THEN
                RETURN lab_refuse(me, 'timing certificate ' || certificate_path, 'a timing certificate made when it says', left(certificate_text, 200));
            END IF;
            SELECT * INTO had FROM timing_certificate WHERE kiosk = me AND path = certificate_path;
            IF NOT FOUND THEN
                INSERT INTO timing_certificate(kiosk, path, made, certificate, sha256) VALUES (me, certificate_path, made_at, certificate_text, digest);
                RETURN 'new';
            END IF;
            IF had.sha256 = digest THEN RETURN 'same'; END IF;
            RETURN lab_refuse(me, 'timing certificate ' || certificate_path, had.sha256, digest);
        END $$;
        """
}
