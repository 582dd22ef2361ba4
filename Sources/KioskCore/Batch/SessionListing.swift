/// How `labkiosk sessions` shows the catalogue: a table for people, JSON for scripts.
public enum SessionListing {
    /// One line per session (and its progress line while it runs), a simulated participant's
    /// state marked `(simulated)`; with `details`, each block's state, times, figures and files
    /// below it.
    /// - Parameters:
    ///   - now: seconds since the epoch, for a running session's progress.
    ///   - clock: the local `HH:MM` of a moment.
    public static func table(_ sessions: [CatalogueSession], details: Bool, now: Int64, clock: (Int64) -> String) -> String {
        guard !sessions.isEmpty else { return "no sessions\n" }
        let visits = sessions.contains { $0.visit != nil }
        let rows = sessions.map { session in
            [session.participant, session.study] + (visits ? [session.visit ?? "-"] : [])
                + [session.started, session.state.rawValue + (session.simulated == nil ? "" : " (simulated)"),
                   "\(session.blocksDone)/\(session.blocks.count)", session.journal]
        }
        let header = ["participant", "study"] + (visits ? ["visit"] : []) + ["started", "state", "blocks", "journal"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0]) }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        var text = line(header)
        for (session, row) in zip(sessions, rows) {
            text += line(row)
            if let progress = session.progress {
                text += "    now: " + BatchProgressLine.text(participant: session.participant, blockCount: session.blocks.count,
                                                             progress: progress, now: now, clock: clock) + "\n"
            }
            guard details else { continue }
            for block in session.blocks {
                var described = "    \(block.place). \(block.title): \(block.state.rawValue)"
                if let began = block.began { described += ", began \(began)" }
                if let ended = block.ended { described += ", ended \(ended)" }
                if !block.figures.isEmpty {
                    described += "; " + block.figures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                }
                text += described + "\n"
                for file in block.files {
                    text += "       \(file.partial ? "partial " : "")\(file.path)  \(file.bytes) bytes  sha256 \(file.sha256)\n"
                }
            }
        }
        return text
    }

    /// The sessions as a JSON array, one object per session with its blocks and files.
    public static func json(_ sessions: [CatalogueSession]) -> String {
        var out = "[\n"
        for (index, session) in sessions.enumerated() {
            var fields: [(String, String)] = [
                ("participant", JSONText.quoted(session.participant)), ("study", JSONText.quoted(session.study)), ("plan", JSONText.quoted(session.plan)),
                ("journal", JSONText.quoted(session.journal)), ("started", JSONText.quoted(session.started)),
                ("completed", session.completed.map(JSONText.quoted) ?? "null"), ("state", JSONText.quoted(session.state.rawValue)),
                ("visit", session.visit.map(JSONText.quoted) ?? "null"), ("simulated", session.simulated.map(JSONText.quoted) ?? "null"),
            ]
            if let progress = session.progress {
                fields.append(("progress", JSONText.object([
                    ("block", "\(progress.place)"), ("title", JSONText.quoted(progress.title)), ("batch_started", "\(progress.batchStarted)"),
                    ("block_started", "\(progress.blockStarted)"), ("expected_end", "\(progress.expectedEnd)"),
                    ("self_paced_remain", progress.selfPacedRemain ? "true" : "false"),
                ])))
            }
            let blocks = session.blocks.map { block in
                JSONText.object([
                    ("block", "\(block.place)"), ("title", JSONText.quoted(block.title)), ("state", JSONText.quoted(block.state.rawValue)),
                    ("began", block.began.map(JSONText.quoted) ?? "null"), ("ended", block.ended.map(JSONText.quoted) ?? "null"),
                    ("figures", JSONText.object(block.figures.sorted { $0.key < $1.key }.map { ($0.key, JSONText.quoted($0.value)) })),
                    ("files", "[" + block.files.map { file in
                        JSONText.object([("path", JSONText.quoted(file.path)), ("bytes", "\(file.bytes)"), ("sha256", JSONText.quoted(file.sha256)),
                                ("partial", file.partial ? "true" : "false")])
                    }.joined(separator: ", ") + "]"),
                ])
            }
            fields.append(("blocks", "[" + blocks.joined(separator: ", ") + "]"))
            out += "  " + JSONText.object(fields) + (index + 1 < sessions.count ? ",\n" : "\n")
        }
        return out + "]\n"
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
