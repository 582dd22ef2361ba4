import KioskCore

/// A send into the lab's PostgreSQL: every row through one of the functions that check what a
/// kiosk writes (LabFunctions), which name the kiosk themselves from the connection's role.
struct PostgresLabWriter: LabWriter {
    let database: any LabDatabase
    let kiosk: String

    /// `SELECT function($1, …)` with the kiosk first; its answer.
    private func call(_ function: String, _ arguments: [LabValue]) throws -> LabAnswer {
        let placeholders = (1...arguments.count + 1).map { "$\($0)" }.joined(separator: ", ")
        let answer = try database.value("SELECT \(function)(\(placeholders))", [.text(kiosk)] + arguments)
        guard let answer, let known = LabAnswer(rawValue: answer) else {
            throw LabDatabaseFailure("\(function) answered \(answer ?? "nothing"), which this build does not know")
        }
        return known
    }

    /// For a function that answers nothing.
    private func perform(_ function: String, _ arguments: [LabValue]) throws {
        let placeholders = (1...arguments.count + 1).map { "$\($0)" }.joined(separator: ", ")
        try database.run("SELECT \(function)(\(placeholders))", [.text(kiosk)] + arguments)
    }

    func contact() throws { try perform("lab_contact", []) }

    func filesHeld() throws -> [String: HeldFile] {
        var held: [String: HeldFile] = [:]
        for row in try database.run("SELECT file_path, file_sha256, unsent FROM lab_files_held($1)", [.text(kiosk)]) {
            held[row[0] ?? ""] = HeldFile(sha256: row[1], unsent: row[2] == "t")
        }
        return held
    }

    func session(_ journal: BatchJournal, at path: String) throws -> LabAnswer {
        try call("lab_send_session", [.text(path), .text(journal.study), .text(journal.plan), .text(journal.participant), .optional(journal.visit),
                                      .text(journal.runs.first ?? ""), .text(journal.orderDecisions.joined(separator: "\n")),
                                      .optional(journal.simulated)])
    }

    func block(_ block: BatchJournal.Block, place: Int, of path: String) throws -> LabAnswer {
        try call("lab_send_block", [.text(path), .integer(place), .integer(block.planIndex + 1), .text(block.title), .text(block.state.rawValue),
                                    .optional(block.began), .optional(block.ended)])
    }

    func figure(_ name: String, _ value: String, place: Int, of path: String) throws -> LabAnswer {
        try call("lab_send_figure", [.text(path), .integer(place), .text(name), .text(value)])
    }

    func end(_ journal: BatchJournal, at path: String) throws -> LabAnswer {
        try call("lab_end_session", [.text(path), .optional(journal.completed), .optional(journal.declined)])
    }

    func file(_ path: String, journal: String, place: Int, partial: Bool, sha256: String, bytes: [UInt8]) throws -> LabAnswer {
        try call("lab_send_file", [.text(journal), .integer(place), .text(path), .text(partial ? "true" : "false"), .text(sha256), .bytes(bytes)])
    }

    func journal(_ path: String, sha256: String, bytes: [UInt8]) throws -> LabAnswer {
        try call("lab_send_journal", [.text(path), .text(sha256), .bytes(bytes)])
    }

    func heldFile(_ path: String, sha256: String) throws -> LabAnswer {
        try call("lab_offer_held_file", [.text(path), .text(sha256)])
    }

    func unsent(_ path: String, because reason: String) throws {
        try perform("lab_file_unsent", [.text(path), .text(reason)])
    }

    func register(_ entry: RosterEntry, simulated: String?) throws -> LabAnswer {
        try call("lab_register", [.text(entry.study), .text(entry.participant), .text(entry.registered), .text(entry.group), .text(entry.notes),
                                  .optional(simulated)])
    }

    func withdraw(_ entry: RosterEntry, _ withdrawal: RosterEntry.Withdrawal) throws -> LabAnswer {
        try call("lab_withdraw", [.text(entry.study), .text(entry.participant), .text(withdrawal.time), .text(withdrawal.by),
                                  .text(withdrawal.reason)])
    }

    func visits(of study: DeskStudy) throws {
        try perform("lab_forget_visits", [.text(study.name)])
        for (place, visit) in study.visits.enumerated() {
            try perform("lab_add_visit", [.text(study.name), .integer(place + 1), .text(visit.name), .integer(visit.day), .integer(visit.windowDays)])
        }
    }

    func certificate(_ path: String, made: String, text: String) throws -> LabAnswer {
        try call("lab_send_certificate", [.text(path), .text(made), .text(text)])
    }
}
